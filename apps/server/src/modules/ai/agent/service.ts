import { and, count, desc, eq, gte, inArray, isNull, like, ne, notInArray, type SQL } from 'drizzle-orm';
import { AGENT_STATUS_LABELS, type AgentSettings, type AgentStatus, type AgentTemplate } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, orderBy, tableList, type ListQuery } from '../../../core/list';
import type { Db } from '../../../db/client';
import {
  aiAgent,
  aiAgentVariable,
  aiConversation,
  aiKnowledge,
  aiKnowledgeVector,
  aiModelProvider,
  aiReplyRule,
  aiVariable,
  channelAccount,
  crmLead,
} from '../../../db/schema';
import { chinaDayStart } from '../engine/china-time';
import { scheduleAgentEmbeddings } from '../embedding/service';
import { BUILTIN_ENGINE_NAME } from '../model/service';
import { bumpAgentVersion } from './bundle';
import type { AgentCreateBody, AgentListQuery, AgentSettingsInput, AgentUpdateBody } from './schema';
import { templateOf, type AgentTemplateDef } from './templates';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;
type AgentRow = typeof aiAgent.$inferSelect;


export async function requireAgent(db: Db, agentId: number): Promise<AgentRow> {
  const [row] = await db.select().from(aiAgent).where(eq(aiAgent.agentId, agentId)).limit(1);
  if (!row) throw new ServiceError('客服不存在');
  return row;
}

/** Counts per agent of one grouped query, as a lookup. */
async function countsBy(rows: Promise<{ agentId: number | null; n: number }[]>): Promise<Map<number, number>> {
  return new Map((await rows).filter((r) => r.agentId !== null).map((r) => [r.agentId as number, r.n]));
}

/**
 * Adds to each agent what the list shows beside its settings: provider name, bound channels and
 * today's numbers, in one grouped query per figure for the whole page.
 */
async function withFigures(deps: Deps, rows: AgentRow[]) {
  if (rows.length === 0) return [];
  const { db } = deps.database;
  const ids = rows.map((r) => r.agentId);
  const providerIds = [...new Set(rows.map((r) => r.providerId).filter((id): id is number => id !== null))];
  const today = chinaDayStart(deps.now());
  const [providers, channels, conversations, leads, rules, knowledge] = await Promise.all([
    providerIds.length === 0
      ? Promise.resolve([])
      : db.select({ providerId: aiModelProvider.providerId, name: aiModelProvider.name }).from(aiModelProvider).where(inArray(aiModelProvider.providerId, providerIds)),
    db
      .select({ accountId: channelAccount.accountId, platform: channelAccount.platform, name: channelAccount.name, status: channelAccount.status, agentId: channelAccount.agentId })
      .from(channelAccount)
      .where(inArray(channelAccount.agentId, ids))
      .orderBy(channelAccount.accountId),
    countsBy(
      db
        .select({ agentId: aiConversation.agentId, n: count() })
        .from(aiConversation)
        .where(and(inArray(aiConversation.agentId, ids), ne(aiConversation.channel, 'debug'), gte(aiConversation.createTime, today)))
        .groupBy(aiConversation.agentId),
    ),
    countsBy(
      db
        .select({ agentId: crmLead.agentId, n: count() })
        .from(crmLead)
        .where(and(inArray(crmLead.agentId, ids), gte(crmLead.capturedTime, today)))
        .groupBy(crmLead.agentId),
    ),
    countsBy(db.select({ agentId: aiReplyRule.agentId, n: count() }).from(aiReplyRule).where(inArray(aiReplyRule.agentId, ids)).groupBy(aiReplyRule.agentId)),
    countsBy(db.select({ agentId: aiKnowledge.agentId, n: count() }).from(aiKnowledge).where(inArray(aiKnowledge.agentId, ids)).groupBy(aiKnowledge.agentId)),
  ]);
  const providerName = new Map(providers.map((p) => [p.providerId, p.name]));
  return rows.map((row) => ({
    ...row,
    providerName: row.providerId === null ? BUILTIN_ENGINE_NAME : (providerName.get(row.providerId) ?? ''),
    channels: channels
      .filter((c) => c.agentId === row.agentId)
      .map((c) => ({ accountId: c.accountId, platform: c.platform, name: c.name, status: c.status })),
    todayConversations: conversations.get(row.agentId) ?? 0,
    todayLeads: leads.get(row.agentId) ?? 0,
    ruleCount: rules.get(row.agentId) ?? 0,
    knowledgeCount: knowledge.get(row.agentId) ?? 0,
  }));
}

