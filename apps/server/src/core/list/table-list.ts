import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { paged, type Page } from './paging';
import type { ListQuery } from './query';

/**
 * The list and export reads of a one-table screen: the same filter and order, paged for the list
 * (with the last-page clamp) and whole for the export.
 */
export function tableList<T extends PgTable>(db: Db, table: T, filter: SQL | undefined, order: SQL[]) {
  const rows = () => db.select().from(table as PgTable).where(filter).orderBy(...order).$dynamic();
  return {
    page: (q: Pick<ListQuery, 'pageNum' | 'pageSize'>): Promise<Page<T['$inferSelect']>> =>
      paged(
        q,
        async () => (await db.select({ n: count() }).from(table as PgTable).where(filter))[0].n,
        (limit, offset) => rows().limit(limit).offset(offset) as Promise<T['$inferSelect'][]>,
      ),
    all: () => rows() as Promise<T['$inferSelect'][]>,
  };
}
