import { and, asc, eq, inArray, like, ne, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { dayRange, likePattern, orderBy, tableList, type ExcelColumn, type ListQuery } from '../../../core/list';
import { sysConfig } from '../../../db/schema';
import type { ConfigBody, ConfigFilters } from './schema';
import { cacheConfigValue, evictConfigValue } from './service';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;
type ConfigRow = typeof sysConfig.$inferSelect;

function where(q: ConfigFilters): SQL | undefined {
  return and(
    q.configName ? like(sysConfig.configName, likePattern(q.configName)) : undefined,
    q.configKey ? like(sysConfig.configKey, likePattern(q.configKey)) : undefined,
    q.configType ? eq(sysConfig.configType, q.configType) : undefined,
    ...dayRange(sysConfig.createTime, q),
  );
}

const sortable = { configId: sysConfig.configId, configName: sysConfig.configName, configKey: sysConfig.configKey, createTime: sysConfig.createTime };
const defaultOrder = [asc(sysConfig.configId)];

const configs = (deps: Deps, q: ConfigFilters) => tableList(deps.database.db, sysConfig, where(q), orderBy(q, sortable, defaultOrder));

export function listConfigs(deps: Deps, q: ConfigFilters & ListQuery) {
  return configs(deps, q).page(q);
}

export function exportConfigs(deps: Deps, q: ConfigFilters) {
  return configs(deps, q).all();
}

export const CONFIG_COLUMNS: ExcelColumn<ConfigRow>[] = [
  { header: '参数主键', value: (r) => r.configId },
  { header: '参数名称', value: (r) => r.configName },
  { header: '参数键名', value: (r) => r.configKey },
  { header: '参数键值', value: (r) => r.configValue },
  { header: '系统内置', value: (r) => r.configType, dict: { Y: '是', N: '否' } },
];

export async function getConfig(deps: Deps, configId: number): Promise<ConfigRow | null> {
  const [row] = await deps.database.db.select().from(sysConfig).where(eq(sysConfig.configId, configId)).limit(1);
  return row ?? null;
}

async function assertUnique(deps: Deps, body: ConfigBody, verb: '新增' | '修改') {
  const [clash] = await deps.database.db
    .select({ configId: sysConfig.configId })
    .from(sysConfig)
    .where(and(eq(sysConfig.configKey, body.configKey), body.configId ? ne(sysConfig.configId, body.configId) : undefined))
    .limit(1);
  if (clash) throw new ServiceError(`${verb}参数'${body.configName}'失败，参数键名已存在`);
}

const fieldsOf = (body: ConfigBody) => ({
  configName: body.configName,
  configKey: body.configKey,
  configValue: body.configValue,
  configType: body.configType ?? 'N',
  remark: body.remark ?? null,
});

export async function insertConfig(deps: Deps, body: ConfigBody, operator: string): Promise<number> {
  await assertUnique(deps, { ...body, configId: undefined }, '新增');
  const rows = await deps.database.db
    .insert(sysConfig)
    .values({ ...fieldsOf(body), createBy: operator, createTime: new Date(deps.now()) })
    .returning({ configKey: sysConfig.configKey });
  for (const row of rows) await cacheConfigValue(deps, row.configKey, body.configValue);
  return rows.length;
}

/** The cache follows the row; a renamed key leaves no stale entry behind. */
export async function updateConfig(deps: Deps, body: ConfigBody, operator: string): Promise<number> {
  const old = body.configId ? await getConfig(deps, body.configId) : null;
  if (!old) return 0;
  await assertUnique(deps, body, '修改');
  const rows = await deps.database.db
    .update(sysConfig)
    .set({ ...fieldsOf(body), updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(sysConfig.configId, old.configId))
    .returning({ configKey: sysConfig.configKey });
  if (old.configKey !== body.configKey) await evictConfigValue(deps, old.configKey);
  await cacheConfigValue(deps, body.configKey, body.configValue);
  return rows.length;
}

/** Built-in parameters are refused, and then nothing of the batch is deleted (upstream deleted the ones before). */
export async function deleteConfigs(deps: Deps, configIds: number[]): Promise<number> {
  const removed = await deps.database.db.transaction(async (tx) => {
    const [builtIn] = await tx
      .select({ configKey: sysConfig.configKey })
      .from(sysConfig)
      .where(and(inArray(sysConfig.configId, configIds), eq(sysConfig.configType, 'Y')))
      .orderBy(asc(sysConfig.configId))
      .limit(1);
    // The trailing space is upstream's message, kept for wire compatibility.
    if (builtIn) throw new ServiceError(`内置参数【${builtIn.configKey}】不能删除 `);
    return tx.delete(sysConfig).where(inArray(sysConfig.configId, configIds)).returning({ configKey: sysConfig.configKey });
  });
  for (const { configKey } of removed) await evictConfigValue(deps, configKey);
  return removed.length;
}
