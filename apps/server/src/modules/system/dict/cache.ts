import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { CacheKey } from '../../../core/cache-keys';
import { toWireJson } from '../../../core/time';
import { sysDictData } from '../../../db/schema';

type Deps = Pick<AppDeps, 'kv' | 'database'>;

/** A dict data row exactly as the client receives it (dates already in wire format, `default` getter). */
export type DictDataJson = Record<string, unknown>;

async function loadNormalRows(deps: Deps, dictType: string): Promise<DictDataJson[]> {
  const rows = await deps.database.db
    .select()
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, '0')))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
  // The cache holds plain JSON, so dates are stored in the wire format the response would use.
  return JSON.parse(toWireJson(rows.map((r) => ({ ...r, default: r.isDefault === 'Y' })))) as DictDataJson[];
}

/** Re-reads one type into `sys_dict:<type>` (call after any write to that type's data); empty types are evicted. */
export async function refreshDictCache(deps: Deps, dictType: string): Promise<DictDataJson[]> {
  const rows = await loadNormalRows(deps, dictType);
  if (rows.length > 0) await deps.kv.set(CacheKey.SYS_DICT + dictType, rows);
  else await deps.kv.del(CacheKey.SYS_DICT + dictType);
  return rows;
}

/** Normal data of a type sorted by dict_sort: cache first, then the table. */
export async function getDictDataByType(deps: Deps, dictType: string): Promise<DictDataJson[]> {
  const cached = await deps.kv.get<DictDataJson[]>(CacheKey.SYS_DICT + dictType);
  return cached ?? refreshDictCache(deps, dictType);
}

/** 刷新缓存: drops every `sys_dict:*` key and caches the normal data of every type again. */
export async function reloadDictCache(deps: Deps): Promise<void> {
  const stale = await deps.kv.keys(CacheKey.SYS_DICT);
  if (stale.length > 0) await deps.kv.del(...stale);
  const types = await deps.database.db.selectDistinct({ dictType: sysDictData.dictType }).from(sysDictData).where(eq(sysDictData.status, '0'));
  for (const { dictType } of types) await refreshDictCache(deps, dictType);
}

export async function evictDictCache(deps: Deps, dictType: string): Promise<void> {
  await deps.kv.del(CacheKey.SYS_DICT + dictType);
}
