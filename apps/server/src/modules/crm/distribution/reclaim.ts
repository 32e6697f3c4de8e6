import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { crmCustomer, crmDistributionRule, crmLead, sysUser } from '../../../db/schema';
import type { Tx } from '../capture';
import { recordLeadEvents, SYSTEM_OPERATOR, type LeadEventInput } from '../lead-events';
import { announceAssignments } from '../notify/announce';
import { afterPick, describeNobody, describePick, excluding, pickMember, released, type AllocationState } from './allocate';
import { handOver, lockRule, ruleReason, savedRuleState } from './engine';
import type { RuleRow } from './schema';

/** Leads reclaimed per rule and pass; the rest wait for the next run, so one pass never holds locks for long. */
const BATCH = 500;
const RECLAIM_LOCK = 'crm:reclaim';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'now'>;
type LeadRow = typeof crmLead.$inferSelect;

/** One pass per moment across all instances: whoever gets the lock does it, the others skip it. */
async function tryReclaimLock(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ got: sql<boolean>`pg_try_advisory_xact_lock(hashtextextended(${RECLAIM_LOCK}, 0))` }).from(sql`(values (1)) as once`);
  return row?.got === true;
}

async function nickNames(tx: Tx, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx.select({ userId: sysUser.userId, nickName: sysUser.nickName }).from(sysUser).where(inArray(sysUser.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.nickName]));
}

/**
 * Assigned leads of the rule whose owner let `reclaimMinutes` pass without a follow-up, oldest first,
 * locked with their customers. A lead or customer locked by someone else is left for the next pass:
 * a capture holds its customer's row while it waits for this rule's lock, so waiting here could
 * deadlock, and a lead being followed up right now is that follow-up's.
 */
async function overdueLeads(tx: Tx, rule: RuleRow, now: number): Promise<LeadRow[]> {
  const rows = await tx
    .select({ lead: crmLead })
    .from(crmLead)
    .innerJoin(crmCustomer, eq(crmCustomer.customerId, crmLead.customerId))
    .where(
      and(
        eq(crmLead.ruleId, rule.ruleId),
        eq(crmLead.status, 'assigned'),
        isNull(crmLead.lastFollowupTime),
        lt(crmLead.assignedTime, new Date(now - rule.reclaimMinutes * 60_000)),
      ),
    )
    .orderBy(asc(crmLead.assignedTime), asc(crmLead.leadId))
    .limit(BATCH)
    .for('update', { of: [crmLead, crmCustomer], skipLocked: true });
  return rows.map((r) => r.lead);
}

async function toPool(tx: Tx, lead: LeadRow, now: number): Promise<void> {
  const at = new Date(now);
  await tx
    .update(crmLead)
    .set({ status: 'new', ownerId: null, assignedTime: null, firstContactDeadline: null, updateBy: 'system', updateTime: at })
    .where(eq(crmLead.leadId, lead.leadId));
}

/** The customer follows the lead when the owner who let it lapse was also the customer's owner. */
async function moveCustomer(tx: Tx, lead: LeadRow, to: number | null): Promise<void> {
  if (lead.ownerId === null) return;
  await tx
    .update(crmCustomer)
    .set({ ownerId: to })
    .where(and(eq(crmCustomer.customerId, lead.customerId), eq(crmCustomer.ownerId, lead.ownerId)));
}

/** Reclaims the rule's overdue leads under its lock; returns the history entries it recorded, one a lead. */
async function reclaimRule(tx: Tx, rule: RuleRow, now: number): Promise<LeadEventInput[]> {
  await lockRule(tx, rule.ruleId);
  const leads = await overdueLeads(tx, rule, now);
  if (leads.length === 0) return [];
  const names = await nickNames(tx, [...new Set(leads.map((l) => l.ownerId).filter((id): id is number => id !== null))]);
  let state: AllocationState | null = rule.reclaimTo === 'next' ? await savedRuleState(tx, rule, now) : null;
  const events: LeadEventInput[] = [];
  for (const lead of leads) {
    const lapsed = `${lead.ownerId === null ? '' : `${names.get(lead.ownerId) ?? `用户${lead.ownerId}`} `}分配后${rule.reclaimMinutes}分钟未跟进`;
    const base = { kind: 'reclaim' as const, leadId: lead.leadId, customerId: lead.customerId, fromStatus: 'assigned' as const, fromOwnerId: lead.ownerId, ruleId: rule.ruleId };
    if (state && lead.ownerId !== null) state = released(state, lead.ownerId);
    const view = state && lead.ownerId !== null ? excluding(state, lead.ownerId) : state;
    const picked = view ? pickMember(view) : null;
    if (state && view && picked) {
      await moveCustomer(tx, lead, picked.userId);
      await handOver(tx, rule, lead, picked, now);
      events.push({ ...base, toStatus: 'assigned', toOwnerId: picked.userId, reason: ruleReason(rule, `${lapsed}，转给下一位成员（${describePick(view, picked)}）`) });
      state = afterPick(state, picked);
      continue;
    }
    await moveCustomer(tx, lead, null);
    await toPool(tx, lead, now);
    const why = view ? `，${describeNobody(view)}` : '';
    events.push({ ...base, toStatus: 'new', toOwnerId: null, reason: ruleReason(rule, `${lapsed}${why}，退回公海`) });
  }
  await recordLeadEvents(tx, SYSTEM_OPERATOR, events, now);
  return events;
}

/**
 * One reclaim pass (docs/crm.md §Distribution): every enabled rule with a reclaim time takes back its
 * assigned leads that had no follow-up within it, to the pool or to the next available member.
 * Runs in one transaction under a try-lock, so with N instances one of them does each pass.
 * The members who got a lead are told after the commit. Returns how many leads were reclaimed (0 also
 * when another instance holds the pass).
 */
export async function reclaimOverdue(deps: Deps): Promise<number> {
  const now = deps.now();
  const events = await deps.database.db.transaction(async (tx) => {
    if (!(await tryReclaimLock(tx))) return [];
    const rules = await tx
      .select()
      .from(crmDistributionRule)
      .where(and(eq(crmDistributionRule.status, '0'), gt(crmDistributionRule.reclaimMinutes, 0)))
      // Rule locks in id order, the same in every pass (a capture holds only one rule's lock).
      .orderBy(asc(crmDistributionRule.ruleId));
    const reclaimed: LeadEventInput[] = [];
    for (const rule of rules) reclaimed.push(...(await reclaimRule(tx, rule, now)));
    return reclaimed;
  });
  await announceAssignments(
    deps,
    events.flatMap((e) => (e.leadId && e.toOwnerId ? [{ leadId: e.leadId, userId: e.toOwnerId, ruleId: e.ruleId ?? null }] : [])),
  );
  return events.length;
}
