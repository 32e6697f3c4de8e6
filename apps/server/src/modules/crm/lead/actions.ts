import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { CRM_CONFIG, type LeadEventKind, type LeadStatus } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { hasPermi, type LoginSession } from '../../../core/auth';
import { dataScopeFilter } from '../../../core/datascope';
import { ServiceError } from '../../../core/errors';
import { crmLead, crmLeadEvent, sysUser } from '../../../db/schema';
import { chinaDayStart } from '../../ai/engine/china-time';
import type { Tx } from '../capture';
import { recordLeadEvents, type LeadEventInput } from '../lead-events';
import { announceToOwner } from '../notify/announce';
import { checkOwnerScope } from '../scope';
import { crmSetting } from './config';
import { adoptCustomers, assertMove, lockLeads, markConverted, operatorOf, type LockedLead } from './moves';
import type { StatusBody } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'now'>;

export const ASSIGN_PERMISSION = 'crm:lead:assign';

export const ActionMsg = {
  NO_USER: '负责人不存在或已停用',
  NO_USER_ACCESS: '没有权限访问用户数据！',
  TAKEN: '线索已被他人领取',
  ALREADY_MINE: '线索已由您负责',
  NOT_OWNER: '只能操作自己负责的线索',
  SAME_STATUS: '线索状态没有变化',
  capReached: (cap: number) => `今日领取已达上限（${cap}条）`,
  capLeft: (cap: number, left: number) => `今日领取已达上限（${cap}条），今日还可领取${left}条`,
} as const;

const leadTarget = { table: crmLead, id: crmLead.leadId, owner: crmLead.ownerId };

/** Refuses leads outside the user's data scope (docs/crm.md §数据权限). */
export const checkLeadScope = (deps: Pick<AppDeps, 'database'>, session: LoginSession, permission: string, leadIds: number[]) =>
  checkOwnerScope(deps, session, permission, leadTarget, leadIds);

/** What a lead back in the pool no longer has. */
const UNOWNED = { ownerId: null, ruleId: null, assignedTime: null, firstContactDeadline: null };

/** Only a lead's owner works it, or someone who may hand leads out. */
export function assertMayWork(session: LoginSession, lead: LockedLead): void {
  if (lead.ownerId !== session.userId && !hasPermi(session, ASSIGN_PERMISSION)) throw new ServiceError(ActionMsg.NOT_OWNER);
}

/** The new owner must be an active user the assigner's data scope covers. */
async function requireAssignee(deps: Deps, session: LoginSession, userId: number): Promise<void> {
  const [user] = await deps.database.db
    .select({ status: sysUser.status, inScope: sql<boolean>`${dataScopeFilter(session, ASSIGN_PERMISSION, { dept: sysUser.deptId, user: sysUser.userId }) ?? sql`true`}` })
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0')))
    .limit(1);
  if (!user || user.status !== '0') throw new ServiceError(ActionMsg.NO_USER);
  if (!user.inScope) throw new ServiceError(ActionMsg.NO_USER_ACCESS);
}

/** A history entry's before and after of one lead. */
const change = (lead: LockedLead, toStatus: LeadStatus, toOwnerId: number | null): Omit<LeadEventInput, 'kind'> => ({
  customerId: lead.customerId,
  leadId: lead.leadId,
  fromStatus: lead.status as LeadStatus,
  toStatus,
  fromOwnerId: lead.ownerId,
  toOwnerId,
});

/**
 * Gives the locked leads to `ownerId` (assigned now, by hand: no rule, no first-contact deadline;
 * their customers adopted when unowned) or, with null, back to the pool; one history entry each.
 */
async function handOver(
  tx: Tx,
  session: LoginSession,
  leads: LockedLead[],
  move: { ownerId: number | null; kind: LeadEventKind; reason: string },
  now: number,
): Promise<number> {
  const at = new Date(now);
  const status: LeadStatus = move.ownerId === null ? 'new' : 'assigned';
  const owner = move.ownerId === null ? UNOWNED : { ...UNOWNED, ownerId: move.ownerId, assignedTime: at };
  await tx
    .update(crmLead)
    .set({ ...owner, status, updateBy: session.userName, updateTime: at })
    .where(inArray(crmLead.leadId, leads.map((l) => l.leadId)));
  if (move.ownerId !== null) await adoptCustomers(tx, leads, move.ownerId);
  await recordLeadEvents(tx, operatorOf(session), leads.map((l) => ({ ...change(l, status, move.ownerId), kind: move.kind, reason: move.reason })), now);
  return leads.length;
}

