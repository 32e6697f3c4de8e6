import { sql } from 'drizzle-orm';
import { FIELD_IDENTIFIER, GEN_DEFAULT_MODULE, GEN_TYPE_ZIP } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import type { Db } from '../../../db/client';
import { genTable, genTableColumn } from '../../../db/schema';
import { existingRelations, importableTables, isReserved, tableColumns } from './catalog';
import { rebuildCreateTables } from './ddl';
import { DdlError } from './ddl-ast';
import { initColumn, type InitialColumn } from './init-rules';
import { businessNameOf, functionNameOf, pascalCase, SQL_IDENTIFIER } from './names';

type Deps = Pick<AppDeps, 'database' | 'now'>;

/** Catalog columns as gen_table_column values, and the first column name that cannot become code. */
export async function initialColumns(db: Db, tableName: string): Promise<{ columns: InitialColumn[]; badName?: string }> {
  const columns = (await tableColumns(db, tableName)).map(initColumn);
  const bad = columns.find((c) => !SQL_IDENTIFIER.test(c.columnName) || !FIELD_IDENTIFIER.test(c.javaField));
  return { columns, badName: bad?.columnName.slice(0, 64) };
}

/**
 * Imports catalog tables into gen_table / gen_table_column with RuoYi's initial settings (§5.14).
 * Runs in the caller's transaction, so createTable imports inside its own.
 */
async function importInto(db: Db, names: string[], operator: string, tplWebType: string, now: Date): Promise<void> {
  // Two imports of the same table at once would both find it not imported yet.
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('gen_table:import', 0))`);
  const comments = await importableTables(db, names);
  const missing = names.filter((n) => !comments.has(n));
  if (missing.length > 0) throw new ServiceError(`导入失败：表${missing.join('、')}不存在、已导入或是系统表`);
  for (const tableName of names) {
    const tableComment = (comments.get(tableName) ?? '').slice(0, 500);
    const { columns, badName } = await initialColumns(db, tableName);
    if (columns.length === 0) throw new ServiceError(`导入失败：表${tableName}没有字段`);
    if (badName !== undefined) throw new ServiceError(`导入失败：表${tableName}的字段"${badName}"名称不合法（只能包含小写字母、数字和下划线）`);
    const [table] = await db
      .insert(genTable)
      .values({
        tableName,
        tableComment,
        className: pascalCase(tableName).slice(0, 100),
        tplCategory: 'crud',
        tplWebType,
        packageName: `modules/${GEN_DEFAULT_MODULE}`,
        moduleName: GEN_DEFAULT_MODULE,
        businessName: businessNameOf(tableName),
        functionName: functionNameOf(tableName, tableComment),
        functionAuthor: operator,
        genType: GEN_TYPE_ZIP,
        createBy: operator,
        createTime: now,
      })
      .returning({ tableId: genTable.tableId });
    await db.insert(genTableColumn).values(columns.map((c) => ({ ...c, tableId: table.tableId, createBy: operator, createTime: now })));
  }
}

export async function importTables(deps: Deps, names: string[], operator: string, tplWebType = ''): Promise<void> {
  await deps.database.db.transaction((tx) => importInto(tx, names, operator, tplWebType, new Date(deps.now())));
}

const createFailure = (reason: string) => new ServiceError(`创建表结构异常：${reason}`);

/**
 * 创建表: the rebuilt DDL (ddl.ts) and the import of the new tables run in one transaction, so a
 * refusal or a failing statement leaves nothing behind.
 */
export async function createTables(deps: Deps, text: string, operator: string, tplWebType = ''): Promise<void> {
  let ddl;
  try {
    ddl = rebuildCreateTables(text);
  } catch (err) {
    if (err instanceof DdlError) throw createFailure(err.message);
    throw err;
  }
  const reserved = ddl.tableNames.filter(isReserved);
  if (reserved.length > 0) throw createFailure(`表名${reserved.join('、')}与系统表冲突`);
  const { db } = deps.database;
  const existing = await existingRelations(db, ddl.tableNames);
  if (existing.length > 0) throw createFailure(`表${existing.join('、')}已存在`);
  try {
    await db.transaction(async (tx) => {
      for (const statement of ddl.statements) await tx.execute(sql.raw(statement));
      await importInto(tx, ddl.tableNames, operator, tplWebType, new Date(deps.now()));
    });
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    // The statements are ours; what fails here is the user's content (a default that does not fit its type).
    throw createFailure((err as Error).message);
  }
}