const sortable = {
  agentId: aiAgent.agentId,
  name: aiAgent.name,
  status: aiAgent.status,
  createTime: aiAgent.createTime,
  updateTime: aiAgent.updateTime,
  publishedTime: aiAgent.publishedTime,
};

export async function listAgents(deps: Deps, q: AgentListQuery & ListQuery) {
  const filter: SQL | undefined = and(q.name ? like(aiAgent.name, likePattern(q.name)) : undefined, q.status ? eq(aiAgent.status, q.status) : undefined);
  const page = await tableList(deps.database.db, aiAgent, filter, orderBy(q, sortable, [desc(aiAgent.agentId)])).page(q);
  return { rows: await withFigures(deps, page.rows), total: page.total };
}

export async function getAgent(deps: Deps, agentId: number) {
  const [row] = await withFigures(deps, [await requireAgent(deps.database.db, agentId)]);
  return row;
}

async function assertNameFree(db: Db, name: string, verb: '新增' | '修改', exceptId?: number) {
  const [clash] = await db
    .select({ agentId: aiAgent.agentId })
    .from(aiAgent)
    .where(and(eq(aiAgent.name, name), exceptId === undefined ? undefined : ne(aiAgent.agentId, exceptId)))
    .limit(1);
  if (clash) throw new ServiceError(`${verb}客服'${name}'失败，名称已存在`);
}

/** Offering 「您是想问」 only makes sense below the score that answers directly. */
function checkThresholds(settings: AgentSettings): void {
  if (settings.clarifyThreshold > settings.knowledgeThreshold) throw new ServiceError('澄清阈值不能大于直接回答阈值');
}

/** The provider must exist and be enabled; a model must be one of its models when it lists any. */
async function checkModel(db: Db, settings: AgentSettings): Promise<void> {
  if (settings.providerId === null) return;
  const [provider] = await db.select().from(aiModelProvider).where(eq(aiModelProvider.providerId, settings.providerId)).limit(1);
  if (!provider || provider.status !== '0') throw new ServiceError('模型配置不存在或已停用');
  if (settings.model && provider.models.length > 0 && !provider.models.includes(settings.model)) {
    throw new ServiceError(`模型'${settings.model}'不在模型配置'${provider.name}'的模型列表中`);
  }
}

