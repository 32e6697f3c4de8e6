import { z } from 'zod';
import { CacheKey } from '../../../core/cache-keys';

/**
 * The cache names of 缓存列表 in the contract's order with its remarks (§5.11), then our own
 * session index. Nothing outside these prefixes can be listed, read or cleared.
 */
export const CACHE_NAMES = [
  { cacheName: CacheKey.LOGIN_TOKENS, remark: '用户信息' },
  { cacheName: CacheKey.SYS_CONFIG, remark: '配置信息' },
  { cacheName: CacheKey.SYS_DICT, remark: '数据字典' },
  { cacheName: CacheKey.CAPTCHA_CODES, remark: '验证码' },
  { cacheName: CacheKey.REPEAT_SUBMIT, remark: '防重提交' },
  { cacheName: CacheKey.RATE_LIMIT, remark: '限流处理' },
  { cacheName: CacheKey.PWD_ERR_CNT, remark: '密码错误次数' },
  { cacheName: CacheKey.USER_SESSIONS, remark: '用户会话索引' },
] as const;

export type CacheName = (typeof CACHE_NAMES)[number]['cacheName'];

export const CacheMsg = {
  BAD_NAME: '缓存名称不合法',
  BAD_KEY: '缓存键名不合法',
  NO_KEY: '缓存键名不存在或已过期',
  OWN_SESSION: '不能清理当前登录会话',
  INDEX_ONLY: '用户会话索引随用户信息一起清理，不能单独清理',
} as const;

/** Longest key accepted in a path; the store's own keys are far shorter. */
export const CACHE_KEY_MAX = 512;

const names = new Set<string>(CACHE_NAMES.map((n) => n.cacheName));
export const isCacheName = (s: string): s is CacheName => names.has(s);

/** The known name a key belongs to, if any. */
export const cacheNameOf = (key: string): CacheName | undefined => CACHE_NAMES.find((n) => key.startsWith(n.cacheName))?.cacheName;

export const cacheNameParam = z
  .string()
  .max(64, CacheMsg.BAD_NAME)
  .refine(isCacheName, CacheMsg.BAD_NAME)
  .transform((s) => s as CacheName);

/**
 * A full key under a known name. Glob characters are refused although keys are only ever used
 * literally: no key the server writes needs them, and a pattern must never reach the store.
 */
export const cacheKeyParam = z
  .string()
  .max(CACHE_KEY_MAX, CacheMsg.BAD_KEY)
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .refine((k) => !/[*?[\]\\\u0000-\u001f\u007f]/.test(k) && cacheNameOf(k) !== undefined && cacheNameOf(k) !== k, CacheMsg.BAD_KEY);
