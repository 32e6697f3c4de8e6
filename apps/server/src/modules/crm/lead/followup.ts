import { eq } from 'drizzle-orm';
import { FOLLOWUP_RESULT_LABELS, FOLLOWUP_RESULT_STATUS, type LeadStatus } from '@acs/shared';
import type { AppDeps } from '../../../app';
import type { LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { crmFollowup, crmLead } from '../../../db/schema';
import { recordLeadEvents, type LeadEventInput } from '../lead-events';
import { assertMayWork, checkLeadScope } from './actions';
import { assertMove, lockLeads, markConverted, operatorOf } from './moves';
import type { FollowupBody } from './schema';

type Deps = Pick<AppDeps, 'database' | 'now'>;

export const FollowupMsg = {
  IN_POOL: '请先领取或分配线索',
  PAST_NEXT_CONTACT: '下次联系时间必须晚于当前时间',
} as const;

/**
 * Records a follow-up by the lead's owner (or someone who may assign leads) and moves the lead as its
 * result says (FOLLOWUP_RESULT_STATUS), within the rule table; 未接通 leaves the status as it is.
 */
export async function addFollowup(deps: Deps, session: LoginSession, leadId: number, body: FollowupBody): Promise<number> {
  await checkLeadScope(deps, session, 'crm:lead:followup', [leadId]);
  const now = deps.now();
  const at = new Date(now);
  const nextContactTime = body.nextContactTime || null;
  if (nextContactTime && nextContactTime.getTime() <= now) throw new ServiceError(FollowupMsg.PAST_NEXT_CONTACT);
  const note = body.note ?? '';
  const resultLabel = FOLLOWUP_RESULT_LABELS[body.result];
  return deps.database.db.transaction(async (tx) => {
    const [lead] = await lockLeads(tx, [leadId]);
    if (lead.status === 'new') throw new ServiceError(FollowupMsg.IN_POOL);
    assertMayWork(session, lead);
    const from = lead.status as LeadStatus;
    const to = FOLLOWUP_RESULT_STATUS[body.result] ?? from;
    assertMove(from, to);
    const operator = operatorOf(session);
    const [followup] = await tx
      .insert(crmFollowup)
      .values({ leadId, customerId: lead.customerId, userId: session.userId, userName: operator.name, result: body.result, note, nextContactTime, createTime: at })
      .returning({ followupId: crmFollowup.followupId });
    await tx
      .update(crmLead)
      .set({ status: to, lastFollowupTime: at, nextContactTime, updateBy: session.userName, updateTime: at })
      .where(eq(crmLead.leadId, leadId));
    if (to === 'converted') await markConverted(tx, lead.customerId);
    const base = { customerId: lead.customerId, leadId, fromOwnerId: lead.ownerId, toOwnerId: lead.ownerId };
    const events: LeadEventInput[] = [{ ...base, kind: 'followup', fromStatus: from, toStatus: to, reason: note ? `${resultLabel}：${note}` : resultLabel }];
    if (to !== from) events.push({ ...base, kind: 'status', fromStatus: from, toStatus: to, reason: `跟进结果：${resultLabel}` });
    await recordLeadEvents(tx, operator, events, now);
    return followup.followupId;
  });
}
