import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { LEAD_STATUS_LABELS, LEAD_STATUS_MOVES, type LeadStatus } from '@acs/shared';
import type { LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { crmCustomer, crmLead } from '../../../db/schema';
import type { Tx } from '../capture';
import type { Operator } from '../lead-events';
import { LeadMsg } from './service';

export type LockedLead = typeof crmLead.$inferSelect;

const label = (status: string) => LEAD_STATUS_LABELS[status as LeadStatus] ?? status;

/** The rule table (docs/crm.md §状态规则): refuses a move it does not list. */
export function assertMove(from: string, to: LeadStatus): void {
  const allowed = Object.hasOwn(LEAD_STATUS_MOVES, from) ? LEAD_STATUS_MOVES[from as LeadStatus] : [];
  if (!allowed.includes(to)) throw new ServiceError(`线索状态不能从「${label(from)}」变为「${label(to)}」`);
}

/**
 * The leads locked for the rest of the transaction (in id order, so two writers never wait on each
 * other crosswise): a concurrent action sees them only as this one leaves them.
 */
export async function lockLeads(tx: Tx, leadIds: number[]): Promise<LockedLead[]> {
  const ids = [...new Set(leadIds)];
  const rows = await tx.select().from(crmLead).where(inArray(crmLead.leadId, ids)).orderBy(asc(crmLead.leadId)).for('update');
  if (rows.length !== ids.length) throw new ServiceError(LeadMsg.NOT_FOUND);
  return rows;
}

/** A lead's new owner becomes its customer's owner when the customer has none yet. */
export async function adoptCustomers(tx: Tx, leads: LockedLead[], ownerId: number): Promise<void> {
  const customerIds = [...new Set(leads.map((l) => l.customerId))];
  await tx
    .update(crmCustomer)
    .set({ ownerId })
    .where(and(inArray(crmCustomer.customerId, customerIds), isNull(crmCustomer.ownerId)));
}

/** A converted lead makes its customer a 客户. */
export async function markConverted(tx: Tx, customerId: number): Promise<void> {
  await tx.update(crmCustomer).set({ stage: 'customer' }).where(eq(crmCustomer.customerId, customerId));
}

/** The signed-in user as a lead's history names them. */
export const operatorOf = (session: LoginSession): Operator => ({ userId: session.userId, name: session.user.nickName || session.userName });
