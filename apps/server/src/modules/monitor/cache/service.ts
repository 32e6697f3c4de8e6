import type { CacheOverview } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { CacheKey } from '../../../core/cache-keys';
import { ServiceError } from '../../../core/errors';
import { deleteSession, endSessionsOfUser, type LoginSession } from '../../../core/auth';
import { MemoryKv, RedisKv } from '../../../infra/kv';
import { CACHE_NAMES, CacheMsg, cacheNameOf, type CacheName } from './schema';

type Deps = Pick<AppDeps, 'kv' | 'now'>;

/** Keys listed per name in 缓存列表; a name holding more says so instead of sending them all. */
export const MAX_LISTED_KEYS = 1000;
/** Keys counted per name on 缓存监控. */
const MAX_COUNTED_KEYS = 10_000;
const DELETE_BATCH = 500;

type CommandStat = CacheOverview['commandStats'][number];
type PrefixCount = CacheOverview['prefixes'][number];

/** Flat map of every `field:value` line of INFO (section headers and blanks skipped). */
export function parseInfo(text: string): Record<string, string> {
  const info: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) info[line.slice(0, at)] = line.slice(at + 1);
  }
  return info;
}

/** `cmdstat_get:calls=12,usec=…` lines as the contract's `{name:'get', value:'12'}`. */
export function parseCommandStats(text: string): CommandStat[] {
  const stats: CommandStat[] = [];
  for (const [field, value] of Object.entries(parseInfo(text))) {
    const calls = /(?:^|,)calls=(\d+)/.exec(value);
    if (field.startsWith('cmdstat_') && calls) stats.push({ name: field.slice('cmdstat_'.length), value: calls[1] });
  }
  return stats;
}

