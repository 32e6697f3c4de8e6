import { and, asc, desc, eq, inArray, like, or } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, orderBy, tableList } from '../../../core/list';
import { aiReplyRule } from '../../../db/schema';
import { bumpAgentVersion } from '../agent/bundle';
import { requireAgent } from '../agent/service';
import type { RuleBody, RuleListQuery } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;

const sortable = {
  ruleId: aiReplyRule.ruleId,
  priority: aiReplyRule.priority,
  hitCount: aiReplyRule.hitCount,
  lastHitTime: aiReplyRule.lastHitTime,
  createTime: aiReplyRule.createTime,
};

/** In the order the engine tries them: higher priority first, then the older rule. */
export async function listRules(deps: Deps, agentId: number, q: RuleListQuery) {
  await requireAgent(deps.database.db, agentId);
  const filter = and(
    eq(aiReplyRule.agentId, agentId),
    q.keyword ? or(like(aiReplyRule.pattern, likePattern(q.keyword)), like(aiReplyRule.reply, likePattern(q.keyword))) : undefined,
    q.matchType ? eq(aiReplyRule.matchType, q.matchType) : undefined,
    q.status ? eq(aiReplyRule.status, q.status) : undefined,
  );
  return tableList(deps.database.db, aiReplyRule, filter, orderBy(q, sortable, [desc(aiReplyRule.priority), asc(aiReplyRule.ruleId)])).page(q);
}

export async function getRule(deps: Deps, agentId: number, ruleId: number) {
  const [row] = await deps.database.db
    .select()
    .from(aiReplyRule)
    .where(and(eq(aiReplyRule.agentId, agentId), eq(aiReplyRule.ruleId, ruleId)))
    .limit(1);
  if (!row) throw new ServiceError('回复规则不存在');
  return row;
}

const fieldsOf = (body: RuleBody) => ({
  matchType: body.matchType,
  pattern: body.pattern,
  reply: body.reply,
  priority: body.priority ?? 0,
  status: body.status ?? '0',
});

export async function insertRule(deps: Deps, agentId: number, body: RuleBody, operator: string): Promise<number> {
  await requireAgent(deps.database.db, agentId);
  const rows = await deps.database.db
    .insert(aiReplyRule)
    .values({ ...fieldsOf(body), agentId, createBy: operator, createTime: new Date(deps.now()) })
    .returning({ ruleId: aiReplyRule.ruleId });
  await bumpAgentVersion(deps, agentId);
  return rows.length;
}

export async function updateRule(deps: Deps, agentId: number, body: RuleBody, operator: string): Promise<number> {
  if (!body.ruleId) throw new ServiceError('规则编号不能为空');
  await getRule(deps, agentId, body.ruleId);
  const rows = await deps.database.db
    .update(aiReplyRule)
    .set({ ...fieldsOf(body), updateBy: operator, updateTime: new Date(deps.now()) })
    .where(and(eq(aiReplyRule.agentId, agentId), eq(aiReplyRule.ruleId, body.ruleId)))
    .returning({ ruleId: aiReplyRule.ruleId });
  await bumpAgentVersion(deps, agentId);
  return rows.length;
}

export async function changeRuleStatus(deps: Deps, agentId: number, ruleId: number, status: string, operator: string): Promise<number> {
  await getRule(deps, agentId, ruleId);
  const rows = await deps.database.db
    .update(aiReplyRule)
    .set({ status, updateBy: operator, updateTime: new Date(deps.now()) })
    .where(and(eq(aiReplyRule.agentId, agentId), eq(aiReplyRule.ruleId, ruleId)))
    .returning({ ruleId: aiReplyRule.ruleId });
  await bumpAgentVersion(deps, agentId);
  return rows.length;
}

export async function deleteRules(deps: Deps, agentId: number, ruleIds: number[]): Promise<number> {
  const rows = await deps.database.db
    .delete(aiReplyRule)
    .where(and(eq(aiReplyRule.agentId, agentId), inArray(aiReplyRule.ruleId, ruleIds)))
    .returning({ ruleId: aiReplyRule.ruleId });
  await bumpAgentVersion(deps, agentId);
  return rows.length;
}
