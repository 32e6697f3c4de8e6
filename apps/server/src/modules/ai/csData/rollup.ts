import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { aiStatDaily } from '../../../db/schema';
import type { Executor, Tx } from '../../crm/capture';
import { addDays, chinaDayOf, type ChinaDay, type DayRange } from './days';
import { dailyRowsSql, ROW_COLUMNS } from './metrics';

/**
 * Days before yesterday rebuilt by every pass: late messages, closes and lead follow-ups of the last
 * days reach their day's row. Older days keep the numbers of their last rebuild.
 */
const REBUILT_DAYS = 3;
const ROLLUP_LOCK = 'ai:csData:rollup';

type Deps = Pick<AppDeps, 'database' | 'now'>;

const minDay = (a: ChinaDay, b: ChinaDay) => (a < b ? a : b);
const lockKey = sql`hashtextextended(${ROLLUP_LOCK}, 0)`;

/** Replaces the stored rows of the days with rows computed from the source tables. */
async function rebuildIn(tx: Tx, range: DayRange, now: number): Promise<void> {
  await tx.execute(sql`delete from ${aiStatDaily} where day >= ${range.from}::date and day <= ${range.to}::date`);
  await tx.execute(sql`
    insert into ${aiStatDaily} (${ROW_COLUMNS}, update_time)
    select ${ROW_COLUMNS}, ${new Date(now)}::timestamptz from (${dailyRowsSql(range, {})}) d`);
}

/** Rebuilds a range of China days in one transaction, waiting for a pass that runs meanwhile. */
export async function rebuildDays(deps: Deps, range: DayRange): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${lockKey})`);
    await rebuildIn(tx, range, deps.now());
  });
}

/** The newest stored day (null: nothing stored yet). Days after it are computed live. */
export async function lastStoredDay(db: Executor): Promise<ChinaDay | null> {
  const [row] = await db.select({ day: sql<string | null>`max(${aiStatDaily.day})::text` }).from(aiStatDaily);
  return row?.day ?? null;
}

/** The first China day with anything to count, for the backfill of an empty table. */
async function firstSourceDay(tx: Tx): Promise<ChinaDay | null> {
  const [row] = await tx
    .select({
      first: sql<string | null>`(least(
        (select min(create_time) from ai_conversation where channel <> 'debug'),
        (select min(captured_time) from crm_lead where agent_id is not null)
      ) at time zone 'Asia/Shanghai')::date::text`,
    })
    .from(sql`(values (1)) as once`);
  return row?.first ?? null;
}

/**
 * One pass of the rollup, done by whichever instance gets the lock (the others skip it): the last
 * REBUILT_DAYS days before today and any day since the newest stored one (a server that was down, a
 * quiet stretch), or everything from the first source day when the table is empty (a new install, an
 * upgrade, a change of the histogram's buckets). Today is never stored: the screen computes it live.
 * Returns the days rebuilt, or null when there was nothing to do or another instance was at it.
 */
export async function rollupPass(deps: Deps): Promise<DayRange | null> {
  return deps.database.db.transaction(async (tx) => {
    const [lock] = await tx.select({ got: sql<boolean>`pg_try_advisory_xact_lock(${lockKey})` }).from(sql`(values (1)) as once`);
    if (lock?.got !== true) return null;
    const now = deps.now();
    const yesterday = addDays(chinaDayOf(now), -1);
    const last = await lastStoredDay(tx);
    const recent = addDays(yesterday, 1 - REBUILT_DAYS);
    const from = last === null ? await firstSourceDay(tx) : minDay(addDays(last, 1), recent);
    if (from === null || from > yesterday) return null;
    const range = { from, to: yesterday };
    await rebuildIn(tx, range, now);
    return range;
  });
}
