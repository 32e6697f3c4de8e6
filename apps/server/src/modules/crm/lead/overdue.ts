import { and, eq, isNull, lt, type SQL } from 'drizzle-orm';
import { crmLead } from '../../../db/schema';

/**
 * Overdue: assigned, past its first-contact deadline, and nobody has recorded a follow-up yet (any
 * follow-up, even an unanswered call, is the first contact the deadline asks for). One rule for the
 * 已逾期 tab, the list's flag, the top bar and the workbench.
 */
export const overdueWhere = (now: number): SQL =>
  and(eq(crmLead.status, 'assigned'), isNull(crmLead.lastFollowupTime), lt(crmLead.firstContactDeadline, new Date(now))) as SQL;

export const isOverdue = (
  lead: { status: string; firstContactDeadline: Date | null; lastFollowupTime: Date | null },
  now: number,
): boolean => lead.status === 'assigned' && lead.lastFollowupTime === null && lead.firstContactDeadline !== null && lead.firstContactDeadline.getTime() < now;
