import { is, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import * as schema from '../../../db/schema';
import { likePattern, paged, type ListQuery, type Page } from '../../../core/list';
import { genTable } from '../../../db/schema';
import type { DbColumn } from './init-rules';
import { SQL_IDENTIFIER } from './names';

/**
 * The PostgreSQL catalog of the current schema, read with parameterised SQL. Works the same on
 * PGlite and node-postgres: both answer db.execute with `{ rows }`.
 */

/** Every table this application declares: never offered for import nor created over. */
export const SYSTEM_TABLES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table).name),
);

/** RuoYi hides its own gen_ tables (and qrtz_); ours get the same treatment by prefix. */
export const isReserved = (tableName: string) => SYSTEM_TABLES.has(tableName) || tableName.startsWith('gen_');

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** format_type() spells types the long way; the generator and its templates use the short names. */
export function shortType(formatted: string): string {
  return formatted
    .replace(/^character varying/, 'varchar')
    .replace(/^character/, 'char')
    .replace(/^(timestamp|time)(\(\d+\))? without time zone/, '$1$2')
    .replace(/^(timestamp|time)(\(\d+\))? with time zone/, (_m, base: string, precision?: string) => `${base}tz${precision ?? ''}`);
}

export interface DbTable {
  tableName: string;
  tableComment: string;
  createTime: null;
  updateTime: null;
}

export interface DbTableFilters {
  tableName?: string;
  tableComment?: string;
}

// Ordinary and partitioned tables of the current schema whose names the generator can carry.
const userTables = sql`
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
    and c.relname ~ ${SQL_IDENTIFIER.source}`;

function dbTableFilter(q: DbTableFilters): SQL {
  const reserved = [...SYSTEM_TABLES];
  const parts = [
    sql`c.relname not like 'gen\\_%'`,
    sql`not (c.relname = any(${sql.param(reserved)}::text[]))`,
    sql`not exists (select 1 from ${genTable} g where g.table_name = c.relname)`,
  ];
  if (q.tableName) parts.push(sql`c.relname ilike ${likePattern(q.tableName)}`);
  if (q.tableComment) parts.push(sql`coalesce(obj_description(c.oid, 'pg_class'), '') ilike ${likePattern(q.tableComment)}`);
  return sql.join(parts, sql` and `);
}

/**
 * Tables that may be imported: not ours, not gen_*, not imported yet. PostgreSQL keeps no creation time,
 * so the newest-first order of RuoYi is approximated by descending oid (assigned in creation order).
 */
export function listDbTables(db: Db, q: DbTableFilters & Pick<ListQuery, 'pageNum' | 'pageSize'>): Promise<Page<DbTable>> {
  const where = dbTableFilter(q);
  return paged(
    q,
    async () => (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${userTables} and ${where}`))[0].n,
    async (limit, offset) => {
      const rows = await rowsOf<{ table_name: string; table_comment: string }>(
        db,
        sql`select c.relname as table_name, coalesce(obj_description(c.oid, 'pg_class'), '') as table_comment
          ${userTables} and ${where} order by c.oid desc limit ${limit} offset ${offset}`,
      );
      return rows.map((r) => ({ tableName: r.table_name, tableComment: r.table_comment, createTime: null, updateTime: null }));
    },
  );
}

/** The importable tables among `names` with their comments (system, gen_* and imported ones are left out). */
export async function importableTables(db: Db, names: string[]): Promise<Map<string, string>> {
  const rows = await rowsOf<{ table_name: string; table_comment: string }>(
    db,
    sql`select c.relname as table_name, coalesce(obj_description(c.oid, 'pg_class'), '') as table_comment
      ${userTables} and ${dbTableFilter({})} and c.relname = any(${sql.param(names)}::text[])`,
  );
  return new Map(rows.map((r) => [r.table_name, r.table_comment]));
}

/** Names among `names` taken by any relation of the current schema (tables, views, sequences, indexes). */
export async function existingRelations(db: Db, names: string[]): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = any(${sql.param(names)}::text[])`,
  );
  return rows.map((r) => r.name);
}

/** The live columns of a table of the current schema, in order; empty when there is no such table. */
export async function tableColumns(db: Db, tableName: string): Promise<DbColumn[]> {
  const rows = await rowsOf<{
    column_name: string;
    column_type: string;
    column_comment: string;
    not_null: boolean;
    is_pk: boolean;
    is_increment: boolean;
    default_expr: string | null;
  }>(
    db,
    sql`select a.attname as column_name, format_type(a.atttypid, a.atttypmod) as column_type,
        coalesce(col_description(a.attrelid, a.attnum), '') as column_comment, a.attnotnull as not_null,
        exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any(i.indkey)) as is_pk,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as is_increment,
        pg_get_expr(d.adbin, d.adrelid) as default_expr
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = current_schema() and c.relname = ${tableName} and c.relkind in ('r', 'p')
        and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
  );
  return rows.map((r, i) => ({
    columnName: r.column_name,
    columnComment: r.column_comment,
    columnType: shortType(r.column_type),
    notNull: r.not_null,
    isPk: r.is_pk,
    isIncrement: r.is_increment,
    defaultExpr: r.default_expr,
    sort: i + 1,
  }));
}