/** Given settings over the base ones; the built-in engine has no model. */
function mergeSettings(baseSettings: AgentSettings, input: AgentSettingsInput): AgentSettings {
  const merged: AgentSettings = { ...baseSettings };
  for (const key of Object.keys(baseSettings) as (keyof AgentSettings)[]) {
    const value = input[key];
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  if (merged.providerId === null) merged.model = '';
  return merged;
}

const settingsOf = (row: AgentRow): AgentSettings => ({
  avatar: row.avatar,
  providerId: row.providerId,
  model: row.model,
  params: row.params,
  systemPrompt: row.systemPrompt,
  welcomeMessage: row.welcomeMessage,
  quickQuestions: row.quickQuestions,
  fallbackReply: row.fallbackReply,
  handoff: row.handoff,
  businessHours: row.businessHours,
  leadGoal: row.leadGoal,
  knowledgeThreshold: row.knowledgeThreshold,
  clarifyThreshold: row.clarifyThreshold,
});

/** The template's rules, knowledge and variables, written for a new agent inside the caller's transaction. */
async function insertTemplateContent(tx: Db, agentId: number, def: AgentTemplateDef, operator: string, at: Date) {
  const audit = { createBy: operator, createTime: at };
  if (def.rules.length > 0) await tx.insert(aiReplyRule).values(def.rules.map((r) => ({ ...r, agentId, ...audit })));
  if (def.knowledge.length > 0) await tx.insert(aiKnowledge).values(def.knowledge.map((k) => ({ ...k, agentId, ...audit })));
  if (def.variables.length === 0) return;
  const globals = await tx
    .select({ varKey: aiVariable.varKey })
    .from(aiVariable)
    .where(and(isNull(aiVariable.agentId), inArray(aiVariable.varKey, def.variables.map((v) => v.varKey))));
  const taken = new Set(globals.map((g) => g.varKey));
  const own = def.variables.filter((v) => !taken.has(v.varKey));
  if (own.length > 0) {
    await tx.insert(aiVariable).values(own.map((v, i) => ({ ...v, scope: 'agent', agentId, sort: i + 1, ...audit })));
  }
}

export async function createAgent(deps: Deps, body: AgentCreateBody, operator: string): Promise<number> {
  const { db } = deps.database;
  const template: AgentTemplate = body.template ?? 'blank';
  const def = templateOf(template);
  const settings = mergeSettings(def.settings, body);
  await assertNameFree(db, body.name, '新增');
  checkThresholds(settings);
  await checkModel(db, settings);
  const at = new Date(deps.now());
  const agentId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(aiAgent)
      .values({ ...settings, name: body.name, template, status: 'draft', remark: body.remark ?? null, createBy: operator, createTime: at })
      .returning({ agentId: aiAgent.agentId });
    await insertTemplateContent(tx, row.agentId, def, operator, at);
    return row.agentId;
  });
  scheduleAgentEmbeddings(deps, agentId);
  return agentId;
}

export async function updateAgent(deps: Deps, body: AgentUpdateBody, operator: string): Promise<number> {
  const { db } = deps.database;
  const row = await requireAgent(db, body.agentId);
  const settings = mergeSettings(settingsOf(row), body);
  await assertNameFree(db, body.name, '修改', body.agentId);
  checkThresholds(settings);
  await checkModel(db, settings);
  const updated = await db
    .update(aiAgent)
    .set({
      ...settings,
      name: body.name,
      ...(body.remark === undefined ? {} : { remark: body.remark }),
      updateBy: operator,
      updateTime: new Date(deps.now()),
    })
    .where(eq(aiAgent.agentId, body.agentId))
    .returning({ agentId: aiAgent.agentId });
  await bumpAgentVersion(deps, body.agentId);
  scheduleAgentEmbeddings(deps, body.agentId);
  return updated.length;
}

const NEXT_STATUS: Record<AgentStatus, AgentStatus[]> = { draft: ['published'], published: ['disabled'], disabled: ['published'] };

/** Why the agent cannot answer customers yet, or nothing when it can be published. */
async function publishProblems(db: Db, row: AgentRow): Promise<string[]> {
  const missing: string[] = [];
  if (!row.fallbackReply.trim()) missing.push('兜底回复');
  if (row.providerId !== null) {
    const [provider] = await db.select({ status: aiModelProvider.status }).from(aiModelProvider).where(eq(aiModelProvider.providerId, row.providerId)).limit(1);
    if (!provider || provider.status !== '0') missing.push('可用的模型配置');
    else if (!row.model) missing.push('模型');
  }
  return missing;
}

export async function changeAgentStatus(deps: Deps, agentId: number, status: AgentStatus, operator: string): Promise<number> {
  const { db } = deps.database;
  const row = await requireAgent(db, agentId);
  const from = row.status as AgentStatus;
  if (!NEXT_STATUS[from]?.includes(status)) {
    throw new ServiceError(`客服'${row.name}'当前为${AGENT_STATUS_LABELS[from] ?? from}，不能改为${AGENT_STATUS_LABELS[status]}`);
  }
  if (status === 'published') {
    const missing = await publishProblems(db, row);
    if (missing.length > 0) throw new ServiceError(`发布失败，请先设置${missing.join('、')}`);
  }
  const at = new Date(deps.now());
  const updated = await db
    .update(aiAgent)
    .set({ status, updateBy: operator, updateTime: at, ...(status === 'published' ? { publishedTime: at } : {}) })
    .where(eq(aiAgent.agentId, agentId))
    .returning({ agentId: aiAgent.agentId });
  await bumpAgentVersion(deps, agentId);
  return updated.length;
}

