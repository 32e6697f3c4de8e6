import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysCountVersion } from '../../db/schema';

/**
 * A `select count(*) as n …` builder: awaitable, embeddable as a subquery, and renderable to its
 * SQL text and parameters.
 */
export type CountQuery = SQLWrapper & PromiseLike<{ n: number }[]> & { toSQL(): { sql: string; params: unknown[] } };

interface Entry {
  version: number;
  total: number;
}

/** Distinct filter/scope combinations remembered per database; the least recently used go first. */
const MAX_ENTRIES = 500;

const versionQuery = (db: Db) =>
  db
    .select({ version: sysCountVersion.version })
    .from(sysCountVersion)
    .where(eq(sysCountVersion.name, sql.placeholder('name')))
    .prepare('sys_count_version');

interface DbCache {
  counts: Map<string, Entry>;
  /** Built once; on PostgreSQL a named statement, parsed once per connection. */
  version: ReturnType<typeof versionQuery>;
}

// Per database, so that two databases in one process (tests) never share counts.
const caches = new WeakMap<Db, DbCache>();

function cacheOf(db: Db): DbCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { counts: new Map(), version: versionQuery(db) }));
  return cache;
}

/**
 * An exact `count(*)` that is only recomputed when the data it depends on changed: the count and
 * its row's version in sys_count_version are read by one statement (one snapshot), and the version
 * is bumped by triggers in every transaction that writes those tables (migration 0002). A cached
 * count is returned while the version read now is the one it was counted under, so it equals what
 * the query would return now. The key is the count's SQL text and parameters, which carry every
 * filter and the caller's data scope.
 */
export async function cachedCount(db: Db, versionName: string, query: CountQuery): Promise<number> {
  const rendered = query.toSQL();
  const key = `${rendered.sql}\u0000${JSON.stringify(rendered.params)}`;
  const { counts: cache, version } = cacheOf(db);
  const hit = cache.get(key);
  if (hit) {
    const [current] = await version.execute({ name: versionName });
    if (current?.version === hit.version) {
      cache.delete(key);
      cache.set(key, hit);
      return hit.total;
    }
  }
  const [row] = await db
    .select({ version: sysCountVersion.version, total: sql<number>`(${query})`.mapWith(Number) })
    .from(sysCountVersion)
    .where(eq(sysCountVersion.name, versionName));
  if (!row) {
    // Without its version row nothing can be cached; count directly.
    const [direct] = await query;
    return direct?.n ?? 0;
  }
  cache.delete(key);
  cache.set(key, { version: row.version, total: row.total });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return row.total;
}
