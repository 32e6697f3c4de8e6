import type { LeadEventKind, LeadStatus } from '@acs/shared';
import { crmLeadEvent } from '../../db/schema';
import type { Executor } from './capture';

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
