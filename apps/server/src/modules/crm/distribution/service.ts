import { and, asc, count, desc, eq, gte, inArray, isNotNull, like, ne, sql } from 'drizzle-orm';
import type { DistributionScope } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, orderBy, paged, tableList } from '../../../core/list';
import type { Db } from '../../../db/client';
import { aiAgent, crmDistributionMember, crmDistributionRule, crmLeadEvent, sysDept, sysUser } from '../../../db/schema';
import { chinaDayStart } from '../../ai/engine/china-time';
import { selectLeadEvents } from '../lead-events';
import { allocate, CAP_REACHED } from './allocate';
import { matchingRule, savedRuleShape, scopeMatches, type LeadTraits } from './engine';
import type { RuleBody, RuleListQuery, RuleRow, SimulateBody } from './schema';
import { allocationState, RECEIVING_KINDS, todayCounts, type RuleShape } from './state';

type Deps = Pick<AppDeps, 'database' | 'now'>;

export const DistributionMsg = {
  NOT_FOUND: '分配规则不存在',
  NO_RULE: '没有匹配的启用规则，线索会留在公海',
} as const;

function where(q: RuleListQuery) {
  return and(
    q.name ? like(crmDistributionRule.name, likePattern(q.name)) : undefined,
    q.status ? eq(crmDistributionRule.status, q.status) : undefined,
    q.method ? eq(crmDistributionRule.method, q.method) : undefined,
  );
}

const sortable = {
  ruleId: crmDistributionRule.ruleId,
  name: crmDistributionRule.name,
  priority: crmDistributionRule.priority,
  createTime: crmDistributionRule.createTime,
};
const defaultOrder = [asc(crmDistributionRule.priority), asc(crmDistributionRule.ruleId)];

/** Each rule with its members' names and how many leads it handed out today. */
export async function listRules(deps: Deps, q: RuleListQuery) {
  const { db } = deps.database;
  const page = await tableList(db, crmDistributionRule, where(q), orderBy(q, sortable, defaultOrder)).page(q);
  const ids = page.rows.map((r) => r.ruleId);
  if (ids.length === 0) return page;
  const [members, today] = await Promise.all([
    db
      .select({ ruleId: crmDistributionMember.ruleId, userId: crmDistributionMember.userId, nickName: sysUser.nickName })
      .from(crmDistributionMember)
      .innerJoin(sysUser, eq(sysUser.userId, crmDistributionMember.userId))
      .where(inArray(crmDistributionMember.ruleId, ids))
      .orderBy(crmDistributionMember.sort, crmDistributionMember.userId),
    db
      .select({ ruleId: crmLeadEvent.ruleId, n: count() })
      .from(crmLeadEvent)
      .where(and(inArray(crmLeadEvent.ruleId, ids), inArray(crmLeadEvent.kind, [...RECEIVING_KINDS]), isNotNull(crmLeadEvent.toOwnerId), gte(crmLeadEvent.createTime, chinaDayStart(deps.now()))))
      .groupBy(crmLeadEvent.ruleId),
  ]);
  const todayOf = new Map(today.map((t) => [t.ruleId, t.n]));
  return {
    total: page.total,
    rows: page.rows.map((r) => ({
      ...r,
      members: members.filter((m) => m.ruleId === r.ruleId).map(({ userId, nickName }) => ({ userId, nickName })),
      todayAssigned: todayOf.get(r.ruleId) ?? 0,
    })),
  };
}

async function requireRule(db: Db, ruleId: number): Promise<RuleRow> {
  const [rule] = await db.select().from(crmDistributionRule).where(eq(crmDistributionRule.ruleId, ruleId)).limit(1);
  if (!rule) throw new ServiceError(DistributionMsg.NOT_FOUND);
  return rule;
}

/** The rule with its members in order: their user, department and today's count from the rule. */
export async function getRule(deps: Deps, ruleId: number) {
  const { db } = deps.database;
  const rule = await requireRule(db, ruleId);
  const members = await db
    .select({
      member: crmDistributionMember,
      userName: sysUser.userName,
      nickName: sysUser.nickName,
      userStatus: sql<string>`case when ${sysUser.delFlag} = '0' then ${sysUser.status} else '2' end`,
      deptName: sql<string>`coalesce(${sysDept.deptName}, '')`,
    })
    .from(crmDistributionMember)
    .leftJoin(sysUser, eq(sysUser.userId, crmDistributionMember.userId))
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(eq(crmDistributionMember.ruleId, ruleId))
    .orderBy(crmDistributionMember.sort, crmDistributionMember.userId);
  const today = await todayCounts(db, ruleId, members.map((m) => m.member.userId), deps.now());
  return {
    ...rule,
    members: members.map(({ member, ...user }) => ({ ...member, ...user, nickName: user.nickName ?? '', userName: user.userName ?? '', todayCount: today.get(member.userId) ?? 0 })),
  };
}

