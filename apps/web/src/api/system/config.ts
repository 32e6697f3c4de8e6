import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** SysConfig; configType 'Y' built in (cannot be deleted), 'N' not. */
export interface Config {
  configId?: number;
  configName: string;
  configKey: string;
  configValue: string;
  configType: string;
  remark?: string | null;
  createTime?: string;
}

/** The server answers a config value in `msg`. */
export async function getConfigKey(configKey: string): Promise<string> {
  const res = await http.get<AjaxResult>(`/system/config/configKey/${encodeURIComponent(configKey)}`);
  return res.msg;
}

export function listConfig(query: object) {
  return http.get<TableResult<Config>>('/system/config/list', query);
}

export function getConfig(configId: number) {
  return http.get<AjaxResult<Config>>(`/system/config/${configId}`);
}

export function addConfig(data: Config) {
  return http.post<AjaxResult>('/system/config', data);
}

export function updateConfig(data: Config) {
  return http.put<AjaxResult>('/system/config', data);
}

export function delConfig(configIds: number | number[]) {
  return http.delete<AjaxResult>(`/system/config/${[configIds].flat().join(',')}`);
}

export function refreshConfigCache() {
  return http.delete<AjaxResult>('/system/config/refreshCache');
}
