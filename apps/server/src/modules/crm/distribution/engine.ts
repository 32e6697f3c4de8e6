import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DistributionMethod, DistributionScope } from '@acs/shared';
import { crmCustomer, crmDistributionRule, crmLead } from '../../../db/schema';
import type { Executor, Tx } from '../capture';
import { recordLeadEvents, SYSTEM_OPERATOR } from '../lead-events';
import { describeNobody, describePick, pickMember, type AllocationState, type Candidate } from './allocate';
import type { RuleRow } from './schema';
import { allocationState, ruleMembers, type RuleShape } from './state';

/** What a rule's scope is matched against. */
export interface LeadTraits {
  channel: string;
  agentId: number | null;
  source: string;
}

export interface NewLead extends LeadTraits {
  leadId: number;
  customerId: number;
}

export interface Assignment {
  leadId: number;
  ruleId: number;
  userId: number;
  reason: string;
}

/**
 * An empty list in the scope matches anything; so does a trait left out (the simulator asking about
 * the channel only). A lead without an agent matches only rules open to every agent.
 */
export function scopeMatches(scope: DistributionScope, lead: Partial<LeadTraits>): boolean {
  const within = <T>(list: readonly T[], value: T | undefined) => list.length === 0 || value === undefined || list.includes(value);
  return (
    within(scope.channels, lead.channel) &&
    within<string>(scope.sources, lead.source) &&
    (lead.agentId === null ? scope.agentIds.length === 0 : within(scope.agentIds, lead.agentId))
  );
}

/** The first enabled rule by priority (then id) whose scope matches the lead. */
export async function matchingRule(db: Executor, lead: LeadTraits): Promise<RuleRow | null> {
  const rules = await db
    .select()
    .from(crmDistributionRule)
    .where(eq(crmDistributionRule.status, '0'))
    .orderBy(asc(crmDistributionRule.priority), asc(crmDistributionRule.ruleId));
  return rules.find((r) => scopeMatches(r.scope, lead)) ?? null;
}

/**
 * Serialises hand-outs of one rule across every server instance until the transaction ends: the
 * counts, rotation and open loads read after it are those the previous hand-out committed.
 */
export async function lockRule(tx: Executor, ruleId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`crm:rule:${ruleId}`}, 0))`);
}

/** A saved rule as the allocation sees it: its method and members in order. */
export async function savedRuleShape(db: Executor, rule: RuleRow): Promise<RuleShape> {
  // The method column only ever holds a DISTRIBUTION_METHODS value: the rule body is validated.
  return { ruleId: rule.ruleId, method: rule.method as DistributionMethod, members: await ruleMembers(db, rule.ruleId) };
}

/** The numbers of a saved rule at `now`. */
export async function savedRuleState(db: Executor, rule: RuleRow, now: number): Promise<AllocationState> {
  return allocationState(db, await savedRuleShape(db, rule), now);
}

export const ruleReason = (rule: Pick<RuleRow, 'name'>, text: string) => `规则“${rule.name}”，${text}`;

const deadline = (rule: RuleRow, now: number) => (rule.firstContactMinutes > 0 ? new Date(now + rule.firstContactMinutes * 60_000) : null);

/**
 * Gives the lead to `picked`: owner, status, rule, times, the customer's owner when it has none, and
 * the rule's hand-out count. The caller records the event.
 */
export async function handOver(tx: Executor, rule: RuleRow, lead: NewLead, picked: Candidate, now: number): Promise<void> {
  const at = new Date(now);
  await tx
    .update(crmLead)
    .set({ ownerId: picked.userId, status: 'assigned', ruleId: rule.ruleId, assignedTime: at, firstContactDeadline: deadline(rule, now), updateBy: 'system', updateTime: at })
    .where(eq(crmLead.leadId, lead.leadId));
  await tx
    .update(crmCustomer)
    .set({ ownerId: picked.userId })
    .where(and(eq(crmCustomer.customerId, lead.customerId), isNull(crmCustomer.ownerId)));
  await tx
    .update(crmDistributionRule)
    .set({ assignedCount: sql`${crmDistributionRule.assignedCount} + 1` })
    .where(eq(crmDistributionRule.ruleId, rule.ruleId));
}

/**
 * Applies the distribution rules to a lead just created (status 'new'), inside the creating
 * transaction: the first matching rule picks a member under its lock and the lead is theirs. When the
 * rule has nobody available the lead stays in the pool and the event says why; with no matching rule
 * nothing is recorded. Returns the assignment, if any.
 */
export async function autoAssign(tx: Tx, lead: NewLead, now: number): Promise<Assignment | null> {
  const rule = await matchingRule(tx, lead);
  if (!rule) return null;
  await lockRule(tx, rule.ruleId);
  const state = await savedRuleState(tx, rule, now);
  const picked = pickMember(state);
  if (!picked) {
    await recordLeadEvents(
      tx,
      SYSTEM_OPERATOR,
      [{ kind: 'assign', leadId: lead.leadId, customerId: lead.customerId, fromStatus: 'new', toStatus: 'new', ruleId: rule.ruleId, reason: ruleReason(rule, `${describeNobody(state)}，线索留在公海`) }],
      now,
    );
    return null;
  }
  await handOver(tx, rule, lead, picked, now);
  const reason = ruleReason(rule, describePick(state, picked));
  await recordLeadEvents(
    tx,
    SYSTEM_OPERATOR,
    [{ kind: 'assign', leadId: lead.leadId, customerId: lead.customerId, fromStatus: 'new', toStatus: 'assigned', toOwnerId: picked.userId, ruleId: rule.ruleId, reason }],
    now,
  );
  return { leadId: lead.leadId, ruleId: rule.ruleId, userId: picked.userId, reason };
}
