import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { CacheKey } from '../../../core/cache-keys';
import { sysConfig } from '../../../db/schema';

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
  await deps.kv.set(cacheKey, row.value);
  return row.value;
}

/** Boolean switches such as sys.account.captchaEnabled: only the literal "false" turns them off. */
export async function isConfigEnabled(deps: Pick<AppDeps, 'kv' | 'database'>, key: string, defaultOn: boolean): Promise<boolean> {
  const v = (await getConfigValue(deps, key)).trim();
  if (v === '') return defaultOn;
  return v === 'true';
}
