import { eq, inArray } from 'drizzle-orm';
import { CRM_TEXT_MAX } from '@acs/shared';
import type { LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { aiConversation, crmCustomer, crmCustomerIdentity, crmFollowup, crmLead, crmLeadEvent } from '../../../db/schema';
import { recordLeadEvents } from '../lead-events';
import { checkOwnerScope } from '../scope';
import { describeCustomer, lockContactKeys } from './contacts';
import { MERGE_FIELDS, type MergeBody, type MergeField } from './schema';
import { CUSTOMERS, operatorOf, Perm, type Deps } from './service';

const FIELD_LABELS: Record<MergeField, string> = { name: '姓名', phone: '手机号', wechat: '微信号', ownerId: '负责人', remark: '备注', stage: '阶段' };

type Customer = typeof crmCustomer.$inferSelect;

/** A field not picked keeps the target's value, or takes the source's where the target has none. */
function sideOf(pick: MergeBody['pick'], field: MergeField, target: Customer, source: Customer): Customer {
  const chosen = pick?.[field];
  if (chosen) return chosen === 'source' ? source : target;
  const value = target[field];
  return value === null || value === '' ? source : target;
}

/**
 * 合并客户: the source customer's identities, conversations, leads, follow-ups and history move to
 * the target, tags are united, each field is taken from the side picked, the source is deleted and
 * the merge is written to the target's history, all in one transaction.
 */
export async function mergeCustomers(deps: Deps, session: LoginSession, body: MergeBody): Promise<void> {
  const { targetId, sourceId } = body;
  const ids = [targetId, sourceId];
  await checkOwnerScope(deps, session, Perm.MERGE, CUSTOMERS, ids);
  const at = new Date(deps.now());
  await deps.database.db.transaction(async (tx) => {
    const [seen, identities] = await Promise.all([
      tx.select().from(crmCustomer).where(inArray(crmCustomer.customerId, ids)),
      tx.select().from(crmCustomerIdentity).where(inArray(crmCustomerIdentity.customerId, ids)),
    ]);
    // Captures for either customer wait until the merge is done, then find the target.
    await lockContactKeys(tx, { phones: seen.map((c) => c.phone), wechats: seen.map((c) => c.wechat), identities });
    const rows = await tx.select().from(crmCustomer).where(inArray(crmCustomer.customerId, ids)).orderBy(crmCustomer.customerId).for('update');
    const target = rows.find((c) => c.customerId === targetId);
    const source = rows.find((c) => c.customerId === sourceId);
    if (!target || !source) throw new ServiceError('客户不存在');

    const tags = [...new Set([...target.tags, ...source.tags])];
    if (tags.length > CRM_TEXT_MAX.tags) throw new ServiceError(`合并后标签超过${CRM_TEXT_MAX.tags}个，请先移除部分标签`);
    const side = (field: MergeField) => sideOf(body.pick, field, target, source);
    const fromSource = MERGE_FIELDS.filter((f) => side(f) === source && source[f] !== target[f]);

    const move = { customerId: targetId };
    await tx.update(crmCustomerIdentity).set(move).where(eq(crmCustomerIdentity.customerId, sourceId));
    await tx.update(aiConversation).set(move).where(eq(aiConversation.customerId, sourceId));
    await tx.update(crmLead).set(move).where(eq(crmLead.customerId, sourceId));
    await tx.update(crmFollowup).set(move).where(eq(crmFollowup.customerId, sourceId));
    await tx.update(crmLeadEvent).set(move).where(eq(crmLeadEvent.customerId, sourceId));
    await tx.delete(crmCustomer).where(eq(crmCustomer.customerId, sourceId));
    const ownerId = side('ownerId').ownerId;
    await tx
      .update(crmCustomer)
      .set({
        name: side('name').name,
        phone: side('phone').phone,
        wechat: side('wechat').wechat,
        ownerId,
        remark: side('remark').remark,
        stage: side('stage').stage,
        tags,
        phoneMasked: target.phoneMasked || source.phoneMasked,
        phoneAlt: target.phoneAlt || source.phoneAlt,
        firstSeenTime: target.firstSeenTime < source.firstSeenTime ? target.firstSeenTime : source.firstSeenTime,
        lastSeenTime: target.lastSeenTime > source.lastSeenTime ? target.lastSeenTime : source.lastSeenTime,
        updateBy: session.userName,
        updateTime: at,
      })
      .where(eq(crmCustomer.customerId, targetId));

    const taken = fromSource.length > 0 ? `，采用被合并客户的${fromSource.map((f) => FIELD_LABELS[f]).join('、')}` : '';
    const ownerChanged = ownerId !== target.ownerId;
    await recordLeadEvents(
      tx,
      operatorOf(session),
      [
        {
          kind: 'merge',
          customerId: targetId,
          fromOwnerId: ownerChanged ? target.ownerId : null,
          toOwnerId: ownerChanged ? ownerId : null,
          reason: `将${describeCustomer(source)}合并到${describeCustomer(target)}${taken}`,
        },
      ],
      at.getTime(),
    );
  });
}
