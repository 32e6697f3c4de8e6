import { and, asc, eq, inArray, like, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { likePattern, orderBy, tableList, type ExcelColumn, type ListQuery } from '../../../core/list';
import { sysDictData } from '../../../db/schema';
import { refreshDictCache } from './cache';
import type { DictDataBody, DictDataFilters } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;
type DictDataRow = typeof sysDictData.$inferSelect;

/** SysDictData's `default` getter (isDefault == 'Y') is part of its JSON. */
const toJson = (row: DictDataRow) => ({ ...row, default: row.isDefault === 'Y' });

function where(q: DictDataFilters): SQL | undefined {
  return and(
    q.dictType ? eq(sysDictData.dictType, q.dictType) : undefined,
    q.dictLabel ? like(sysDictData.dictLabel, likePattern(q.dictLabel)) : undefined,
    q.status ? eq(sysDictData.status, q.status) : undefined,
  );
}

const sortable = { dictCode: sysDictData.dictCode, dictSort: sysDictData.dictSort, dictLabel: sysDictData.dictLabel, createTime: sysDictData.createTime };
const defaultOrder = [asc(sysDictData.dictSort), asc(sysDictData.dictCode)];

const dictData = (deps: Deps, q: DictDataFilters) => tableList(deps.database.db, sysDictData, where(q), orderBy(q, sortable, defaultOrder));

export async function listDictData(deps: Deps, q: DictDataFilters & ListQuery) {
  const page = await dictData(deps, q).page(q);
  return { rows: page.rows.map(toJson), total: page.total };
}

export function exportDictData(deps: Deps, q: DictDataFilters) {
  return dictData(deps, q).all();
}

export const DICT_DATA_COLUMNS: ExcelColumn<DictDataRow>[] = [
  { header: '字典编码', value: (r) => r.dictCode },
  { header: '字典排序', value: (r) => r.dictSort },
  { header: '字典标签', value: (r) => r.dictLabel },
  { header: '字典键值', value: (r) => r.dictValue },
  { header: '字典类型', value: (r) => r.dictType },
  { header: '是否默认', value: (r) => r.isDefault, dict: { Y: '是', N: '否' } },
  { header: '状态', value: (r) => r.status, dict: { '0': '正常', '1': '停用' } },
];

export async function getDictData(deps: Deps, dictCode: number) {
  const [row] = await deps.database.db.select().from(sysDictData).where(eq(sysDictData.dictCode, dictCode)).limit(1);
  return row ? toJson(row) : null;
}

const fieldsOf = (body: DictDataBody) => ({
  dictSort: body.dictSort ?? 0,
  dictLabel: body.dictLabel,
  dictValue: body.dictValue,
  dictType: body.dictType,
  cssClass: body.cssClass ?? null,
  listClass: body.listClass ?? null,
  isDefault: body.isDefault ?? 'N',
  status: body.status ?? '0',
  remark: body.remark ?? null,
});

/** Every type touched by a write is cached again, so GET /system/dict/data/type/{type} sees it at once. */
async function recache(deps: Deps, types: Iterable<string>) {
  for (const type of new Set(types)) await refreshDictCache(deps, type);
}

export async function insertDictData(deps: Deps, body: DictDataBody, operator: string): Promise<number> {
  const rows = await deps.database.db
    .insert(sysDictData)
    .values({ ...fieldsOf(body), createBy: operator, createTime: new Date(deps.now()) })
    .returning({ dictType: sysDictData.dictType });
  await recache(deps, rows.map((r) => r.dictType));
  return rows.length;
}

export async function updateDictData(deps: Deps, body: DictDataBody, operator: string): Promise<number> {
  const old = body.dictCode ? await getDictData(deps, body.dictCode) : null;
  if (!old) return 0;
  const rows = await deps.database.db
    .update(sysDictData)
    .set({ ...fieldsOf(body), updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(sysDictData.dictCode, old.dictCode))
    .returning({ dictType: sysDictData.dictType });
  await recache(deps, [old.dictType, body.dictType]);
  return rows.length;
}

export async function deleteDictData(deps: Deps, dictCodes: number[]): Promise<number> {
  const rows = await deps.database.db
    .delete(sysDictData)
    .where(inArray(sysDictData.dictCode, dictCodes))
    .returning({ dictType: sysDictData.dictType });
  await recache(deps, rows.map((r) => r.dictType));
  return rows.length;
}
