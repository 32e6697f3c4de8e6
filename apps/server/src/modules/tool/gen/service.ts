import { and, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { dayRange, likePattern, orderBy, tableList } from '../../../core/list';
import type { Db } from '../../../db/client';
import { genTable, genTableColumn } from '../../../db/schema';
import type { GenOptions } from './options';
import { allTables, columnsByTable, columnsOf, tableById, tableByName } from './repository';
import type { GenListQuery, GenTableBody } from './schema';
import { genTableJson } from './wire';

type Deps = Pick<AppDeps, 'database' | 'now'>;

const sortable = { tableId: genTable.tableId, tableName: genTable.tableName, createTime: genTable.createTime, updateTime: genTable.updateTime };

export async function listGenTables(deps: Deps, q: GenListQuery) {
  const filter = and(
    q.tableName ? ilike(genTable.tableName, likePattern(q.tableName)) : undefined,
    q.tableComment ? ilike(genTable.tableComment, likePattern(q.tableComment)) : undefined,
    ...dayRange(genTable.createTime, q),
  );
  const page = await tableList(deps.database.db, genTable, filter, orderBy(q, sortable, [desc(genTable.tableId)])).page(q);
  return { rows: page.rows.map((row) => genTableJson(row)), total: page.total };
}

/** GET /tool/gen/{id}: the table, its columns, and every imported table with its columns (the sub-table select). */
export async function genTableDetail(deps: Deps, tableId: number) {
  const { db } = deps.database;
  const row = await tableById(db, tableId);
  if (!row) return null;
  const tables = await allTables(db);
  const columns = await columnsByTable(db, tables.map((t) => t.tableId));
  const own = columns.get(tableId) ?? [];
  return { info: genTableJson(row, own), rows: own, tables: tables.map((t) => genTableJson(t, columns.get(t.tableId))) };
}

export function genColumns(deps: Deps, tableId: number) {
  return columnsOf(deps.database.db, tableId);
}

/** The stored options of an edit: tree fields only for the tree template, always the menu and detail-page settings. */
function optionsOf(body: GenTableBody): string {
  const p = body.params ?? {};
  const options: GenOptions = {
    ...(body.tplCategory === 'tree' ? { treeCode: p.treeCode ?? undefined, treeParentCode: p.treeParentCode ?? undefined, treeName: p.treeName ?? undefined } : {}),
    parentMenuId: p.parentMenuId ?? undefined,
    parentMenuName: p.parentMenuName ?? undefined,
    genView: p.genView === true || p.genView === '1',
  };
  const text = JSON.stringify(options);
  if (text.length > 1000) throw new ServiceError('其他生成选项过长');
  return text;
}

/** The references of the tree and sub settings point at real columns and an imported table. */
async function checkReferences(db: Db, body: GenTableBody, columnNames: Set<string>) {
  const p = body.params ?? {};
  if (body.tplCategory === 'tree') {
    const labels = { treeCode: '树编码字段', treeParentCode: '树父编码字段', treeName: '树名称字段' } as const;
    for (const key of Object.keys(labels) as (keyof typeof labels)[]) {
      if (!columnNames.has(p[key] ?? '')) throw new ServiceError(`${labels[key]}不是本表的字段`);
    }
  }
  if (body.tplCategory === 'sub') {
    const sub = await tableByName(db, body.subTableName ?? '');
    if (!sub || sub.tableId === body.tableId) throw new ServiceError('关联子表必须是已导入的其他表');
    const fk = (await columnsOf(db, sub.tableId)).some((c) => c.columnName === body.subTableFkName);
    if (!fk) throw new ServiceError('子表关联的外键名不是子表的字段');
  }
}

export async function updateGenTable(deps: Deps, body: GenTableBody, operator: string): Promise<number> {
  const { db } = deps.database;
  const now = new Date(deps.now());
  return db.transaction(async (tx) => {
    const row = await tableById(tx, body.tableId);
    if (!row) return 0;
    const columns = await columnsOf(tx, body.tableId);
    const ids = new Set(columns.map((c) => c.columnId));
    if (body.columns.some((c) => !ids.has(c.columnId))) throw new ServiceError('字段不属于该表');
    await checkReferences(tx, body, new Set(columns.map((c) => c.columnName ?? '')));
    const sub = body.tplCategory === 'sub';
    await tx
      .update(genTable)
      .set({
        tableComment: body.tableComment,
        className: body.className,
        tplCategory: body.tplCategory,
        tplWebType: body.tplWebType ?? row.tplWebType,
        packageName: body.packageName ?? row.packageName,
        moduleName: body.moduleName,
        businessName: body.businessName,
        functionName: body.functionName,
        functionAuthor: body.functionAuthor,
        formColNum: body.formColNum ?? row.formColNum,
        genType: body.genType ?? row.genType,
        genPath: body.genPath || '/',
        subTableName: sub ? body.subTableName : null,
        subTableFkName: sub ? body.subTableFkName : null,
        options: optionsOf(body),
        remark: body.remark ?? null,
        updateBy: operator,
        updateTime: now,
      })
      .where(eq(genTable.tableId, body.tableId));
    for (const c of body.columns) {
      await tx
        .update(genTableColumn)
        .set({
          columnComment: c.columnComment ?? '',
          javaType: c.javaType,
          javaField: c.javaField,
          isInsert: c.isInsert ?? '0',
          isEdit: c.isEdit ?? '0',
          isList: c.isList ?? '0',
          isQuery: c.isQuery ?? '0',
          isRequired: c.isRequired ?? '0',
          queryType: c.queryType ?? 'EQ',
          htmlType: c.htmlType ?? 'input',
          dictType: c.dictType ?? '',
          ...(c.sort === null || c.sort === undefined ? {} : { sort: c.sort }),
          updateBy: operator,
          updateTime: now,
        })
        .where(and(eq(genTableColumn.columnId, c.columnId), eq(genTableColumn.tableId, body.tableId)));
    }
    return 1;
  });
}

export async function deleteGenTables(deps: Deps, tableIds: number[]): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await tx.delete(genTableColumn).where(inArray(genTableColumn.tableId, tableIds));
    await tx.delete(genTable).where(inArray(genTable.tableId, tableIds));
  });
}
