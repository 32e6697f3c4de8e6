import { and, desc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, orderBy, tableList } from '../../../core/list';
import type { Db } from '../../../db/client';
import { aiUnknownQuestion } from '../../../db/schema';
import { requireAgent } from '../agent/service';
import { cleanSimilar, findByQuestion, getKnowledge, insertKnowledge, updateKnowledge } from '../reply/knowledge';
import { knowledgeBody, SIMILAR_MAX } from '../reply/schema';
import type { UnknownAttachBody, UnknownCreateBody, UnknownListQuery, UnknownStatus } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;

const NOT_PENDING = '未知问题不存在或已处理';
const NOT_IGNORED = '未知问题不存在或未被忽略';

const sortable = {
  hits: aiUnknownQuestion.hits,
  lastTime: aiUnknownQuestion.lastTime,
  firstTime: aiUnknownQuestion.firstTime,
};

function statusFilter(status: UnknownListQuery['status'] = 'pending') {
  return status === 'handled' ? inArray(aiUnknownQuestion.status, ['added', 'created']) : eq(aiUnknownQuestion.status, status);
}

/** An agent's groups of one status (pending unless asked), the keyword looked for in the question and the samples; most asked first. */
export async function listUnknown(deps: Deps, agentId: number, q: UnknownListQuery) {
  const { db } = deps.database;
  await requireAgent(db, agentId);
  const pattern = q.keyword ? likePattern(q.keyword) : '';
  const filter = and(
    eq(aiUnknownQuestion.agentId, agentId),
    statusFilter(q.status),
    pattern ? or(like(aiUnknownQuestion.question, pattern), sql`${aiUnknownQuestion.samples}::text like ${pattern}`) : undefined,
  );
  const order = orderBy(q, sortable, [desc(aiUnknownQuestion.hits), desc(aiUnknownQuestion.lastTime), desc(aiUnknownQuestion.unknownId)]);
  return tableList(db, aiUnknownQuestion, filter, order).page(q);
}

async function requirePending(db: Db, agentId: number, unknownId: number) {
  const [row] = await db
    .select()
    .from(aiUnknownQuestion)
    .where(and(eq(aiUnknownQuestion.agentId, agentId), eq(aiUnknownQuestion.unknownId, unknownId), eq(aiUnknownQuestion.status, 'pending')))
    .limit(1);
  if (!row) throw new ServiceError(NOT_PENDING);
  return row;
}

/**
 * Marks a pending group handled. The knowledge change it records is already committed (it bumped the
 * agent's version, which must follow the commit); if someone handled the group in between, that change
 * still stands and is harmless (phrasings are deduplicated), and this answers that the group is gone.
 */
async function markHandled(deps: Deps, agentId: number, unknownId: number, status: UnknownStatus, knowledgeId: number | null, operator: string) {
  const rows = await deps.database.db
    .update(aiUnknownQuestion)
    .set({ status, knowledgeId, handledBy: operator, handledTime: new Date(deps.now()) })
    .where(and(eq(aiUnknownQuestion.agentId, agentId), eq(aiUnknownQuestion.unknownId, unknownId), eq(aiUnknownQuestion.status, 'pending')))
    .returning({ unknownId: aiUnknownQuestion.unknownId });
  if (rows.length === 0) throw new ServiceError(NOT_PENDING);
  return rows.length;
}

/**
 * 添加为相似问法: the group's question (and, when asked, its samples) joins the entry's other phrasings
 * through the knowledge edit itself, so validation, deduplication and the engine's reload are the same.
 */
export async function attachUnknown(deps: Deps, agentId: number, unknownId: number, body: UnknownAttachBody, operator: string): Promise<number> {
  const group = await requirePending(deps.database.db, agentId, unknownId);
  const entry = await getKnowledge(deps, agentId, body.knowledgeId);
  const similarQuestions = cleanSimilar(entry.question, [...entry.similarQuestions, group.question, ...(body.includeSamples ? group.samples : [])]);
  if (similarQuestions.length > SIMILAR_MAX) {
    throw new ServiceError(`知识'${entry.question}'的相似问法将超过${SIMILAR_MAX}个，请先删减后再添加`);
  }
  const edit = knowledgeBody.safeParse({ ...entry, similarQuestions });
  if (!edit.success) throw new ServiceError(edit.error.issues[0].message);
  await updateKnowledge(deps, agentId, edit.data, operator);
  return markHandled(deps, agentId, unknownId, 'added', entry.knowledgeId, operator);
}

/** 新建知识: a new entry (the group's question unless another is given), made exactly as 添加问答 makes one. */
export async function createFromUnknown(deps: Deps, agentId: number, unknownId: number, body: UnknownCreateBody, operator: string): Promise<number> {
  const { db } = deps.database;
  const group = await requirePending(db, agentId, unknownId);
  const question = body.question ?? group.question;
  await insertKnowledge(deps, agentId, { ...body, question }, operator);
  // Questions are unique within an agent, so the entry just added is the one with this question.
  const created = await findByQuestion(db, agentId, question.trim());
  return markHandled(deps, agentId, unknownId, 'created', created?.knowledgeId ?? null, operator);
}

/** Moves every listed group from one status to another, all or none: a group of another agent or in another status refuses the batch. */
async function moveStatus(deps: Deps, agentId: number, unknownIds: number[], from: UnknownStatus, to: UnknownStatus, operator: string, refusal: string) {
  const ids = [...new Set(unknownIds)];
  const handled = to === 'pending' ? { handledBy: '', handledTime: null } : { handledBy: operator, handledTime: new Date(deps.now()) };
  return deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .update(aiUnknownQuestion)
      .set({ status: to, ...handled })
      .where(and(eq(aiUnknownQuestion.agentId, agentId), inArray(aiUnknownQuestion.unknownId, ids), eq(aiUnknownQuestion.status, from)))
      .returning({ unknownId: aiUnknownQuestion.unknownId });
    if (rows.length !== ids.length) throw new ServiceError(refusal);
    return rows.length;
  });
}

export const ignoreUnknown = (deps: Deps, agentId: number, unknownIds: number[], operator: string) =>
  moveStatus(deps, agentId, unknownIds, 'pending', 'ignored', operator, NOT_PENDING);

export const restoreUnknown = (deps: Deps, agentId: number, unknownIds: number[], operator: string) =>
  moveStatus(deps, agentId, unknownIds, 'ignored', 'pending', operator, NOT_IGNORED);

export async function deleteUnknown(deps: Deps, agentId: number, unknownIds: number[]): Promise<number> {
  const rows = await deps.database.db
    .delete(aiUnknownQuestion)
    .where(and(eq(aiUnknownQuestion.agentId, agentId), inArray(aiUnknownQuestion.unknownId, unknownIds)))
    .returning({ unknownId: aiUnknownQuestion.unknownId });
  return rows.length;
}
