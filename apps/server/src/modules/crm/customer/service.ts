import { and, count, eq, inArray } from 'drizzle-orm';
import { OPEN_LEAD_STATUSES } from '@acs/shared';
import type { AppDeps } from '../../../app';
import type { LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { paged, type ListQuery } from '../../../core/list';
import { aiConversation, crmCustomer, crmCustomerIdentity, crmFollowup, crmLead, crmLeadEvent } from '../../../db/schema';
import type { Executor } from '../capture';
import { recordLeadEvents, type Operator } from '../lead-events';
import { announceAssignments } from '../notify/announce';
import { checkOwnerScope, ownerScope } from '../scope';
import { editEvents, type Editable } from './changes';
import { checkContactsFree, lockContactKeys, requireActiveUser } from './contacts';
import { leadForNewCustomer } from './lead';
import { maskRow, masksFor, order, selectRows, where } from './rows';
import type { CustomerBody, CustomerFilters } from './schema';

export type Deps = Pick<AppDeps, 'database' | 'now'>;

export const Perm = {
  LIST: 'crm:customer:list',
  QUERY: 'crm:customer:query',
  ADD: 'crm:customer:add',
  EDIT: 'crm:customer:edit',
  REMOVE: 'crm:customer:remove',
  EXPORT: 'crm:customer:export',
  IMPORT: 'crm:customer:import',
  MERGE: 'crm:customer:merge',
} as const;

/** What checkOwnerScope (../scope.ts) checks customers by. */
export const CUSTOMERS = { table: crmCustomer, id: crmCustomer.customerId, owner: crmCustomer.ownerId };

export const operatorOf = (session: LoginSession): Operator => ({ userId: session.userId, name: session.userName });

export async function listCustomers(deps: Deps, session: LoginSession, q: CustomerFilters & ListQuery) {
  const { db } = deps.database;
  const filter = where(q, ownerScope(session, Perm.LIST, crmCustomer.ownerId));
  const page = await paged(
    q,
    async () => (await db.select({ n: count() }).from(crmCustomer).where(filter))[0].n,
    (limit, offset) =>
      selectRows(db)
        .where(filter)
        .orderBy(...order(q))
        .limit(limit)
        .offset(offset),
  );
  const masks = masksFor(session);
  return { rows: page.rows.map((r) => maskRow(r, masks)), total: page.total };
}

export async function exportCustomers(deps: Deps, session: LoginSession, q: CustomerFilters) {
  const rows = await selectRows(deps.database.db)
    .where(where(q, ownerScope(session, Perm.EXPORT, crmCustomer.ownerId)))
    .orderBy(...order(q));
  const masks = masksFor(session);
  return rows.map((r) => maskRow(r, masks));
}

/** The customer as listed, with how it is known on each platform. */
export async function getCustomer(deps: Deps, session: LoginSession, customerId: number) {
  await checkOwnerScope(deps, session, Perm.QUERY, CUSTOMERS, [customerId]);
  const { db } = deps.database;
  const [[row], identities] = await Promise.all([
    selectRows(db).where(eq(crmCustomer.customerId, customerId)).limit(1),
    db
      .select({ platform: crmCustomerIdentity.platform, uid: crmCustomerIdentity.uid })
      .from(crmCustomerIdentity)
      .where(eq(crmCustomerIdentity.customerId, customerId))
      .orderBy(crmCustomerIdentity.platform, crmCustomerIdentity.uid),
  ]);
  if (!row) throw new ServiceError('客户不存在');
  return { ...maskRow(row, masksFor(session)), identities };
}

/** A customer who gives contact details is a lead in the funnel unless staff say otherwise. */
const stageFor = (given: string | undefined, current: string, contact: { phone: string; wechat: string }) =>
  given ?? (current === 'visitor' && (contact.phone || contact.wechat) ? 'lead' : current);

/** A field of an edit: absent keeps the stored value, null (or '' for texts, see schema.ts) clears it. */
const keep = <T>(given: T | null | undefined, current: T, cleared: T): T => (given === undefined ? current : (given ?? cleared));

/** Refuses a new owner who cannot sign in; an unchanged one stays even if disabled since. */
async function checkOwner(db: Executor, ownerId: number | null, current: number | null) {
  if (ownerId !== null && ownerId !== current) await requireActiveUser(db, ownerId);
}

/** A new customer's row: 新增客户 ('manual') or an import. */
export function insertValues(body: CustomerBody, source: 'manual' | 'import', operator: string, at: Date) {
  const contact = { phone: body.phone ?? '', wechat: body.wechat ?? '' };
  return {
    name: body.name ?? '',
    ...contact,
    tags: body.tags ?? [],
    ownerId: body.ownerId ?? null,
    stage: stageFor(body.stage, 'visitor', contact),
    remark: body.remark ?? null,
    source,
    firstSeenTime: at,
    lastSeenTime: at,
    createBy: operator,
    createTime: at,
  };
}

/** 新增客户: its phone and WeChat id must be free; with either it gets its lead (./lead.ts), announced after commit. */
export async function insertCustomer(deps: Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'now'>, session: LoginSession, body: CustomerBody): Promise<number> {
  const now = deps.now();
  const values = insertValues(body, 'manual', session.userName, new Date(now));
  if (!values.name && !values.phone && !values.wechat) throw new ServiceError('请至少填写客户名称、手机号或微信号');
  const { customerId, assignment } = await deps.database.db.transaction(async (tx) => {
    await checkOwner(tx, values.ownerId, null);
    await lockContactKeys(tx, { phones: [values.phone], wechats: [values.wechat] });
    await checkContactsFree(tx, values);
    const [row] = await tx.insert(crmCustomer).values(values).returning({ customerId: crmCustomer.customerId });
    const lead = { customerId: row.customerId, ...values };
    return { customerId: row.customerId, assignment: await leadForNewCustomer(tx, lead, { source: 'manual', operator: operatorOf(session), now }) };
  });
  await announceAssignments(deps, assignment ? [assignment] : []);
  return customerId;
}

export const editableOf = (row: typeof crmCustomer.$inferSelect): Editable => ({
  name: row.name,
  phone: row.phone,
  wechat: row.wechat,
  tags: row.tags,
  ownerId: row.ownerId,
  stage: row.stage,
  remark: row.remark,
});

/** The stored fields after an edit or an import update (see `keep`). */
export function applyEdit(before: Editable, body: CustomerBody): Editable {
  const after = {
    name: keep(body.name, before.name, ''),
    phone: keep(body.phone, before.phone, ''),
    wechat: keep(body.wechat, before.wechat, ''),
    tags: keep(body.tags, before.tags, []),
    ownerId: keep(body.ownerId, before.ownerId, null),
    remark: keep(body.remark, before.remark, null),
  };
  return { ...after, stage: stageFor(body.stage, before.stage, after) };
}

/**
 * Writes an edit (修改客户, an import update) in the caller's transaction: a new phone, WeChat id or
 * owner is checked as on create; the change goes to the customer's history.
 */
export async function saveEdit(
  tx: Executor,
  old: typeof crmCustomer.$inferSelect,
  after: Editable,
  ctx: { operator: Operator; at: Date; reason: string },
) {
  const changed = { phone: after.phone !== old.phone ? after.phone : '', wechat: after.wechat.toLowerCase() !== old.wechat.toLowerCase() ? after.wechat : '' };
  await checkOwner(tx, after.ownerId, old.ownerId);
  await lockContactKeys(tx, { phones: [changed.phone], wechats: [changed.wechat] });
  await checkContactsFree(tx, changed, [old.customerId]);
  await tx
    .update(crmCustomer)
    .set({ ...after, updateBy: ctx.operator.name, updateTime: ctx.at })
    .where(eq(crmCustomer.customerId, old.customerId));
  const events = await editEvents(tx, ctx.reason, [{ customerId: old.customerId, before: editableOf(old), after }]);
  await recordLeadEvents(tx, ctx.operator, events, ctx.at.getTime());
}

export async function updateCustomer(deps: Deps, session: LoginSession, body: CustomerBody & { customerId: number }): Promise<void> {
  await checkOwnerScope(deps, session, Perm.EDIT, CUSTOMERS, [body.customerId]);
  await deps.database.db.transaction(async (tx) => {
    const [old] = await tx.select().from(crmCustomer).where(eq(crmCustomer.customerId, body.customerId)).for('update');
    if (!old) throw new ServiceError('客户不存在');
    await saveEdit(tx, old, applyEdit(editableOf(old), body), { operator: operatorOf(session), at: new Date(deps.now()), reason: '编辑客户' });
  });
}

/**
 * Refused as a whole while any of the customers has a lead being worked. Their conversations stay
 * (unlinked); their identities and closed leads, with the leads' history, go with them.
 */
export async function deleteCustomers(deps: Deps, session: LoginSession, customerIds: number[]): Promise<number> {
  await checkOwnerScope(deps, session, Perm.REMOVE, CUSTOMERS, customerIds);
  return deps.database.db.transaction(async (tx) => {
    const [customers, identities] = await Promise.all([
      tx.select().from(crmCustomer).where(inArray(crmCustomer.customerId, customerIds)),
      tx.select().from(crmCustomerIdentity).where(inArray(crmCustomerIdentity.customerId, customerIds)),
    ]);
    if (customers.length === 0) return 0;
    // A capture arriving for one of them now would find it gone and start afresh, not attach a lead to it.
    await lockContactKeys(tx, { phones: customers.map((c) => c.phone), wechats: customers.map((c) => c.wechat), identities });
    const [busy] = await tx
      .select({ customerId: crmCustomer.customerId, name: crmCustomer.name })
      .from(crmLead)
      .innerJoin(crmCustomer, eq(crmCustomer.customerId, crmLead.customerId))
      .where(and(inArray(crmLead.customerId, customerIds), inArray(crmLead.status, [...OPEN_LEAD_STATUSES])))
      .orderBy(crmCustomer.customerId)
      .limit(1);
    if (busy) throw new ServiceError(`客户“${busy.name}”还有跟进中的线索，不能删除`);
    await tx.update(aiConversation).set({ customerId: null }).where(inArray(aiConversation.customerId, customerIds));
    await tx.delete(crmCustomerIdentity).where(inArray(crmCustomerIdentity.customerId, customerIds));
    await tx.delete(crmFollowup).where(inArray(crmFollowup.customerId, customerIds));
    await tx.delete(crmLeadEvent).where(inArray(crmLeadEvent.customerId, customerIds));
    await tx.delete(crmLead).where(inArray(crmLead.customerId, customerIds));
    const removed = await tx.delete(crmCustomer).where(inArray(crmCustomer.customerId, customerIds)).returning({ customerId: crmCustomer.customerId });
    return removed.length;
  });
}
