import type { GenQueryType } from '@acs/shared';
import { queryColumns, type Column, type Names } from './names';

export type FilterOp = Exclude<GenQueryType, 'BETWEEN'>;

/**
 * One search field of the list. A timestamp column searched BETWEEN uses the list's own day range
 * (`params[beginTime]`/`params[endTime]`, the range picker of the search bar); a list has one such
 * range, so further BETWEEN columns, and BETWEEN on other types, compare for equality.
 */
export type Filter = { column: Column; op: FilterOp; range: false } | { column: Column; op: 'BETWEEN'; range: true };

const CHARACTER_BUILDERS = ['varchar', 'char', 'text'];

export function filtersOf(n: Names): Filter[] {
  let rangeTaken = false;
  return queryColumns(n).map((column): Filter => {
    if (column.queryType === 'BETWEEN' && column.type.kind === 'timestamp' && !rangeTaken) {
      rangeTaken = true;
      return { column, op: 'BETWEEN', range: true };
    }
    const op = column.queryType === 'BETWEEN' ? 'EQ' : column.queryType;
    // LIKE only exists for character types (not numbers, dates, uuid or time).
    return { column, op: op === 'LIKE' && !CHARACTER_BUILDERS.includes(column.type.builder) ? 'EQ' : op, range: false };
  });
}

/** drizzle-orm operator per query type. */
export const OPERATOR: Record<FilterOp, string> = { EQ: 'eq', NE: 'ne', GT: 'gt', GTE: 'gte', LT: 'lt', LTE: 'lte', LIKE: 'like' };
/** SQL comparison per query type, for dates compared by China-time day. */
export const SQL_OPERATOR: Record<FilterOp, string> = { EQ: '=', NE: '<>', GT: '>', GTE: '>=', LT: '<', LTE: '<=', LIKE: '=' };
