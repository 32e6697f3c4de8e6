import type { CacheOverview } from '@acs/shared';
import type { AjaxResult } from '../../types/api';
import { http } from '../../utils/request';

export interface SysCache {
  cacheName: string;
  cacheKey: string;
  cacheValue: string;
  remark: string;
  /** Remaining time to live in ms, -1 without expiry (getValue only). */
  ttl?: number;
}

/** Keys travel encoded: they may hold `/`, `:` or `%`. */
const part = (s: string) => encodeURIComponent(s);

export function getCache() {
  return http.get<AjaxResult<CacheOverview>>('/monitor/cache');
}

export function listCacheName() {
  return http.get<AjaxResult<SysCache[]>>('/monitor/cache/getNames');
}

/** `truncated`: the name holds more keys than the server lists. */
export function listCacheKey(cacheName: string) {
  return http.get<AjaxResult<string[]> & { truncated?: boolean }>(`/monitor/cache/getKeys/${part(cacheName)}`);
}

export function getCacheValue(cacheName: string, cacheKey: string) {
  return http.get<AjaxResult<SysCache>>(`/monitor/cache/getValue/${part(cacheName)}/${part(cacheKey)}`);
}

export function clearCacheName(cacheName: string) {
  return http.delete<AjaxResult>(`/monitor/cache/clearCacheName/${part(cacheName)}`);
}

export function clearCacheKey(cacheKey: string) {
  return http.delete<AjaxResult>(`/monitor/cache/clearCacheKey/${part(cacheKey)}`);
}

export function clearCacheAll() {
  return http.delete<AjaxResult>('/monitor/cache/clearCacheAll');
}
