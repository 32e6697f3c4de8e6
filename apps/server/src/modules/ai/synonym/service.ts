import { and, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, orderBy, tableList, type ExcelColumn, type ListQuery } from '../../../core/list';
import type { Db } from '../../../db/client';
import { aiAgent, aiSynonym } from '../../../db/schema';
import { bumpAgentVersion, bumpAllAgentVersions } from '../agent/bundle';
import { requireAgent } from '../agent/service';
import { wordKey, type SynonymBody, type SynonymFilters } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;
type SynonymRow = typeof aiSynonym.$inferSelect;

/** What the list shows for a group without an agent. */
export const ALL_AGENTS = '全部客服';

const scopeOf = (agentId: number | null) => (agentId === null ? isNull(aiSynonym.agentId) : eq(aiSynonym.agentId, agentId));

function where(q: SynonymFilters): SQL | undefined {
  return and(
    q.word
      ? sql`exists (select 1 from jsonb_array_elements_text(${aiSynonym.words}) as w(word) where w.word ilike ${likePattern(q.word)})`
      : undefined,
    q.agentId === undefined ? undefined : scopeOf(q.agentId === 'global' ? null : q.agentId),
    q.status ? eq(aiSynonym.status, q.status) : undefined,
  );
}

const sortable = { synonymId: aiSynonym.synonymId, createTime: aiSynonym.createTime };
const defaultOrder = [desc(aiSynonym.synonymId)];

const synonyms = (deps: Deps, q: SynonymFilters) => tableList(deps.database.db, aiSynonym, where(q), orderBy(q, sortable, defaultOrder));

/** Each group with the name of its agent (全部客服 for a global one). */
async function withAgentName(db: Db, rows: SynonymRow[]) {
  const agentIds = [...new Set(rows.map((r) => r.agentId).filter((id): id is number => id !== null))];
  const agents = agentIds.length === 0 ? [] : await db.select({ agentId: aiAgent.agentId, name: aiAgent.name }).from(aiAgent).where(inArray(aiAgent.agentId, agentIds));
  const nameOf = new Map(agents.map((a) => [a.agentId, a.name]));
  return rows.map((row) => ({ ...row, agentName: row.agentId === null ? ALL_AGENTS : (nameOf.get(row.agentId) ?? '') }));
}

export async function listSynonyms(deps: Deps, q: SynonymFilters & ListQuery) {
  const page = await synonyms(deps, q).page(q);
  return { rows: await withAgentName(deps.database.db, page.rows), total: page.total };
}

export async function exportSynonyms(deps: Deps, q: SynonymFilters) {
  return withAgentName(deps.database.db, await synonyms(deps, q).all());
}

type ExportRow = Awaited<ReturnType<typeof exportSynonyms>>[number];

export const SYNONYM_COLUMNS: ExcelColumn<ExportRow>[] = [
  { header: '同义词编号', value: (r) => r.synonymId },
  { header: '标准词', value: (r) => r.words[0] },
  { header: '同义词', value: (r) => r.words.join('、'), width: 40 },
  { header: '适用客服', value: (r) => r.agentName, width: 20 },
  { header: '状态', value: (r) => r.status, dict: { '0': '正常', '1': '停用' } },
  { header: '创建时间', value: (r) => r.createTime, width: 20 },
  { header: '备注', value: (r) => r.remark, width: 24 },
];

async function requireSynonym(db: Db, synonymId: number): Promise<SynonymRow> {
  const [row] = await db.select().from(aiSynonym).where(eq(aiSynonym.synonymId, synonymId)).limit(1);
  if (!row) throw new ServiceError('同义词不存在');
  return row;
}

export async function getSynonym(deps: Deps, synonymId: number) {
  const [row] = await withAgentName(deps.database.db, [await requireSynonym(deps.database.db, synonymId)]);
  return row;
}

/**
 * The agent exists, and no word is in another group of the same scope: the engine reads a word as one
 * meaning, so two groups of one scope sharing a word would make the choice between them arbitrary.
 */
