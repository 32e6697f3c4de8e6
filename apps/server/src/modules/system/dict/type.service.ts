import { and, asc, eq, inArray, like, ne, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { dayRange, likePattern, orderBy, tableList, type ExcelColumn, type ListQuery } from '../../../core/list';
import { sysDictData, sysDictType } from '../../../db/schema';
import { evictDictCache, refreshDictCache } from './cache';
import type { DictTypeBody, DictTypeFilters } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;
type DictTypeRow = typeof sysDictType.$inferSelect;

function where(q: DictTypeFilters): SQL | undefined {
  return and(
    q.dictName ? like(sysDictType.dictName, likePattern(q.dictName)) : undefined,
    q.dictType ? like(sysDictType.dictType, likePattern(q.dictType)) : undefined,
    q.status ? eq(sysDictType.status, q.status) : undefined,
    ...dayRange(sysDictType.createTime, q),
  );
}

const sortable = { dictId: sysDictType.dictId, dictName: sysDictType.dictName, dictType: sysDictType.dictType, createTime: sysDictType.createTime };
const defaultOrder = [asc(sysDictType.dictId)];

const dictTypes = (deps: Deps, q: DictTypeFilters) => tableList(deps.database.db, sysDictType, where(q), orderBy(q, sortable, defaultOrder));

export function listDictTypes(deps: Deps, q: DictTypeFilters & ListQuery) {
  return dictTypes(deps, q).page(q);
}

export function exportDictTypes(deps: Deps, q: DictTypeFilters) {
  return dictTypes(deps, q).all();
}

export const DICT_TYPE_COLUMNS: ExcelColumn<DictTypeRow>[] = [
  { header: '字典主键', value: (r) => r.dictId },
  { header: '字典名称', value: (r) => r.dictName },
  { header: '字典类型', value: (r) => r.dictType },
  { header: '状态', value: (r) => r.status, dict: { '0': '正常', '1': '停用' } },
];

export async function getDictType(deps: Deps, dictId: number): Promise<DictTypeRow | null> {
  const [row] = await deps.database.db.select().from(sysDictType).where(eq(sysDictType.dictId, dictId)).limit(1);
  return row ?? null;
}

export function allDictTypes(deps: Deps) {
  return deps.database.db.select().from(sysDictType).orderBy(...defaultOrder);
}

async function assertUnique(deps: Deps, body: DictTypeBody, verb: '新增' | '修改') {
  const [clash] = await deps.database.db
    .select({ dictId: sysDictType.dictId })
    .from(sysDictType)
    .where(and(eq(sysDictType.dictType, body.dictType), body.dictId ? ne(sysDictType.dictId, body.dictId) : undefined))
    .limit(1);
  if (clash) throw new ServiceError(`${verb}字典'${body.dictName}'失败，字典类型已存在`);
}

const fieldsOf = (body: DictTypeBody) => ({
  dictName: body.dictName,
  dictType: body.dictType,
  status: body.status ?? '0',
  remark: body.remark ?? null,
});

export async function insertDictType(deps: Deps, body: DictTypeBody, operator: string): Promise<number> {
  await assertUnique(deps, { ...body, dictId: undefined }, '新增');
  const rows = await deps.database.db
    .insert(sysDictType)
    .values({ ...fieldsOf(body), createBy: operator, createTime: new Date(deps.now()) })
    .returning({ dictId: sysDictType.dictId });
  return rows.length;
}

/** A renamed type takes its data rows along; the cache moves to the new name. */
export async function updateDictType(deps: Deps, body: DictTypeBody, operator: string): Promise<number> {
  const old = body.dictId ? await getDictType(deps, body.dictId) : null;
  if (!old) return 0;
  await assertUnique(deps, body, '修改');
  const changed = await deps.database.db.transaction(async (tx) => {
    if (old.dictType !== body.dictType) {
      await tx.update(sysDictData).set({ dictType: body.dictType }).where(eq(sysDictData.dictType, old.dictType));
    }
    const rows = await tx
      .update(sysDictType)
      .set({ ...fieldsOf(body), updateBy: operator, updateTime: new Date(deps.now()) })
      .where(eq(sysDictType.dictId, old.dictId))
      .returning({ dictId: sysDictType.dictId });
    return rows.length;
  });
  if (old.dictType !== body.dictType) await evictDictCache(deps, old.dictType);
  await refreshDictCache(deps, body.dictType);
  return changed;
}

/** Refused as a whole while any of the types still has data. */
export async function deleteDictTypes(deps: Deps, dictIds: number[]): Promise<number> {
  const removed = await deps.database.db.transaction(async (tx) => {
    const [inUse] = await tx
      .selectDistinct({ dictName: sysDictType.dictName })
      .from(sysDictType)
      .innerJoin(sysDictData, eq(sysDictData.dictType, sysDictType.dictType))
      .where(inArray(sysDictType.dictId, dictIds))
      .limit(1);
    if (inUse) throw new ServiceError(`${inUse.dictName}已分配,不能删除`);
    return tx.delete(sysDictType).where(inArray(sysDictType.dictId, dictIds)).returning({ dictType: sysDictType.dictType });
  });
  for (const { dictType } of removed) await evictDictCache(deps, dictType);
  return removed.length;
}
