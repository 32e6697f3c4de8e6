import { and, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../../app';
import { hasPermi, type LoginSession } from '../../../core/auth';
import { aiConversation, crmLead } from '../../../db/schema';
import { chinaClock, chinaDayStart } from '../../ai/engine/china-time';
import { conversationScope } from '../../ai/conversation/scope';
import { maySeePhone } from '../mask';
import { forViewer, leadNotices, type LeadNotice } from '../notify/notices';
import { LATEST_LEADS, myLeadCounts } from '../notify/summary';
import { ownerScope } from '../scope';

type Deps = Pick<AppDeps, 'database' | 'now'>;

const DAY_MS = 86_400_000;
export const TREND_DAYS = 7;
export const CONVERSATION_PERMISSION = 'ai:conversation:list';
export const LEAD_PERMISSION = 'crm:lead:list';

export interface TrendDay {
  /** yyyy-MM-dd, a China day. */
  day: string;
  conversations: number | null;
  leads: number | null;
}

export interface Workbench {
  /** Null without ai:conversation:list. */
  conversations: { today: number; waiting: number } | null;
  /** Null without crm:lead:list. */
  leads: { today: number; dueToday: number; overdue: number; latest: LeadNotice[] } | null;
  /** Agents' leads / conversations today; null without both permissions or without a conversation today. */
  captureRate: number | null;
  /** The last seven China days, today last; a column the user may not see is null. */
  trend: TrendDay[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayLabel = (start: number) => {
  const c = chinaClock(start);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
};

/** Rows since `from` counted per China day: index 0 is the day `from` starts. */
function perDay(time: AnyPgColumn, from: Date) {
  return sql<number>`floor(extract(epoch from (${time} - ${from.toISOString()}::timestamptz)) / 86400)::int`;
}

// By position: the day expression carries a parameter, and a second copy of it would not be the same expression.
const BY_DAY = sql`1`;

/** Counts per day (0 … TREND_DAYS-1), and today's `extra` (a part of the day's rows) when asked for. */
async function dailyCounts(rows: Promise<Array<{ day: number; n: number; extra?: number }>>): Promise<{ days: number[]; todayExtra: number }> {
  const days = Array.from({ length: TREND_DAYS }, () => 0);
  let todayExtra = 0;
  for (const r of await rows) {
    if (r.day < 0 || r.day >= TREND_DAYS) continue;
    days[r.day] = r.n;
    if (r.day === TREND_DAYS - 1) todayExtra = r.extra ?? 0;
  }
  return { days, todayExtra };
}

/**
 * Conversations where something was said (debug chats never count), by the day they started, in the
 * user's conversation scope; and the handoffs waiting for staff now.
 */
async function conversationNumbers(deps: Deps, session: LoginSession, from: Date) {
  const { db } = deps.database;
  const scope = conversationScope(session, CONVERSATION_PERMISSION);
  const live = and(ne(aiConversation.channel, 'debug'), scope);
  const day = perDay(aiConversation.createTime, from);
  const [counts, [waiting]] = await Promise.all([
    dailyCounts(
      db
        .select({ day, n: sql<number>`count(*)::int` })
        .from(aiConversation)
        .where(and(gte(aiConversation.createTime, from), isNotNull(aiConversation.lastMessageTime), live))
        .groupBy(BY_DAY),
    ),
    db.select({ n: sql<number>`count(*)::int` }).from(aiConversation).where(and(eq(aiConversation.status, 'waiting'), live)),
  ]);
  return { days: counts.days, waiting: waiting.n };
}

/**
 * Leads by the day they were captured (a duplicate is the same lead again and does not count), in the
 * user's lead scope; `extra` today: those an agent captured in a conversation, for the capture rate.
 */
async function leadNumbers(deps: Deps, session: LoginSession, from: Date) {
  const day = perDay(crmLead.capturedTime, from);
  return dailyCounts(
    deps.database.db
      .select({ day, n: sql<number>`count(*)::int`, extra: sql<number>`(count(*) filter (where ${isNotNull(crmLead.agentId)}))::int` })
      .from(crmLead)
      .where(and(gte(crmLead.capturedTime, from), ne(crmLead.status, 'duplicate'), ne(crmLead.channel, 'debug'), ownerScope(session, LEAD_PERMISSION, crmLead.ownerId)))
      .groupBy(BY_DAY),
  );
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000);

/** 工作台's numbers for the user: each part only with the permission of the screen it links to. */
export async function workbench(deps: Deps, session: LoginSession): Promise<Workbench> {
  const now = deps.now();
  const from = new Date(chinaDayStart(now).getTime() - (TREND_DAYS - 1) * DAY_MS);
  const seesConversations = hasPermi(session, CONVERSATION_PERMISSION);
  const seesLeads = hasPermi(session, LEAD_PERMISSION);
  const [conversations, leads, mine, latest] = await Promise.all([
    seesConversations ? conversationNumbers(deps, session, from) : null,
    seesLeads ? leadNumbers(deps, session, from) : null,
    seesLeads ? myLeadCounts(deps, session.userId, now) : null,
    seesLeads ? leadNotices(deps.database.db, eq(crmLead.ownerId, session.userId), LATEST_LEADS) : null,
  ]);
  const last = TREND_DAYS - 1;
  const showPhone = maySeePhone(session);
  return {
    conversations: conversations && { today: conversations.days[last], waiting: conversations.waiting },
    leads:
      leads && mine && latest
        ? { today: leads.days[last], dueToday: mine.dueToday, overdue: mine.overdueCount, latest: latest.map((n) => forViewer(n, showPhone)) }
        : null,
    captureRate: conversations && leads ? ratio(leads.todayExtra, conversations.days[last]) : null,
    trend: Array.from({ length: TREND_DAYS }, (_, i) => ({
      day: dayLabel(from.getTime() + i * DAY_MS),
      conversations: conversations ? conversations.days[i] : null,
      leads: leads ? leads.days[i] : null,
    })),
  };
}
