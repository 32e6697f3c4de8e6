import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ServiceError } from '../errors';
import type { ListQuery } from './query';

export const DEFAULT_PAGE_SIZE = 10;

export interface Page<T> {
  rows: T[];
  total: number;
}

/**
 * Counts, then reads one page. Like PageHelper's "reasonable" mode, a page number past the end
 * returns the last page instead of an empty one.
 */
export async function paged<T>(
  q: Pick<ListQuery, 'pageNum' | 'pageSize'>,
  count: () => Promise<number>,
  read: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const total = await count();
  const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const pageNum = Math.min(q.pageNum ?? 1, lastPage);
  const rows = total === 0 ? [] : await read(pageSize, (pageNum - 1) * pageSize);
  return { rows, total };
}

/**
 * ORDER BY from the client's camelCase column and direction, through a whitelist of sortable columns
 * (upstream accepted any text matching a pattern). Falls back to the list's default order.
 */
export function orderBy(q: Pick<ListQuery, 'orderByColumn' | 'isAsc'>, sortable: Record<string, AnyPgColumn>, fallback: SQL[]): SQL[] {
  if (!q.orderByColumn) return fallback;
  // Own keys only: a plain lookup would find `__proto__` or `constructor` on every object.
  if (!Object.hasOwn(sortable, q.orderByColumn)) throw new ServiceError('参数不符合规范，不能进行查询');
  const column = sortable[q.orderByColumn];
  const descending = q.isAsc === 'desc' || q.isAsc === 'descending';
  return [descending ? desc(column) : asc(column), ...fallback];
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/**
 * The created-time range compared by calendar day in GMT+8, as the RuoYi lists do
 * (`params[beginTime]` ≤ day ≤ `params[endTime]`).
 */
export function dayRange(column: AnyPgColumn, q: Pick<ListQuery, 'params[beginTime]' | 'params[endTime]'>): SQL[] {
  const out: SQL[] = [];
  const day = sql`(${column} at time zone 'Asia/Shanghai')::date`;
  const begin = q['params[beginTime]']?.match(DAY)?.[0];
  const end = q['params[endTime]']?.match(DAY)?.[0];
  if (begin) out.push(sql`${day} >= ${begin}::date`);
  if (end) out.push(sql`${day} <= ${end}::date`);
  return out;
}

/**
 * The exact-time range of the log lists (operlog, logininfor): the client sends
 * `yyyy-MM-dd 00:00:00` / `23:59:59` in GMT+8.
 */
export function timeRange(column: AnyPgColumn, q: Pick<ListQuery, 'params[beginTime]' | 'params[endTime]'>): SQL[] {
  const out: SQL[] = [];
  const begin = q['params[beginTime]'];
  const end = q['params[endTime]'];
  if (begin) out.push(sql`${column} >= (${begin}::timestamp at time zone 'Asia/Shanghai')`);
  if (end) out.push(sql`${column} <= (${end}::timestamp at time zone 'Asia/Shanghai')`);
  return out;
}

/** `%value%` for LIKE filters, with the wildcard characters of the value escaped. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}