const NAME_MAX = 50;

/** `{name}-副本`, then `-副本2`, `-副本3`…, shortening the name when the suffix would not fit. */
async function copyName(db: Db, name: string): Promise<string> {
  const candidates = Array.from({ length: 100 }, (_, i) => {
    const suffix = `-副本${i === 0 ? '' : i + 1}`;
    return name.slice(0, NAME_MAX - suffix.length) + suffix;
  });
  const taken = new Set((await db.select({ name: aiAgent.name }).from(aiAgent).where(inArray(aiAgent.name, candidates))).map((r) => r.name));
  const free = candidates.find((c) => !taken.has(c));
  if (!free) throw new ServiceError(`复制客服'${name}'失败，副本过多`);
  return free;
}

/** A draft copy with the settings, rules, knowledge, own variables and variable values; no channels. */
export async function duplicateAgent(deps: Deps, agentId: number, operator: string): Promise<number> {
  const { db } = deps.database;
  const source = await requireAgent(db, agentId);
  const name = await copyName(db, source.name);
  const at = new Date(deps.now());
  const audit = { createBy: operator, createTime: at };
  const copyId = await db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(aiAgent)
      .values({ ...settingsOf(source), name, template: source.template, status: 'draft', remark: source.remark, ...audit })
      .returning({ agentId: aiAgent.agentId });
    const newId = copy.agentId;
    const [rules, knowledge, variables, values] = await Promise.all([
      tx.select().from(aiReplyRule).where(eq(aiReplyRule.agentId, agentId)).orderBy(aiReplyRule.ruleId),
      tx.select().from(aiKnowledge).where(eq(aiKnowledge.agentId, agentId)).orderBy(aiKnowledge.knowledgeId),
      tx.select().from(aiVariable).where(eq(aiVariable.agentId, agentId)).orderBy(aiVariable.variableId),
      tx.select().from(aiAgentVariable).where(eq(aiAgentVariable.agentId, agentId)),
    ]);
    if (rules.length > 0) {
      await tx.insert(aiReplyRule).values(
        rules.map((r) => ({ agentId: newId, matchType: r.matchType, pattern: r.pattern, reply: r.reply, priority: r.priority, status: r.status, ...audit })),
      );
    }
    if (knowledge.length > 0) {
      await tx.insert(aiKnowledge).values(
        knowledge.map((k) => ({ agentId: newId, question: k.question, similarQuestions: k.similarQuestions, answer: k.answer, status: k.status, ...audit })),
      );
    }
    const idMap = new Map<number, number>();
    for (const v of variables) {
      const [inserted] = await tx
        .insert(aiVariable)
        .values({
          varKey: v.varKey,
          label: v.label,
          varType: v.varType,
          scope: v.scope,
          agentId: newId,
          defaultValue: v.defaultValue,
          fallback: v.fallback,
          pattern: v.pattern,
          patternHint: v.patternHint,
          options: v.options,
          sort: v.sort,
          status: v.status,
          remark: v.remark,
          ...audit,
        })
        .returning({ variableId: aiVariable.variableId });
      idMap.set(v.variableId, inserted.variableId);
    }
    if (values.length > 0) {
      await tx.insert(aiAgentVariable).values(values.map((v) => ({ agentId: newId, variableId: idMap.get(v.variableId) ?? v.variableId, value: v.value })));
    }
    return newId;
  });
  scheduleAgentEmbeddings(deps, copyId);
  return copyId;
}