/** Redis' own memory format (`used_memory_human`): `12B`, `1.50K`, `3.25M`, `1.00G`. */
export function humanBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  const units = ['K', 'M', 'G', 'T'];
  let n = bytes / 1024;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${n.toFixed(2)}${units[u]}`;
}

async function countByName(deps: Deps): Promise<{ prefixes: PrefixCount[]; complete: boolean }> {
  const { keys, complete } = await deps.kv.scanKeys('', MAX_COUNTED_KEYS);
  const counts = new Map<string, number>();
  for (const key of keys) {
    const name = cacheNameOf(key);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return { prefixes: CACHE_NAMES.map((n) => ({ ...n, keys: counts.get(n.cacheName) ?? 0 })), complete };
}

/** The in-process store described with the INFO field names their Redis counterparts carry. */
function memoryInfo(kv: MemoryKv, now: number): Pick<CacheOverview, 'info' | 'dbSize' | 'commandStats'> {
  const s = kv.stats();
  const uptime = Math.max(0, Math.floor((now - s.startedAt) / 1000));
  const total = Object.values(s.commands).reduce((a, b) => a + b, 0);
  return {
    info: {
      uptime_in_seconds: String(uptime),
      uptime_in_days: String(Math.floor(uptime / 86400)),
      used_memory: String(s.bytesEstimate),
      used_memory_human: humanBytes(s.bytesEstimate),
      keyspace_hits: String(s.hits),
      keyspace_misses: String(s.misses),
      total_commands_processed: String(total),
    },
    dbSize: s.entries,
    commandStats: Object.entries(s.commands)
      .filter(([, calls]) => calls > 0)
      .map(([name, calls]) => ({ name, value: String(calls) })),
  };
}

export async function cacheOverview(deps: Deps): Promise<CacheOverview> {
  const { kv } = deps;
  const { prefixes, complete } = await countByName(deps);
  if (kv instanceof RedisKv) {
    const [info, commands, dbSize] = await Promise.all([kv.redis.info(), kv.redis.info('commandstats'), kv.redis.dbsize()]);
    return { info: parseInfo(info), dbSize, commandStats: parseCommandStats(commands), kind: 'redis', prefixes, prefixesComplete: complete };
  }
  if (!(kv instanceof MemoryKv)) throw new ServiceError('不支持的缓存存储');
  return { ...memoryInfo(kv, deps.now()), kind: 'memory', prefixes, prefixesComplete: complete };
}

export function cacheNames() {
  return CACHE_NAMES.map((n) => ({ cacheName: n.cacheName, cacheKey: '', cacheValue: '', remark: n.remark }));
}

/** Sorted keys of one name, at most MAX_LISTED_KEYS. */
export async function cacheKeys(deps: Deps, name: CacheName): Promise<{ keys: string[]; complete: boolean }> {
  const { keys, complete } = await deps.kv.scanKeys(name, MAX_LISTED_KEYS);
  return { keys: keys.sort(), complete };
}

export async function cacheValue(deps: Deps, name: CacheName, key: string) {
  if (!key.startsWith(name)) throw new ServiceError(CacheMsg.BAD_KEY);
  const [value, ttl] = await Promise.all([deps.kv.get<unknown>(key), deps.kv.ttl(key)]);
  if (value === null || ttl === -2) throw new ServiceError(CacheMsg.NO_KEY);
  return {
    cacheName: name.replaceAll(':', ''),
    cacheKey: key.slice(name.length),
    cacheValue: JSON.stringify(value),
    remark: '',
    /** Remaining time to live in ms, -1 without expiry (ours). */
    ttl,
  };
}

async function deleteAll(deps: Deps, keys: string[]): Promise<number> {
  let n = 0;
  for (let i = 0; i < keys.length; i += DELETE_BATCH) n += await deps.kv.del(...keys.slice(i, i + DELETE_BATCH));
  return n;
}

/**
 * Ends every session but the caller's: through each user's index first, so the indexes stay
 * true (the caller's keeps its own token), then any session no index lists.
 */
async function endOtherSessions(deps: Deps, me: LoginSession): Promise<number> {
  let ended = 0;
  for (const indexKey of await deps.kv.keys(CacheKey.USER_SESSIONS)) {
    const userId = Number(indexKey.slice(CacheKey.USER_SESSIONS.length));
    if (Number.isSafeInteger(userId)) ended += await endSessionsOfUser(deps, userId, userId === me.userId ? me.tokenId : undefined);
  }
  const own = CacheKey.LOGIN_TOKENS + me.tokenId;
  return ended + (await deleteAll(deps, (await deps.kv.keys(CacheKey.LOGIN_TOKENS)).filter((k) => k !== own)));
}

/** Clears one name; sessions go with their indexes and never the caller's own. Returns the keys removed. */
export async function clearCacheName(deps: Deps, me: LoginSession, name: CacheName): Promise<number> {
  if (name === CacheKey.USER_SESSIONS) throw new ServiceError(CacheMsg.INDEX_ONLY);
  if (name === CacheKey.LOGIN_TOKENS) return endOtherSessions(deps, me);
  return deleteAll(deps, await deps.kv.keys(name));
}

export async function clearCacheKey(deps: Deps, me: LoginSession, key: string): Promise<number> {
  const name = cacheNameOf(key);
  if (name === CacheKey.USER_SESSIONS) throw new ServiceError(CacheMsg.INDEX_ONLY);
  if (name === CacheKey.LOGIN_TOKENS) {
    const tokenId = key.slice(name.length);
    if (tokenId === me.tokenId) throw new ServiceError(CacheMsg.OWN_SESSION);
    return (await deleteSession(deps, tokenId)) ? 1 : deps.kv.del(key);
  }
  return deps.kv.del(key);
}

/** 清理全部: every listed name (the session index with the sessions), the caller's session kept. */
export async function clearCacheAll(deps: Deps, me: LoginSession): Promise<number> {
  let n = 0;
  for (const { cacheName } of CACHE_NAMES) if (cacheName !== CacheKey.USER_SESSIONS) n += await clearCacheName(deps, me, cacheName);
  return n;
}
