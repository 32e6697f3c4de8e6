import type { AjaxResult } from '../../types/api';
import { http } from '../../utils/request';

/** The server answers a config value in `msg`. */
export async function getConfigKey(configKey: string): Promise<string> {
  const res = await http.get<AjaxResult>(`/system/config/configKey/${encodeURIComponent(configKey)}`);
  return res.msg;
}
