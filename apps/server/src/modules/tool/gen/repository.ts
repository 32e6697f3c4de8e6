import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { genTable, genTableColumn } from '../../../db/schema';
import type { GenColumnRow, GenTableRow } from './wire';

export async function tableById(db: Db, tableId: number): Promise<GenTableRow | undefined> {
  const [row] = await db.select().from(genTable).where(eq(genTable.tableId, tableId)).limit(1);
  return row;
}

export async function tableByName(db: Db, tableName: string): Promise<GenTableRow | undefined> {
  const [row] = await db.select().from(genTable).where(eq(genTable.tableName, tableName)).orderBy(asc(genTable.tableId)).limit(1);
  return row;
}

export function allTables(db: Db): Promise<GenTableRow[]> {
  return db.select().from(genTable).orderBy(asc(genTable.tableId));
}

/** The columns of one table, in their configured order. */
export function columnsOf(db: Db, tableId: number): Promise<GenColumnRow[]> {
  return db.select().from(genTableColumn).where(eq(genTableColumn.tableId, tableId)).orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId));
}

/** The columns of several tables, grouped by table id. */
export async function columnsByTable(db: Db, tableIds: number[]): Promise<Map<number, GenColumnRow[]>> {
  const grouped = new Map<number, GenColumnRow[]>(tableIds.map((id) => [id, []]));
  if (tableIds.length === 0) return grouped;
  const rows = await db
    .select()
    .from(genTableColumn)
    .where(inArray(genTableColumn.tableId, tableIds))
    .orderBy(asc(genTableColumn.sort), asc(genTableColumn.columnId));
  for (const row of rows) if (row.tableId !== null) grouped.get(row.tableId)?.push(row);
  return grouped;
}
