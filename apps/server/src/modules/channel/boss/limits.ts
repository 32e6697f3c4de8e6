import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BossRunConfig } from '@acs/shared';
import type { Executor } from '../../crm/capture';
import { channelOutbox } from '../../../db/schema';

/** The outbox's send_source of a greeting (the AI's and staff's messages are ai_auto and manual). */
export const GREETING_SOURCE = 'greeting';

const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The China-time (Asia/Shanghai, no daylight saving) clock the run window and the daily caps are read on. */
export function chinaClock(now: number): { minutes: number; weekday: number; dayStart: Date } {
  const local = new Date(now + CHINA_OFFSET_MS);
  return {
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
    weekday: local.getUTCDay() || 7,
    dayStart: new Date(now - ((now + CHINA_OFFSET_MS) % DAY_MS)),
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether the account may send now: today is one of its weekdays and the time is in [start, end).
 * A start after the end is a window over midnight (22:00–06:00); start = end is the whole day.
 */
export function withinRunWindow(config: BossRunConfig, now: number): boolean {
  const { minutes, weekday } = chinaClock(now);
  if (!config.weekdays.includes(weekday)) return false;
  const start = minutesOf(config.windowStart);
  const end = minutesOf(config.windowEnd);
  if (start === end) return true;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

export interface BossUsage {
  /** Greetings sent today (China day) or handed to the client and not yet acknowledged. */
  greetings: number;
  /** The same for replies (the AI's and staff's messages). */
  replies: number;
  /** Messages waiting to be handed out. */
  pending: number;
}

const EMPTY: BossUsage = { greetings: 0, replies: 0, pending: 0 };

/**
 * What each account used of its caps today. A message in flight counts: the client has it and may be
 * sending it, so two polls cannot both take the last slot.
 */
export async function usageToday(db: Executor, accountIds: number[], now: number): Promise<Map<number, BossUsage>> {
  const out = new Map<number, BossUsage>();
  if (accountIds.length === 0) return out;
  const { dayStart } = chinaClock(now);
  const used = sql`(${channelOutbox.status} = 'sending' or (${channelOutbox.status} = 'sent' and ${channelOutbox.sentTime} >= ${dayStart}))`;
  const greeting = sql`${channelOutbox.sendSource} = ${GREETING_SOURCE}`;
  const rows = await db
    .select({
      accountId: channelOutbox.accountId,
      greetings: sql<number>`count(*) filter (where ${used} and ${greeting})`.mapWith(Number),
      replies: sql<number>`count(*) filter (where ${used} and not (${greeting}))`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${channelOutbox.status} = 'pending')`.mapWith(Number),
    })
    .from(channelOutbox)
    .where(and(eq(channelOutbox.platform, 'boss'), inArray(channelOutbox.accountId, accountIds)))
    .groupBy(channelOutbox.accountId);
  for (const id of accountIds) out.set(id, { ...EMPTY });
  for (const r of rows) out.set(r.accountId, { greetings: r.greetings, replies: r.replies, pending: r.pending });
  return out;
}
