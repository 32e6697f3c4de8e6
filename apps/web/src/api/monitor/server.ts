import type { ServerInfo } from '@acs/shared';
import type { AjaxResult } from '../../types/api';
import { http } from '../../utils/request';

export function getServer() {
  return http.get<AjaxResult<ServerInfo>>('/monitor/server');
}
