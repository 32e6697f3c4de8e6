import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { CacheKey } from '../../../core/cache-keys';
import { sysConfig } from '../../../db/schema';

/**
 * Lifetime of a cached value. RuoYi caches parameters forever, so a value changed behind the application
 * (SQL console, migration, restore) stayed stale until someone pressed 刷新缓存. Start-up reloads the
 * cache; the expiry is the safety net for changes made while instances run: one table read per key and period.
 */
export const CONFIG_CACHE_TTL_MS = 10 * 60_000;

/** selectConfigByKey: cache first, then the table (and cache it), else "". */
export async function getConfigValue(deps: Pick<AppDeps, 'kv' | 'database'>, key: string): Promise<string> {
  const cacheKey = CacheKey.SYS_CONFIG + key;
  const cached = await deps.kv.get<string>(cacheKey);
  if (cached !== null) return cached;
  const [row] = await deps.database.db
    .select({ value: sysConfig.configValue })
    .from(sysConfig)
    .where(eq(sysConfig.configKey, key))
    .limit(1);
  if (!row) return '';
  await cacheConfigValue(deps, key, row.value);
  return row.value;
}

/** Boolean switches such as sys.account.captchaEnabled: only the literal "false" turns them off. */
export async function isConfigEnabled(deps: Pick<AppDeps, 'kv' | 'database'>, key: string, defaultOn: boolean): Promise<boolean> {
  const v = (await getConfigValue(deps, key)).trim();
  if (v === '') return defaultOn;
  return v === 'true';
}

export async function cacheConfigValue(deps: Pick<AppDeps, 'kv'>, key: string, value: string): Promise<void> {
  await deps.kv.set(CacheKey.SYS_CONFIG + key, value, CONFIG_CACHE_TTL_MS);
}

export async function evictConfigValue(deps: Pick<AppDeps, 'kv'>, key: string): Promise<void> {
  await deps.kv.del(CacheKey.SYS_CONFIG + key);
}

/** 刷新缓存 and start-up: drops every `sys_config:*` key and caches every row again. */
export async function reloadConfigCache(deps: Pick<AppDeps, 'kv' | 'database'>): Promise<void> {
  const stale = await deps.kv.keys(CacheKey.SYS_CONFIG);
  if (stale.length > 0) await deps.kv.del(...stale);
  const rows = await deps.database.db.select({ key: sysConfig.configKey, value: sysConfig.configValue }).from(sysConfig);
  for (const row of rows) await cacheConfigValue(deps, row.key, row.value);
}
