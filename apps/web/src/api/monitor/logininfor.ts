import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** SysLogininfor: status '0' 成功 / '1' 失败. */
export interface LoginInfo {
  infoId: number;
  userName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  status: string;
  msg: string;
  loginTime: string;
}

export interface LoginInfoQuery {
  ipaddr?: string;
  userName?: string;
  status?: string;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

export function listLogininfor(query: object) {
  return http.get<TableResult<LoginInfo>>('/monitor/logininfor/list', query);
}

export function delLogininfor(infoIds: number[]) {
  return http.delete<AjaxResult>(`/monitor/logininfor/${infoIds.join(',')}`);
}

export function cleanLogininfor() {
  return http.delete<AjaxResult>('/monitor/logininfor/clean');
}

/** Clears the user's password lock (and the address limits that came with it). */
export function unlockLogininfor(userName: string) {
  return http.get<AjaxResult>(`/monitor/logininfor/unlock/${encodeURIComponent(userName)}`);
}
