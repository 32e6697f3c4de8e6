import { eq, inArray } from 'drizzle-orm';
import { CRM_TEXT_MAX } from '@acs/shared';
import type { LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { crmCustomer } from '../../../db/schema';
import { recordLeadEvents } from '../lead-events';
import { checkOwnerScope } from '../scope';
import { editEvents, type Editable } from './changes';
import { describeCustomer, requireActiveUser } from './contacts';
import type { BulkOwnerBody, BulkTagsBody } from './schema';
import { CUSTOMERS, editableOf, operatorOf, Perm, type Deps } from './service';

type Customer = typeof crmCustomer.$inferSelect;

/**
 * One edit applied to many customers in one transaction, each change in its customer's history.
 * `edit` returns the new fields, or null when the customer is left as it is.
 */
async function editMany(deps: Deps, session: LoginSession, customerIds: number[], reason: string, edit: (row: Customer) => Editable | null) {
  await checkOwnerScope(deps, session, Perm.EDIT, CUSTOMERS, customerIds);
  const at = new Date(deps.now());
  await deps.database.db.transaction(async (tx) => {
    const rows = await tx.select().from(crmCustomer).where(inArray(crmCustomer.customerId, customerIds)).orderBy(crmCustomer.customerId).for('update');
    const changes = rows.flatMap((row) => {
      const after = edit(row);
      return after ? [{ customerId: row.customerId, before: editableOf(row), after }] : [];
    });
    for (const { customerId, after } of changes) {
      await tx
        .update(crmCustomer)
        .set({ ...after, updateBy: session.userName, updateTime: at })
        .where(eq(crmCustomer.customerId, customerId));
    }
    await recordLeadEvents(tx, operatorOf(session), await editEvents(tx, reason, changes), at.getTime());
  });
}

/** 批量打标签 / 批量移除标签. */
export async function bulkTags(deps: Deps, session: LoginSession, body: BulkTagsBody): Promise<void> {
  const adding = body.mode === 'add';
  await editMany(deps, session, body.customerIds, adding ? '批量添加标签' : '批量移除标签', (row) => {
    const tags = adding ? [...new Set([...row.tags, ...body.tags])] : row.tags.filter((t) => !body.tags.includes(t));
    if (tags.length === row.tags.length) return null;
    if (tags.length > CRM_TEXT_MAX.tags) throw new ServiceError(`${describeCustomer(row)}的标签将超过${CRM_TEXT_MAX.tags}个`);
    return { ...editableOf(row), tags };
  });
}

/** 批量修改负责人; null returns the customers to no one. */
export async function bulkOwner(deps: Deps, session: LoginSession, body: BulkOwnerBody): Promise<void> {
  if (body.ownerId !== null) await requireActiveUser(deps.database.db, body.ownerId);
  await editMany(deps, session, body.customerIds, '批量修改负责人', (row) =>
    row.ownerId === body.ownerId ? null : { ...editableOf(row), ownerId: body.ownerId },
  );
}