/** The body's fields as stored; omitted ones take their defaults. */
function ruleValues(body: RuleBody) {
  const scope: DistributionScope = {
    channels: [...new Set(body.scope?.channels ?? [])],
    agentIds: [...new Set(body.scope?.agentIds ?? [])],
    sources: [...new Set(body.scope?.sources ?? [])],
  };
  return {
    name: body.name,
    priority: body.priority ?? 0,
    scope,
    method: body.method,
    firstContactMinutes: body.firstContactMinutes ?? 0,
    reclaimMinutes: body.reclaimMinutes ?? 0,
    reclaimTo: body.reclaimTo ?? 'pool',
    webhookKind: body.webhookKind ?? '',
    webhookUrl: body.webhookUrl ?? '',
    status: body.status ?? '0',
    remark: body.remark ?? null,
  };
}

/** The members as stored, in the order given (which is the rotation order). */
function memberValues(body: RuleBody) {
  return body.members.map((m, i) => ({
    userId: m.userId,
    sort: i,
    weight: m.weight ?? 1,
    dailyCap: m.dailyCap ?? 0,
    workHours: m.workHours ?? [],
    holidays: [...new Set(m.holidays ?? [])].sort(),
    webhookUrl: m.webhookUrl ?? '',
    enabled: m.enabled ?? true,
  }));
}

async function checkRule(db: Db, body: RuleBody, verb: '新增' | '修改', exceptId?: number) {
  const [clash] = await db
    .select({ ruleId: crmDistributionRule.ruleId })
    .from(crmDistributionRule)
    .where(and(eq(crmDistributionRule.name, body.name), exceptId === undefined ? undefined : ne(crmDistributionRule.ruleId, exceptId)))
    .limit(1);
  if (clash) throw new ServiceError(`${verb}规则'${body.name}'失败，规则名称已存在`);
  const agentIds = [...new Set(body.scope?.agentIds ?? [])];
  if (agentIds.length > 0) {
    const agents = await db.select({ agentId: aiAgent.agentId }).from(aiAgent).where(inArray(aiAgent.agentId, agentIds));
    const missing = agentIds.find((id) => !agents.some((a) => a.agentId === id));
    if (missing !== undefined) throw new ServiceError(`适用客服（编号${missing}）不存在`);
  }
  const userIds = body.members.map((m) => m.userId);
  const users = await db
    .select({ userId: sysUser.userId, nickName: sysUser.nickName, status: sysUser.status, delFlag: sysUser.delFlag })
    .from(sysUser)
    .where(inArray(sysUser.userId, userIds));
  for (const userId of userIds) {
    const user = users.find((u) => u.userId === userId);
    if (!user || user.delFlag !== '0') throw new ServiceError(`成员用户（编号${userId}）不存在`);
    if (user.status !== '0') throw new ServiceError(`成员'${user.nickName}'已停用，不能加入分配规则`);
  }
}

export async function insertRule(deps: Deps, body: RuleBody, operator: string): Promise<number> {
  const { db } = deps.database;
  await checkRule(db, body, '新增');
  return db.transaction(async (tx) => {
    const [rule] = await tx
      .insert(crmDistributionRule)
      .values({ ...ruleValues(body), createBy: operator, createTime: new Date(deps.now()) })
      .returning({ ruleId: crmDistributionRule.ruleId });
    await tx.insert(crmDistributionMember).values(memberValues(body).map((m) => ({ ...m, ruleId: rule.ruleId })));
    return 1;
  });
}

export async function updateRule(deps: Deps, body: RuleBody, operator: string): Promise<number> {
  const { db } = deps.database;
  if (!body.ruleId) throw new ServiceError('规则编号不能为空');
  const ruleId = body.ruleId;
  const old = await requireRule(db, ruleId);
  await checkRule(db, body, '修改', ruleId);
  const values = ruleValues(body);
  // A new address deserves a fresh start: the old failure said nothing about it.
  const webhookReset = values.webhookUrl !== old.webhookUrl ? { webhookError: '', webhookErrorTime: null } : {};
  return db.transaction(async (tx) => {
    await tx.delete(crmDistributionMember).where(eq(crmDistributionMember.ruleId, ruleId));
    await tx.insert(crmDistributionMember).values(memberValues(body).map((m) => ({ ...m, ruleId })));
    const rows = await tx
      .update(crmDistributionRule)
      .set({ ...values, ...webhookReset, updateBy: operator, updateTime: new Date(deps.now()) })
      .where(eq(crmDistributionRule.ruleId, ruleId))
      .returning({ ruleId: crmDistributionRule.ruleId });
    return rows.length;
  });
}

