import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { crmCustomer, crmLead, crmLeadEvent } from '../../../db/schema';
import { maskPhone, maskPhonesInText } from '../mask';

/** The history entries that give a lead to someone: their latest says why the owner has it. */
const RECEIVING_KINDS = ['assign', 'claim', 'reclaim'];

/** A lead as its owner is told about it: in the top bar, on the workbench and in the live event. */
export interface LeadNotice {
  leadId: number;
  /** The lead's name, else its customer's. */
  name: string;
  /** Whole, or masked for a viewer without crm:customer:phone (see forViewer). */
  phone: string;
  wechat: string;
  channel: string;
  source: string;
  status: string;
  ownerId: number | null;
  capturedTime: Date;
  assignedTime: Date | null;
  firstContactDeadline: Date | null;
  /** Why the owner has it, in the words of the lead's history. */
  reason: string;
}

const noticeColumns = {
  leadId: crmLead.leadId,
  name: sql<string>`coalesce(nullif(${crmLead.name}, ''), ${crmCustomer.name}, '')`,
  // A lead known only by a masked number (the customer typed 138****5678) shows that.
  phone: sql<string>`coalesce(nullif(${crmLead.phone}, ''), ${crmLead.phoneMasked})`,
  wechat: crmLead.wechat,
  channel: crmLead.channel,
  source: crmLead.source,
  status: crmLead.status,
  ownerId: crmLead.ownerId,
  capturedTime: crmLead.capturedTime,
  assignedTime: crmLead.assignedTime,
  firstContactDeadline: crmLead.firstContactDeadline,
  reason: sql<string>`coalesce((
    select ${crmLeadEvent.reason} from ${crmLeadEvent}
    where ${crmLeadEvent.leadId} = ${crmLead.leadId} and ${crmLeadEvent.toOwnerId} = ${crmLead.ownerId}
      and ${inArray(crmLeadEvent.kind, RECEIVING_KINDS)}
    order by ${crmLeadEvent.eventId} desc limit 1), '')`,
};

/** Leads matching `where` as notices, the latest assigned first. */
export function leadNotices(db: Db, where: SQL | undefined, limit: number): Promise<LeadNotice[]> {
  return db
    .select(noticeColumns)
    .from(crmLead)
    .leftJoin(crmCustomer, eq(crmCustomer.customerId, crmLead.customerId))
    .where(where)
    .orderBy(sql`${crmLead.assignedTime} desc nulls last`, desc(crmLead.leadId))
    .limit(limit);
}

/** The given leads as notices, while `userId` still owns them. */
export const ownedNotices = (db: Db, leadIds: number[], userId: number) =>
  leadNotices(db, and(inArray(crmLead.leadId, leadIds), eq(crmLead.ownerId, userId)), leadIds.length);

/** A notice as a viewer may see it: phone numbers masked unless they may read them whole. */
export function forViewer<T extends Pick<LeadNotice, 'phone' | 'wechat'>>(notice: T, showPhone: boolean): T {
  if (showPhone) return notice;
  const masked = notice.phone.includes('*') ? notice.phone : maskPhone(notice.phone);
  return { ...notice, phone: masked, wechat: maskPhonesInText(notice.wechat) };
}
