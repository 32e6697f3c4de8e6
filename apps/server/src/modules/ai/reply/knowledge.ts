import { and, desc, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, orderBy, tableList, type ListQuery } from '../../../core/list';
import type { Db } from '../../../db/client';
import { aiKnowledge } from '../../../db/schema';
import { bumpAgentVersion } from '../agent/bundle';
import { requireAgent } from '../agent/service';
import { scheduleAgentEmbeddings } from '../embedding/service';
import type { KnowledgeBody, KnowledgeFilters } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;

const sortable = {
  knowledgeId: aiKnowledge.knowledgeId,
  hitCount: aiKnowledge.hitCount,
  lastHitTime: aiKnowledge.lastHitTime,
  createTime: aiKnowledge.createTime,
  updateTime: aiKnowledge.updateTime,
};

/** The keyword is looked for in the question, its other phrasings and the answer. */
function knowledgeOf(deps: Deps, agentId: number, q: KnowledgeFilters) {
  const pattern = q.keyword ? likePattern(q.keyword) : '';
  const filter = and(
    eq(aiKnowledge.agentId, agentId),
    pattern
      ? or(like(aiKnowledge.question, pattern), like(aiKnowledge.answer, pattern), sql`${aiKnowledge.similarQuestions}::text like ${pattern}`)
      : undefined,
    q.status ? eq(aiKnowledge.status, q.status) : undefined,
  );
  return tableList(deps.database.db, aiKnowledge, filter, orderBy(q, sortable, [desc(aiKnowledge.knowledgeId)]));
}

export async function listKnowledge(deps: Deps, agentId: number, q: KnowledgeFilters & ListQuery) {
  await requireAgent(deps.database.db, agentId);
  return knowledgeOf(deps, agentId, q).page(q);
}

export async function exportKnowledge(deps: Deps, agentId: number, q: KnowledgeFilters) {
  await requireAgent(deps.database.db, agentId);
  return knowledgeOf(deps, agentId, q).all();
}

export async function getKnowledge(deps: Deps, agentId: number, knowledgeId: number) {
  const [row] = await deps.database.db
    .select()
    .from(aiKnowledge)
    .where(and(eq(aiKnowledge.agentId, agentId), eq(aiKnowledge.knowledgeId, knowledgeId)))
    .limit(1);
  if (!row) throw new ServiceError('知识条目不存在');
  return row;
}

/** The entry of the agent with this question, other than `exceptId`. */
export async function findByQuestion(db: Db, agentId: number, question: string, exceptId?: number) {
  const [row] = await db
    .select({ knowledgeId: aiKnowledge.knowledgeId })
    .from(aiKnowledge)
    .where(and(eq(aiKnowledge.agentId, agentId), eq(aiKnowledge.question, question), exceptId === undefined ? undefined : ne(aiKnowledge.knowledgeId, exceptId)))
    .limit(1);
  return row;
}

/** Blank phrasings, repeats and the question itself add nothing to retrieval. */
export const cleanSimilar = (question: string, similar: string[] = []) =>
  [...new Set(similar.map((s) => s.trim()))].filter((s) => s && s !== question.trim());

export const knowledgeFieldsOf = (body: Omit<KnowledgeBody, 'knowledgeId'>) => ({
  question: body.question.trim(),
  similarQuestions: cleanSimilar(body.question, body.similarQuestions),
  answer: body.answer,
  status: body.status ?? '0',
});

export async function insertKnowledge(deps: Deps, agentId: number, body: KnowledgeBody, operator: string): Promise<number> {
  const { db } = deps.database;
  await requireAgent(db, agentId);
  const fields = knowledgeFieldsOf(body);
  if (await findByQuestion(db, agentId, fields.question)) throw new ServiceError(`新增问题'${fields.question}'失败，问题已存在`);
  const rows = await db
    .insert(aiKnowledge)
    .values({ ...fields, agentId, createBy: operator, createTime: new Date(deps.now()) })
    .returning({ knowledgeId: aiKnowledge.knowledgeId });
  await bumpAgentVersion(deps, agentId);
  scheduleAgentEmbeddings(deps, agentId);
  return rows.length;
}

export async function updateKnowledge(deps: Deps, agentId: number, body: KnowledgeBody, operator: string): Promise<number> {
  const { db } = deps.database;
  if (!body.knowledgeId) throw new ServiceError('知识编号不能为空');
  await getKnowledge(deps, agentId, body.knowledgeId);
  const fields = knowledgeFieldsOf(body);
  if (await findByQuestion(db, agentId, fields.question, body.knowledgeId)) throw new ServiceError(`修改问题'${fields.question}'失败，问题已存在`);
  const rows = await db
    .update(aiKnowledge)
    .set({ ...fields, updateBy: operator, updateTime: new Date(deps.now()) })
    .where(and(eq(aiKnowledge.agentId, agentId), eq(aiKnowledge.knowledgeId, body.knowledgeId)))
    .returning({ knowledgeId: aiKnowledge.knowledgeId });
  await bumpAgentVersion(deps, agentId);
  scheduleAgentEmbeddings(deps, agentId);
  return rows.length;
}

export async function changeKnowledgeStatus(deps: Deps, agentId: number, knowledgeId: number, status: string, operator: string): Promise<number> {
  await getKnowledge(deps, agentId, knowledgeId);
  const rows = await deps.database.db
    .update(aiKnowledge)
    .set({ status, updateBy: operator, updateTime: new Date(deps.now()) })
    .where(and(eq(aiKnowledge.agentId, agentId), eq(aiKnowledge.knowledgeId, knowledgeId)))
    .returning({ knowledgeId: aiKnowledge.knowledgeId });
  await bumpAgentVersion(deps, agentId);
  scheduleAgentEmbeddings(deps, agentId);
  return rows.length;
}

export async function deleteKnowledge(deps: Deps, agentId: number, knowledgeIds: number[]): Promise<number> {
  const rows = await deps.database.db
    .delete(aiKnowledge)
    .where(and(eq(aiKnowledge.agentId, agentId), inArray(aiKnowledge.knowledgeId, knowledgeIds)))
    .returning({ knowledgeId: aiKnowledge.knowledgeId });
  await bumpAgentVersion(deps, agentId);
  scheduleAgentEmbeddings(deps, agentId);
  return rows.length;
}
