import { and, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DistributionMethod, WorkPeriod } from '@acs/shared';
import { crmDistributionMember, crmLead, crmLeadEvent, sysUser } from '../../../db/schema';
import { chinaDayStart } from '../../ai/engine/china-time';
import type { Executor } from '../capture';
import { offDutyReason, type AllocationState } from './allocate';

/** Event kinds that hand a member a lead from a rule: both count towards the daily cap and the rotation. */
export const RECEIVING_KINDS = ['assign', 'reclaim'] as const;

/** Statuses of a lead a member is still working on (least loaded counts them). */
export const WORKING_STATUSES = ['assigned', 'contacted'] as const;

export interface MemberSettings {
  userId: number;
  weight: number;
  dailyCap: number;
  workHours: WorkPeriod[];
  holidays: string[];
  enabled: boolean;
}

export interface RuleShape {
  /** null: a rule not saved yet (the simulator of the create dialog), which has given nobody anything. */
  ruleId: number | null;
  method: DistributionMethod;
  /** In the rule's order. */
  members: MemberSettings[];
}

/** A saved rule's members in their order. */
export function ruleMembers(db: Executor, ruleId: number): Promise<MemberSettings[]> {
  return db
    .select()
    .from(crmDistributionMember)
    .where(eq(crmDistributionMember.ruleId, ruleId))
    .orderBy(crmDistributionMember.sort, crmDistributionMember.userId);
}

/** Leads the rule handed each of `userIds` since the start of the China day. */
export async function todayCounts(db: Executor, ruleId: number, userIds: number[], now: number): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: crmLeadEvent.toOwnerId, n: count() })
    .from(crmLeadEvent)
    .where(
      and(
        inArray(crmLeadEvent.toOwnerId, userIds),
        inArray(crmLeadEvent.kind, [...RECEIVING_KINDS]),
        gte(crmLeadEvent.createTime, chinaDayStart(now)),
        eq(crmLeadEvent.ruleId, ruleId),
      ),
    )
    .groupBy(crmLeadEvent.toOwnerId);
  return new Map(rows.map((r) => [r.userId as number, r.n]));
}

async function openCounts(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ userId: crmLead.ownerId, n: count() })
    .from(crmLead)
    .where(and(inArray(crmLead.ownerId, userIds), inArray(crmLead.status, [...WORKING_STATUSES])))
    .groupBy(crmLead.ownerId);
  return new Map(rows.map((r) => [r.userId as number, r.n]));
}

async function lastServed(db: Executor, ruleId: number, userIds: number[]): Promise<number | null> {
  // Event ids grow in the order the rule's lock was held, so the highest is the latest hand-out.
  const [row] = await db
    .select({ userId: crmLeadEvent.toOwnerId })
    .from(crmLeadEvent)
    .where(and(eq(crmLeadEvent.ruleId, ruleId), inArray(crmLeadEvent.kind, [...RECEIVING_KINDS]), isNotNull(crmLeadEvent.toOwnerId), inArray(crmLeadEvent.toOwnerId, userIds)))
    .orderBy(desc(crmLeadEvent.eventId))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * The numbers the allocation works on at `now`: each member's name, whether they may take a lead
 * (member enabled, user active, working hours, holidays), today's count, open leads (least loaded)
 * and who was served last (round robin). Read under the rule's lock by the engine, so they are
 * exact; without it by the simulator.
 */
export async function allocationState(db: Executor, rule: RuleShape, now: number): Promise<AllocationState> {
  const userIds = rule.members.map((m) => m.userId);
  if (userIds.length === 0) return { method: rule.method, members: [], lastUserId: null };
  // One after another: inside a transaction they share one connection anyway.
  const users = await db
    .select({ userId: sysUser.userId, nickName: sysUser.nickName, active: sql<boolean>`${sysUser.status} = '0' and ${sysUser.delFlag} = '0'` })
    .from(sysUser)
    .where(inArray(sysUser.userId, userIds));
  const today = rule.ruleId === null ? new Map<number, number>() : await todayCounts(db, rule.ruleId, userIds, now);
  const open = rule.method === 'least_loaded' ? await openCounts(db, userIds) : new Map<number, number>();
  const lastUserId = rule.method === 'round_robin' && rule.ruleId !== null ? await lastServed(db, rule.ruleId, userIds) : null;
  const userOf = new Map(users.map((u) => [u.userId, u]));
  return {
    method: rule.method,
    lastUserId,
    members: rule.members.map((m) => {
      const user = userOf.get(m.userId);
      const skipped = !user?.active ? '用户已停用或已删除' : !m.enabled ? '成员已停用' : offDutyReason(m, now);
      return {
        userId: m.userId,
        nickName: user?.nickName ?? `用户${m.userId}`,
        weight: m.weight,
        dailyCap: m.dailyCap,
        today: today.get(m.userId) ?? 0,
        open: open.get(m.userId) ?? 0,
        skipped,
      };
    }),
  };
}