async function checkGroup(db: Db, agentId: number | null, words: string[], exceptId?: number) {
  if (agentId !== null) await requireAgent(db, agentId);
  const others = await db
    .select({ words: aiSynonym.words })
    .from(aiSynonym)
    .where(and(scopeOf(agentId), exceptId === undefined ? undefined : ne(aiSynonym.synonymId, exceptId)));
  const groupOf = new Map<string, string>();
  for (const other of others) for (const w of other.words) groupOf.set(wordKey(w), other.words[0]);
  for (const word of words) {
    const taken = groupOf.get(wordKey(word));
    if (taken !== undefined) throw new ServiceError(`词语'${word}'已在同义词组'${taken}'中`);
  }
}

/** A global group reaches every agent; an agent's group only that agent. Called after the write is committed. */
async function bumpFor(deps: Deps, ...agentIds: (number | null)[]) {
  if (agentIds.includes(null)) return bumpAllAgentVersions(deps);
  for (const id of new Set(agentIds)) if (id !== null) await bumpAgentVersion(deps, id);
}

function fieldsOf(body: SynonymBody) {
  return { agentId: body.agentId ?? null, words: body.words, status: body.status ?? '0', remark: body.remark ?? null };
}

export async function insertSynonym(deps: Deps, body: SynonymBody, operator: string): Promise<number> {
  const { db } = deps.database;
  const fields = fieldsOf(body);
  await checkGroup(db, fields.agentId, fields.words);
  const rows = await db
    .insert(aiSynonym)
    .values({ ...fields, createBy: operator, createTime: new Date(deps.now()) })
    .returning({ synonymId: aiSynonym.synonymId });
  await bumpFor(deps, fields.agentId);
  return rows.length;
}

export async function updateSynonym(deps: Deps, body: SynonymBody, operator: string): Promise<number> {
  const { db } = deps.database;
  if (!body.synonymId) throw new ServiceError('同义词编号不能为空');
  const old = await requireSynonym(db, body.synonymId);
  const fields = fieldsOf(body);
  await checkGroup(db, fields.agentId, fields.words, old.synonymId);
  const rows = await db
    .update(aiSynonym)
    .set({ ...fields, updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(aiSynonym.synonymId, old.synonymId))
    .returning({ synonymId: aiSynonym.synonymId });
  await bumpFor(deps, old.agentId, fields.agentId);
  return rows.length;
}

export async function changeSynonymStatus(deps: Deps, synonymId: number, status: string, operator: string): Promise<number> {
  const { db } = deps.database;
  const old = await requireSynonym(db, synonymId);
  const rows = await db
    .update(aiSynonym)
    .set({ status, updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(aiSynonym.synonymId, synonymId))
    .returning({ synonymId: aiSynonym.synonymId });
  await bumpFor(deps, old.agentId);
  return rows.length;
}

export async function deleteSynonyms(deps: Deps, synonymIds: number[]): Promise<number> {
  const removed = await deps.database.db
    .delete(aiSynonym)
    .where(inArray(aiSynonym.synonymId, synonymIds))
    .returning({ agentId: aiSynonym.agentId });
  if (removed.length > 0) await bumpFor(deps, ...removed.map((r) => r.agentId));
  return removed.length;
}

/** The enabled groups an agent's engine reads besides the built-in ones: the global groups and its own. */
export async function loadSynonymGroups(deps: Pick<AppDeps, 'database'>, agentId: number): Promise<string[][]> {
  const rows = await deps.database.db
    .select({ words: aiSynonym.words })
    .from(aiSynonym)
    .where(and(eq(aiSynonym.status, '0'), or(isNull(aiSynonym.agentId), eq(aiSynonym.agentId, agentId))))
    // A word keeps the first group naming it: the agent's own groups come before the global ones.
    .orderBy(sql`${aiSynonym.agentId} is null`, aiSynonym.synonymId);
  return rows.map((r) => r.words);
}
