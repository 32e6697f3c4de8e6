import { eq } from 'drizzle-orm';
import { LEAD_SOURCE_LABELS, type CapturedField } from '@acs/shared';
import { crmLead } from '../../../db/schema';
import { insertLead, type CaptureOrigin, type ContactFields, type Executor } from '../capture';
import { autoAssign } from '../distribution/engine';
import { recordLeadEvents, type Operator } from '../lead-events';
import type { LeadAssignment } from '../notify/announce';

type StaffSource = 'manual' | 'import';

const OWNER_GIVEN: Record<StaffSource, string> = { manual: '手动录入时指定负责人', import: '导入时指定负责人' };

export interface NewCustomer {
  customerId: number;
  name: string;
  phone: string;
  wechat: string;
  ownerId: number | null;
  stage: string;
}

/**
 * The lead of a customer staff just created (新增客户, an import row) with a phone or WeChat id, in the
 * creating transaction (unless entered at stage 客户), so it reaches a salesperson like a captured one: the owner named on the form
 * takes it, else the distribution rules hand it out. There is no conversation; the channel is 'web',
 * the console it was typed into, as for an application on /home. Returns who now holds it, for the
 * caller to announce after commit.
 */
export async function leadForNewCustomer(
  db: Executor,
  customer: NewCustomer,
  ctx: { source: StaffSource; operator: Operator; now: number },
): Promise<LeadAssignment | null> {
  const { customerId, ownerId } = customer;
  // A customer entered as already won (an import of existing clients) is nobody's lead to work.
  if ((!customer.phone && !customer.wechat) || customer.stage === 'customer') return null;
  const { source, now } = ctx;
  const conv: CaptureOrigin = { conversationId: null, agentId: null, channel: 'web', accountId: null, visitorId: '', customerId };
  const filled: ContactFields = { name: customer.name, phone: customer.phone, phoneMasked: '', wechat: customer.wechat };
  const fields: CapturedField[] = (['name', 'phone', 'wechat'] as const)
    .filter((field) => filled[field])
    .map((field) => ({ field, value: filled[field], method: 'manual', evidence: LEAD_SOURCE_LABELS[source] }));
  return db.transaction(async (tx) => {
    const { leadId } = await insertLead(tx, { customerId, conv, source, filled, fields, status: 'new', duplicateOf: null }, now);
    if (ownerId === null) return autoAssign(tx, { leadId, customerId, channel: conv.channel, agentId: null, source }, now);
    const at = new Date(now);
    await tx
      .update(crmLead)
      .set({ ownerId, status: 'assigned', assignedTime: at, updateBy: ctx.operator.name, updateTime: at })
      .where(eq(crmLead.leadId, leadId));
    await recordLeadEvents(
      tx,
      ctx.operator,
      [{ kind: 'assign', leadId, customerId, fromStatus: 'new', toStatus: 'assigned', toOwnerId: ownerId, reason: OWNER_GIVEN[source] }],
      now,
    );
    return { leadId, userId: ownerId, ruleId: null };
  });
}