/** Refused as a whole while any of the agents answers on a live channel account; conversations are kept. */
export async function deleteAgents(deps: Deps, agentIds: number[]): Promise<number> {
  const { db } = deps.database;
  const removed = await db.transaction(async (tx) => {
    const [bound] = await tx
      .select({ name: aiAgent.name, account: channelAccount.name })
      .from(channelAccount)
      .innerJoin(aiAgent, eq(aiAgent.agentId, channelAccount.agentId))
      .where(and(inArray(channelAccount.agentId, agentIds), eq(channelAccount.status, '0')))
      .orderBy(channelAccount.accountId)
      .limit(1);
    if (bound) throw new ServiceError(`客服'${bound.name}'已绑定渠道'${bound.account}',不能删除`);
    const ownVariables = tx.select({ id: aiVariable.variableId }).from(aiVariable).where(inArray(aiVariable.agentId, agentIds));
    await tx.delete(aiAgentVariable).where(inArray(aiAgentVariable.variableId, ownVariables));
    await tx.delete(aiAgentVariable).where(inArray(aiAgentVariable.agentId, agentIds));
    await tx.delete(aiVariable).where(inArray(aiVariable.agentId, agentIds));
    await tx.delete(aiReplyRule).where(inArray(aiReplyRule.agentId, agentIds));
    await tx.delete(aiKnowledgeVector).where(inArray(aiKnowledgeVector.agentId, agentIds));
    await tx.delete(aiKnowledge).where(inArray(aiKnowledge.agentId, agentIds));
    await tx.update(channelAccount).set({ agentId: null }).where(inArray(channelAccount.agentId, agentIds));
    return tx.delete(aiAgent).where(inArray(aiAgent.agentId, agentIds)).returning({ agentId: aiAgent.agentId });
  });
  for (const { agentId } of removed) await bumpAgentVersion(deps, agentId);
  return removed.length;
}

export async function listChannels(deps: Deps) {
  return deps.database.db
    .select({
      accountId: channelAccount.accountId,
      platform: channelAccount.platform,
      name: channelAccount.name,
      externalId: channelAccount.externalId,
      agentId: channelAccount.agentId,
      agentName: aiAgent.name,
      status: channelAccount.status,
      createTime: channelAccount.createTime,
    })
    .from(channelAccount)
    .leftJoin(aiAgent, eq(aiAgent.agentId, channelAccount.agentId))
    .orderBy(channelAccount.platform, channelAccount.accountId);
}

/** A web entry point of the public chat page; names are unique among web entry points. */
export async function createWebChannel(deps: Deps, name: string, operator: string): Promise<number> {
  const { db } = deps.database;
  const [clash] = await db
    .select({ accountId: channelAccount.accountId })
    .from(channelAccount)
    .where(and(eq(channelAccount.platform, 'web'), eq(channelAccount.name, name)))
    .limit(1);
  if (clash) throw new ServiceError(`新增渠道'${name}'失败，名称已存在`);
  const [row] = await db
    .insert(channelAccount)
    .values({ platform: 'web', name, createBy: operator, createTime: new Date(deps.now()) })
    .returning({ accountId: channelAccount.accountId });
  return row.accountId;
}

/** The agent answers on exactly these accounts: others it had are released, these move to it from any other agent. */
export async function bindChannels(deps: Deps, agentId: number, accountIds: number[], operator: string): Promise<void> {
  const { db } = deps.database;
  await requireAgent(db, agentId);
  const ids = [...new Set(accountIds)];
  if (ids.length > 0) {
    const found = await db.select({ accountId: channelAccount.accountId }).from(channelAccount).where(inArray(channelAccount.accountId, ids));
    if (found.length !== ids.length) throw new ServiceError('渠道账号不存在');
  }
  const audit = { updateBy: operator, updateTime: new Date(deps.now()) };
  await db.transaction(async (tx) => {
    await tx
      .update(channelAccount)
      .set({ agentId: null, ...audit })
      .where(and(eq(channelAccount.agentId, agentId), ids.length > 0 ? notInArray(channelAccount.accountId, ids) : undefined));
    if (ids.length > 0) await tx.update(channelAccount).set({ agentId, ...audit }).where(inArray(channelAccount.accountId, ids));
  });
}
