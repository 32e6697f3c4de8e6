import type { OnlineUser } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

export interface OnlineQuery {
  ipaddr?: string;
  userName?: string;
}

/** Every session at once (not paged by the server; the screen pages it). */
export function listOnline(query: OnlineQuery) {
  return http.get<TableResult<OnlineUser>>('/monitor/online/list', query);
}

export function forceLogout(tokenId: string) {
  return http.delete<AjaxResult>(`/monitor/online/${tokenId}`);
}

/** 批量强退; `data` is how many sessions were still live. */
export function batchLogout(tokenIds: string[]) {
  return http.delete<AjaxResult<number>>('/monitor/online/batchLogout', { tokenIds: tokenIds.join(',') });
}
