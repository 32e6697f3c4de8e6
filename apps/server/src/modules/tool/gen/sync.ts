import { and, eq, notInArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { genTable, genTableColumn } from '../../../db/schema';
import { initialColumns } from './import';
import { columnsOf, tableByName } from './repository';

type Deps = Pick<AppDeps, 'database' | 'now'>;

/**
 * 同步: the catalog's columns with RuoYi's merge (§5.14): a column that still exists keeps its id, its
 * dictionary and query type when it is listed, its required flag and control when it is a form field;
 * new columns are added with the initial settings and vanished ones removed.
 */
export async function synchDb(deps: Deps, tableName: string, operator: string): Promise<void> {
  const now = new Date(deps.now());
  await deps.database.db.transaction(async (tx) => {
    const table = await tableByName(tx, tableName);
    if (!table) throw new ServiceError('同步数据失败，原表结构不存在');
    const { columns: fresh, badName } = await initialColumns(tx, tableName);
    if (fresh.length === 0) throw new ServiceError('同步数据失败，原表结构不存在');
    if (badName !== undefined) throw new ServiceError(`同步数据失败，字段"${badName}"名称不合法`);
    const previous = new Map((await columnsOf(tx, table.tableId)).map((c) => [c.columnName, c]));
    for (const column of fresh) {
      const prev = previous.get(column.columnName);
      if (!prev) {
        await tx.insert(genTableColumn).values({ ...column, tableId: table.tableId, createBy: operator, createTime: now });
        continue;
      }
      const kept = { ...column };
      if (column.isList === '1') Object.assign(kept, { dictType: prev.dictType ?? '', queryType: prev.queryType ?? column.queryType });
      if (column.isPk !== '1' && (column.isInsert === '1' || column.isEdit === '1') && prev.isRequired) {
        Object.assign(kept, { isRequired: prev.isRequired, htmlType: prev.htmlType ?? column.htmlType });
      }
      await tx.update(genTableColumn).set({ ...kept, updateBy: operator, updateTime: now }).where(eq(genTableColumn.columnId, prev.columnId));
    }
    const names = fresh.map((c) => c.columnName);
    await tx.delete(genTableColumn).where(and(eq(genTableColumn.tableId, table.tableId), notInArray(genTableColumn.columnName, names)));
    await tx.update(genTable).set({ updateBy: operator, updateTime: now }).where(eq(genTable.tableId, table.tableId));
  });
}
