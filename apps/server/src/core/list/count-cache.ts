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

// Per database, so that two databases in one process (tests) never share counts.
const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(db: Db): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
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
  const cache = cacheOf(db);
  const hit = cache.get(key);
  if (hit) {
    const [current] = await db
      .select({ version: sysCountVersion.version })
      .from(sysCountVersion)
      .where(eq(sysCountVersion.name, versionName));
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
