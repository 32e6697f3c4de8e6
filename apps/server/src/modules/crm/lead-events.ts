import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LeadEventKind, LeadStatus } from '@acs/shared';
import type { Db } from '../../db/client';
import { crmLead, crmLeadEvent, sysUser } from '../../db/schema';
import type { Executor } from './capture';
import { userName } from './lead/rows';

/** Who did it: a signed-in user, or the system (capture, distribution rules, reclaim). */
export interface Operator {
  userId: number | null;
  name: string;
}

export const SYSTEM_OPERATOR: Operator = { userId: null, name: 'system' };

export interface LeadEventInput {
  kind: LeadEventKind;
  customerId: number;
  leadId?: number | null;
  fromStatus?: LeadStatus | '';
  toStatus?: LeadStatus | '';
  fromOwnerId?: number | null;
  toOwnerId?: number | null;
  ruleId?: number | null;
  reason?: string;
}

/** Appends entries to the leads' history (crm_lead_event), in the caller's transaction. */
export async function recordLeadEvents(db: Executor, operator: Operator, events: LeadEventInput[], now: number): Promise<void> {
  if (events.length === 0) return;
  const at = new Date(now);
  await db.insert(crmLeadEvent).values(
    events.map((e) => ({
      kind: e.kind,
      customerId: e.customerId,
      leadId: e.leadId ?? null,
      fromStatus: e.fromStatus ?? '',
      toStatus: e.toStatus ?? '',
      fromOwnerId: e.fromOwnerId ?? null,
      toOwnerId: e.toOwnerId ?? null,
      ruleId: e.ruleId ?? null,
      reason: (e.reason ?? '').slice(0, 500),
      operatorId: operator.userId,
      operatorName: operator.name,
      createTime: at,
    })),
  );
}

const fromOwner = alias(sysUser, 'event_from_owner');
const toOwner = alias(sysUser, 'event_to_owner');

/**
 * History entries as staff read them, with the lead's name and the names of the owners they moved the
 * lead between (a lead's 跟进 history, a rule's 分配记录); the caller adds its filter and order.
 */
export const selectLeadEvents = (db: Db) =>
  db
    .select({
      eventId: crmLeadEvent.eventId,
      leadId: crmLeadEvent.leadId,
      leadName: sql<string>`coalesce(${crmLead.name}, '')`,
      customerId: crmLeadEvent.customerId,
      kind: crmLeadEvent.kind,
      fromStatus: crmLeadEvent.fromStatus,
      toStatus: crmLeadEvent.toStatus,
      fromOwnerId: crmLeadEvent.fromOwnerId,
      fromOwnerName: userName(fromOwner),
      toOwnerId: crmLeadEvent.toOwnerId,
      toOwnerName: userName(toOwner),
      ruleId: crmLeadEvent.ruleId,
      reason: crmLeadEvent.reason,
      operatorId: crmLeadEvent.operatorId,
      operatorName: crmLeadEvent.operatorName,
      createTime: crmLeadEvent.createTime,
    })
    .from(crmLeadEvent)
    .leftJoin(crmLead, eq(crmLead.leadId, crmLeadEvent.leadId))
    .leftJoin(fromOwner, eq(fromOwner.userId, crmLeadEvent.fromOwnerId))
    .leftJoin(toOwner, eq(toOwner.userId, crmLeadEvent.toOwnerId));