/** 手动分配, in one transaction; the new owner is told after it. */
export async function assignLeads(deps: Deps, session: LoginSession, body: { leadIds: number[]; userId: number; reason: string }): Promise<number> {
  await requireAssignee(deps, session, body.userId);
  await checkLeadScope(deps, session, ASSIGN_PERMISSION, body.leadIds);
  const leadIds = await deps.database.db.transaction(async (tx) => {
    const leads = await lockLeads(tx, body.leadIds);
    for (const lead of leads) assertMove(lead.status, 'assigned');
    await handOver(tx, session, leads, { ownerId: body.userId, kind: 'assign', reason: `手动分配：${body.reason}` }, deps.now());
    return leads.map((l) => l.leadId);
  });
  await announceToOwner(deps, body.userId, leadIds);
  return leadIds.length;
}

/** 退回公海: the leads lose their owner and wait in the pool again. */
export async function releaseLeads(deps: Deps, session: LoginSession, body: { leadIds: number[]; reason: string }): Promise<number> {
  await checkLeadScope(deps, session, ASSIGN_PERMISSION, body.leadIds);
  return deps.database.db.transaction(async (tx) => {
    const leads = await lockLeads(tx, body.leadIds);
    for (const lead of leads) assertMove(lead.status, 'new');
    return handOver(tx, session, leads, { ownerId: null, kind: 'release', reason: body.reason }, deps.now());
  });
}

/**
 * 公海领取: pool leads (unowned, new) become the caller's, within crm.lead.claimDailyCap per China
 * day. The caller's claims are serialised (so two at once cannot both pass the cap) and the leads
 * locked, so of two users claiming one lead exactly one gets it.
 */
export async function claimLeads(deps: Deps, session: LoginSession, leadIds: number[]): Promise<number> {
  const cap = await crmSetting(deps, CRM_CONFIG.claimDailyCap);
  const now = deps.now();
  const me = session.userId;
  const claimedIds = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`crm:claim:${me}`}, 0))`);
    const [{ n: claimed }] = await tx
      .select({ n: count() })
      .from(crmLeadEvent)
      .where(and(eq(crmLeadEvent.toOwnerId, me), eq(crmLeadEvent.kind, 'claim'), gte(crmLeadEvent.createTime, chinaDayStart(now))));
    const wanted = new Set(leadIds).size;
    if (claimed >= cap) throw new ServiceError(ActionMsg.capReached(cap));
    if (claimed + wanted > cap) throw new ServiceError(ActionMsg.capLeft(cap, cap - claimed));
    const leads = await lockLeads(tx, leadIds);
    for (const lead of leads) {
      if (lead.ownerId === me) throw new ServiceError(ActionMsg.ALREADY_MINE);
      if (lead.ownerId !== null) throw new ServiceError(ActionMsg.TAKEN);
      assertMove(lead.status, 'assigned');
    }
    await handOver(tx, session, leads, { ownerId: me, kind: 'claim', reason: '公海领取' }, now);
    return leads.map((l) => l.leadId);
  });
  // The claimer's other tabs and top bar count the lead too.
  await announceToOwner(deps, me, claimedIds);
  return claimedIds.length;
}

/**
 * A status set by hand, as the rule table allows: back to the pool (or an invalid lead reopened
 * there) clears the owner; converted makes the customer a 客户.
 */
export async function changeStatus(deps: Deps, session: LoginSession, body: StatusBody): Promise<number> {
  await checkLeadScope(deps, session, 'crm:lead:followup', [body.leadId]);
  const now = deps.now();
  const at = new Date(now);
  return deps.database.db.transaction(async (tx) => {
    const [lead] = await lockLeads(tx, [body.leadId]);
    assertMayWork(session, lead);
    if (lead.status === body.status) throw new ServiceError(ActionMsg.SAME_STATUS);
    assertMove(lead.status, body.status);
    const toPool = body.status === 'new';
    await tx
      .update(crmLead)
      .set({ ...(toPool ? UNOWNED : {}), status: body.status, updateBy: session.userName, updateTime: at })
      .where(eq(crmLead.leadId, lead.leadId));
    if (body.status === 'converted') await markConverted(tx, lead.customerId);
    await recordLeadEvents(
      tx,
      operatorOf(session),
      [{ ...change(lead, body.status, toPool ? null : lead.ownerId), kind: 'status', reason: body.reason }],
      now,
    );
    return 1;
  });
}
