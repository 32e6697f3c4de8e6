import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { addDays, chinaDayOf, type ChinaDay, type DayRange } from './days';
import { BUCKETS, histogramMedian } from './histogram';
import { COUNT_KEYS, COUNTS, dailyRowsSql, storedRowsSql, type Counts, type MetricFilter } from './metrics';
import { lastStoredDay } from './rollup';
import type { CsDataFilters } from './schema';

export type Deps = Pick<AppDeps, 'database' | 'now'>;

/** Days shown when the request names none: the last week, today included. */
const DEFAULT_DAYS = 7;

export interface Rates {
  /** leads / conversations */
  captureRate: number | null;
  /** aiResolved / conversations */
  aiResolvedRate: number | null;
  /** knowledgeHits / aiReplies */
  knowledgeHitRate: number | null;
  /** Median first-response time in seconds. */
  firstResponseMedian: number | null;
}
export type Metrics = Counts & Rates;

export const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

export function metrics(counts: Counts, hist: readonly number[]): Metrics {
  return {
    ...counts,
    captureRate: ratio(counts.leads, counts.conversations),
    aiResolvedRate: ratio(counts.aiResolved, counts.conversations),
    knowledgeHitRate: ratio(counts.knowledgeHits, counts.aiReplies),
    firstResponseMedian: histogramMedian(hist),
  };
}

export const EMPTY_COUNTS = Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as Counts;

/** Count columns as sql fields (driver integers arrive as strings on node-postgres): `prefix` + column name. */
export function countFields(column: (name: string) => string): Record<keyof Counts, SQL<number>> {
  return Object.fromEntries(COUNT_KEYS.map((k) => [k, sql<number>`${sql.raw(column(COUNTS[k]))}`.mapWith(Number)])) as Record<keyof Counts, SQL<number>>;
}

/** Sums of the count columns of the rows `r`, as `<prefix><column>`. */
export const countSums = (prefix: string) => sql.raw(COUNT_KEYS.map((k) => `coalesce(sum(r.${COUNTS[k]}), 0) as ${prefix}${COUNTS[k]}`).join(', '));

/** The element-wise sum of the rows' histograms. */
export const histogramSum = sql.raw(
  `jsonb_build_array(${Array.from({ length: BUCKETS }, (_, i) => `coalesce(sum((r.first_response_hist->>${i})::int), 0)`).join(', ')})`,
);

const minDay = (a: ChinaDay, b: ChinaDay) => (a < b ? a : b);
const maxDay = (a: ChinaDay, b: ChinaDay) => (a > b ? a : b);

/** The days asked for, never after today; null when the range is empty (begin after end). */
function askedRange(q: CsDataFilters, today: ChinaDay): DayRange | null {
  const day = (v: string | undefined) => v?.slice(0, 10) || undefined;
  const to = minDay(day(q['params[endTime]']) ?? today, today);
  const from = day(q['params[beginTime]']) ?? addDays(to, 1 - DEFAULT_DAYS);
  return from <= to ? { from, to } : null;
}

const LIVE_COLUMNS = sql.raw(
  ['day date', 'agent_id bigint', 'channel varchar', ...COUNT_KEYS.map((k) => `${COUNTS[k]} ${k === 'tokens' ? 'bigint' : 'int'}`), 'first_response_hist jsonb'].join(', '),
);

/** Rows computed from the source tables, read once and handed back to SQL as a JSON recordset. */
async function liveRows(deps: Deps, range: DayRange, filter: MetricFilter): Promise<SQL> {
  const found = await deps.database.db.select({ row: sql<Record<string, unknown>>`row_to_json(d)` }).from(sql`(${dailyRowsSql(range, filter)}) d`);
  return sql`select * from jsonb_to_recordset(${JSON.stringify(found.map((f) => f.row))}::jsonb) as l(${LIVE_COLUMNS})`;
}

/**
 * The daily rows of a request as SQL with the stored table's columns: stored rows up to the newest
 * rolled-up day, then rows computed from the source tables by the rollup's own statement (today, and
 * any day the rollup has not reached yet), so the screen never misses a day while it waits for a pass.
 * The computed rows are read here, once, so the statements of one request that use them do not
 * compute them again. Null when the range is empty.
 */
export async function dailyRows(deps: Deps, q: CsDataFilters, agentIds: SQL | undefined): Promise<{ rows: SQL; range: DayRange } | null> {
  const today = chinaDayOf(deps.now());
  const range = askedRange(q, today);
  if (!range) return null;
  const filter: MetricFilter = { agentId: q.agentId || undefined, channel: q.channel || undefined, agentIds };
  const last = await lastStoredDay(deps.database.db);
  const liveFrom = last === null ? range.from : minDay(maxDay(addDays(last, 1), range.from), today);
  const parts: SQL[] = [];
  if (range.from < liveFrom) parts.push(storedRowsSql({ from: range.from, to: minDay(range.to, addDays(liveFrom, -1)) }, filter));
  if (liveFrom <= range.to) parts.push(await liveRows(deps, { from: liveFrom, to: range.to }, filter));
  return { rows: sql.join(parts, sql` union all `), range };
}
