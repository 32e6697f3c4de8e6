import { and, eq, inArray } from 'drizzle-orm';
import { WEBHOOK_KINDS, type WebhookKind } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { crmDistributionMember, crmDistributionRule, sysUser } from '../../../db/schema';
import type { CaptureResult } from '../capture';
import { userName } from '../lead/rows';
import { notifyRunner } from './background';
import { ownedNotices, type LeadNotice } from './notices';
import { deliverWebhook, type WebhookTarget } from './webhook';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'now'>;

/** A lead given to a user: by a rule (with its id), by hand or by a claim (rule null). */
export interface LeadAssignment {
  leadId: number;
  userId: number;
  ruleId: number | null;
}

/** Each user's lead events, followed by their top bar (GET /crm/notify/stream). */
export const leadChannel = (userId: number) => `crm:notify:user:${userId}`;

/** On the channel the phone is whole; each stream masks it for its own viewer. */
export interface LeadAssignedEvent {
  type: 'lead-assigned';
  userId: number;
  lead: LeadNotice;
}

const isWebhookKind = (kind: string): kind is WebhookKind => (WEBHOOK_KINDS as readonly string[]).includes(kind);

/** The robot each rule assignment goes to: the member's address, else the rule's; none without a robot type. */
async function webhookTargets(deps: Deps, assignments: LeadAssignment[]): Promise<Map<number, WebhookTarget>> {
  const byRule = assignments.filter((a) => a.ruleId !== null);
  if (byRule.length === 0) return new Map();
  const rows = await deps.database.db
    .select({
      ruleId: crmDistributionRule.ruleId,
      kind: crmDistributionRule.webhookKind,
      ruleUrl: crmDistributionRule.webhookUrl,
      userId: crmDistributionMember.userId,
      memberUrl: crmDistributionMember.webhookUrl,
      memberName: userName(sysUser),
    })
    .from(crmDistributionMember)
    .innerJoin(crmDistributionRule, eq(crmDistributionRule.ruleId, crmDistributionMember.ruleId))
    .innerJoin(sysUser, eq(sysUser.userId, crmDistributionMember.userId))
    .where(
      and(
        inArray(crmDistributionMember.ruleId, [...new Set(byRule.map((a) => a.ruleId as number))]),
        inArray(crmDistributionMember.userId, [...new Set(byRule.map((a) => a.userId))]),
      ),
    );
  const targets = new Map<number, WebhookTarget>();
  for (const a of byRule) {
    const row = rows.find((r) => r.ruleId === a.ruleId && r.userId === a.userId);
    const url = row ? row.memberUrl || row.ruleUrl : '';
    if (row && url && isWebhookKind(row.kind)) targets.set(a.leadId, { ruleId: row.ruleId, kind: row.kind, url, memberName: row.memberName });
  }
  return targets;
}

/**
 * Tells each new owner, after the assignment is committed: a `lead-assigned` event on their channel
 * (every instance's streams of that user hear it) and, for a rule's assignment with a group robot, a
 * webhook sent in the background (retried; the capture that made it never waits for it). A lead that
 * has already moved on to someone else is not announced to its former owner.
 */
export async function announceAssignments(deps: Deps, assignments: LeadAssignment[]): Promise<void> {
  if (assignments.length === 0) return;
  const { db } = deps.database;
  const targets = await webhookTargets(deps, assignments);
  const runner = targets.size > 0 ? notifyRunner(deps) : null;
  for (const userId of new Set(assignments.map((a) => a.userId))) {
    const leadIds = assignments.filter((a) => a.userId === userId).map((a) => a.leadId);
    for (const lead of await ownedNotices(db, leadIds, userId)) {
      const event: LeadAssignedEvent = { type: 'lead-assigned', userId, lead };
      await deps.pubsub.publish(leadChannel(userId), event);
      const target = targets.get(lead.leadId);
      if (runner && target) runner.track(deliverWebhook(deps, runner, target, lead));
    }
  }
}

/** Leads given to one user by hand or claimed by them (call it after the transaction). */
export const announceToOwner = (deps: Deps, userId: number, leadIds: number[]): Promise<void> =>
  announceAssignments(
    deps,
    leadIds.map((leadId) => ({ leadId, userId, ruleId: null })),
  );

/** The assignment a capture's distribution made, if any (call it after the capture's transaction). */
export const announceCapture = (deps: Deps, capture: Pick<CaptureResult, 'assignment'> | null): Promise<void> =>
  announceAssignments(deps, capture?.assignment ? [capture.assignment] : []);
