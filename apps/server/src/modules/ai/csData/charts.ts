import { sql, type SQL } from 'drizzle-orm';
import type { ChinaDay } from './days';
import { daysBetween } from './days';
import type { Counts } from './metrics';
import { countFields, countSums, dailyRows, EMPTY_COUNTS, ratio, type Deps } from './rows';
import type { CsDataFilters } from './schema';

export interface TrendPoint {
  day: ChinaDay;
  conversations: number;
  leads: number;
  handoffs: number;
  captureRate: number | null;
}

export interface CsDataCharts {
  /** Every day of the range, days without rows at zero. */
  trend: TrendPoint[];
  /** Channels with numbers in the range, most conversations first. */
  channels: ({ channel: string; captureRate: number | null } & Counts)[];
  funnel: { stage: 'conversations' | 'leads' | 'contacted' | 'converted'; value: number }[];
}

function funnelOf(c: Counts): CsDataCharts['funnel'] {
  return [
    { stage: 'conversations', value: c.conversations },
    { stage: 'leads', value: c.leads },
    { stage: 'contacted', value: c.contacted },
    { stage: 'converted', value: c.converted },
  ];
}

/** grouping(day, channel): bit 1 is set when the day is not a key of the group, bit 0 for the channel. */
const BY_DAY = 1;
const BY_CHANNEL = 2;
const IN_ALL = 3;

/**
 * The charts of the filtered range in one pass over its rows grouped by day, by channel and in all
 * (no histograms: the charts show no medians, and summing them is most of the cost of a long range).
 */
export async function csDataCharts(deps: Deps, q: CsDataFilters, agentIds: SQL | undefined): Promise<CsDataCharts> {
  const src = await dailyRows(deps, q, agentIds);
  if (!src) return { trend: [], channels: [], funnel: funnelOf(EMPTY_COUNTS) };
  const groups = await deps.database.db
    .select({
      day: sql<ChinaDay>`to_char(g.day, 'YYYY-MM-DD')`,
      channel: sql<string>`g.channel`,
      grouped: sql<number>`g.grouped`.mapWith(Number),
      counts: countFields((c) => `g.${c}`),
    })
    .from(sql`(
      select r.day, r.channel, grouping(r.day, r.channel) as grouped, ${countSums('')}
      from (${src.rows}) r
      group by grouping sets ((r.day), (r.channel), ())
    ) g`);
  const byDay = new Map(groups.filter((g) => g.grouped === BY_DAY).map((g) => [g.day, g.counts] as const));
  const trend = daysBetween(src.range.from, src.range.to).map((day): TrendPoint => {
    const c = byDay.get(day) ?? EMPTY_COUNTS;
    return { day, conversations: c.conversations, leads: c.leads, handoffs: c.handoffs, captureRate: ratio(c.leads, c.conversations) };
  });
  const channels = groups
    .filter((g) => g.grouped === BY_CHANNEL)
    .map((g) => ({ channel: g.channel, ...g.counts, captureRate: ratio(g.counts.leads, g.counts.conversations) }))
    .sort((a, b) => b.conversations - a.conversations);
  return { trend, channels, funnel: funnelOf(groups.find((g) => g.grouped === IN_ALL)?.counts ?? EMPTY_COUNTS) };
}
