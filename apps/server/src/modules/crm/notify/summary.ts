import { and, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { crmLead } from '../../../db/schema';
import { chinaDayStart } from '../../ai/engine/china-time';
import { overdueWhere } from '../lead/overdue';
import { forViewer, leadNotices, type LeadNotice } from './notices';

const DAY_MS = 86_400_000;
/** Leads listed in the top bar and on the workbench. */
export const LATEST_LEADS = 5;

/** Given to the user and not yet followed up: what the top bar counts as new. */
const fresh = (userId: number): SQL => and(eq(crmLead.ownerId, userId), eq(crmLead.status, 'assigned'), isNull(crmLead.lastFollowupTime)) as SQL;

/** New and past the first-contact deadline. */
const overdue = (userId: number, now: number): SQL => and(eq(crmLead.ownerId, userId), overdueWhere(now)) as SQL;

export interface MyLeadCounts {
  newCount: number;
  overdueCount: number;
  /** Open leads whose next contact (set by a follow-up) falls on today, China time. */
  dueToday: number;
}

/** The user's own lead numbers at `now`, in one pass over their open leads. */
export async function myLeadCounts(deps: Pick<AppDeps, 'database'>, userId: number, now: number): Promise<MyLeadCounts> {
  const today = chinaDayStart(now);
  const due = and(gte(crmLead.nextContactTime, today), lt(crmLead.nextContactTime, new Date(today.getTime() + DAY_MS)));
  const [row] = await deps.database.db
    .select({
      newCount: sql<number>`(count(*) filter (where ${fresh(userId)}))::int`,
      overdueCount: sql<number>`(count(*) filter (where ${overdue(userId, now)}))::int`,
      dueToday: sql<number>`(count(*) filter (where ${due}))::int`,
    })
    .from(crmLead)
    .where(and(eq(crmLead.ownerId, userId), inArray(crmLead.status, ['assigned', 'contacted'])));
  return row;
}

export interface LeadSummary {
  newCount: number;
  overdueCount: number;
  /** The newest of the new leads, latest assigned first. */
  latest: LeadNotice[];
}

/** The top bar's lead notice area: the user's new leads, counted and the newest listed. */
export async function leadSummary(deps: Pick<AppDeps, 'database' | 'now'>, userId: number, showPhone: boolean): Promise<LeadSummary> {
  const now = deps.now();
  const [counts, latest] = await Promise.all([myLeadCounts(deps, userId, now), leadNotices(deps.database.db, fresh(userId), LATEST_LEADS)]);
  return { newCount: counts.newCount, overdueCount: counts.overdueCount, latest: latest.map((n) => forViewer(n, showPhone)) };
}