/** The rules and their members; leads they assigned keep their rule id as history. */
export async function deleteRules(deps: Deps, ruleIds: number[]): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    await tx.delete(crmDistributionMember).where(inArray(crmDistributionMember.ruleId, ruleIds));
    const removed = await tx.delete(crmDistributionRule).where(inArray(crmDistributionRule.ruleId, ruleIds)).returning({ ruleId: crmDistributionRule.ruleId });
    return removed.length;
  });
}

export async function changeRuleStatus(deps: Deps, ruleId: number, status: '0' | '1', operator: string): Promise<number> {
  const { db } = deps.database;
  await requireRule(db, ruleId);
  const rows = await db
    .update(crmDistributionRule)
    .set({ status, updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(crmDistributionRule.ruleId, ruleId))
    .returning({ ruleId: crmDistributionRule.ruleId });
  return rows.length;
}

/** The rule's assignments and reclaims, newest first, with the names of the members and the lead. */
export async function ruleLog(deps: Deps, ruleId: number, q: { pageNum?: number; pageSize?: number; kind?: 'assign' | 'reclaim' }) {
  const { db } = deps.database;
  await requireRule(db, ruleId);
  const filter = and(eq(crmLeadEvent.ruleId, ruleId), q.kind ? eq(crmLeadEvent.kind, q.kind) : inArray(crmLeadEvent.kind, [...RECEIVING_KINDS]));
  return paged(
    q,
    async () => (await db.select({ n: count() }).from(crmLeadEvent).where(filter))[0].n,
    (limit, offset) =>
      selectLeadEvents(db)
        .where(filter)
        .orderBy(desc(crmLeadEvent.eventId))
        .limit(limit)
        .offset(offset),
  );
}

interface Simulated {
  rule: Pick<RuleRow, 'name' | 'method' | 'scope' | 'status'> & { ruleId: number | null };
  shape: RuleShape;
}

/** The rule the simulation runs: a saved one, the one in the dialog, or the one the engine would pick. */
async function simulatedRule(db: Db, body: SimulateBody): Promise<Simulated> {
  if (body.rule) {
    const values = ruleValues(body.rule);
    const ruleId = body.rule.ruleId ?? null;
    return { rule: { ...values, ruleId }, shape: { ruleId, method: values.method, members: memberValues(body.rule) } };
  }
  // Without a channel or source the lead asked about is the usual one: a web chat capture.
  const traits: LeadTraits = { channel: body.channel ?? 'web', agentId: body.agentId ?? null, source: body.source ?? 'chat' };
  const rule = body.ruleId ? await requireRule(db, body.ruleId) : await matchingRule(db, traits);
  if (!rule) throw new ServiceError(DistributionMsg.NO_RULE);
  return { rule, shape: await savedRuleShape(db, rule) };
}

/**
 * "If `count` leads arrived now": who would get how many, from the rule's members, their working
 * hours at this moment and today's counts, by the allocation the engine runs. Writes nothing.
 */
export async function simulate(deps: Deps, body: SimulateBody) {
  const { db } = deps.database;
  const now = deps.now();
  const { rule, shape } = await simulatedRule(db, body);
  const state = await allocationState(db, shape, now);
  const scopeMatched = scopeMatches(rule.scope, { channel: body.channel, agentId: body.agentId, source: body.source });
  const { gets, unassigned } = scopeMatched ? allocate(state, body.count) : { gets: new Map<number, number>(), unassigned: body.count };
  return {
    ruleId: rule.ruleId,
    ruleName: rule.name,
    method: rule.method,
    ruleEnabled: rule.status === '0',
    scopeMatched,
    count: body.count,
    unassigned,
    members: state.members.map((m) => {
      const wouldGet = gets.get(m.userId) ?? 0;
      const full = m.dailyCap > 0 && m.today >= m.dailyCap;
      return {
        userId: m.userId,
        nickName: m.nickName,
        weight: m.weight,
        wouldGet,
        todayBefore: m.today,
        cap: m.dailyCap,
        capReached: m.dailyCap > 0 && m.today + wouldGet >= m.dailyCap,
        ...(m.skipped || full ? { skippedReason: m.skipped ?? CAP_REACHED } : {}),
      };
    }),
  };
}
