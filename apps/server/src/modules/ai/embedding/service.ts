import { createHash } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app';
import { aiAgent, aiKnowledge, aiKnowledgeVector } from '../../../db/schema';
import type { KvStore } from '../../../infra/kv';
import { EMBED_BATCH, embedTexts } from '../../../infra/llm/embeddings';
import { LlmError } from '../../../infra/llm/errors';
import { bumpAgentVersion } from '../agent/bundle';
import { loadProviderForRuntime, type RuntimeProvider } from '../model/provider-runtime';
import { normalize, type KnowledgeVector } from './cosine';

/** A customer waits on the query's embedding: past this the turn goes on with words only. */
export const QUERY_EMBED_TIMEOUT_MS = 1500;

const PHRASING_MAX = 500;

/** Where an app's embedding work runs: its background tasks (shutdown waits), its log, its full deps. */
interface EmbeddingRunner {
  deps: AppDeps;
  track(task: Promise<void>): void;
  log: FastifyBaseLogger;
  /** Agents being worked on; `again` when a change arrived during the run, which then runs once more. */
  agents: Map<number, 'running' | 'again'>;
}

// Services that schedule (knowledge, agent, provider) get only part of the app's deps; the runner is
// found through the kv store, which every app has its own of (and whose version tokens it bumps).
const runners = new WeakMap<KvStore, EmbeddingRunner>();

/** Makes the app's background tasks, log and deps the runner of the embeddings its services schedule. */
export function bindEmbeddingRunner(app: FastifyInstance): void {
  runners.set(app.deps.kv, { deps: app.deps, track: (task) => app.backgroundTasks.track(task), log: app.log, agents: new Map() });
}

export const textHash = (text: string) => createHash('sha256').update(text).digest('hex');

/** An entry's phrasings as embedded: the question and its similar questions, trimmed, blank and repeats left out. */
export function phrasingsOf(entry: { question: string; similarQuestions: string[] }): string[] {
  return [...new Set([entry.question, ...entry.similarQuestions].map((s) => s.trim()).filter(Boolean))];
}

interface Wanted {
  knowledgeId: number;
  text: string;
  hash: string;
  enabled: boolean;
}

/**
 * Brings the agent's stored vectors in line with its knowledge for its provider's embeddings model:
 * vectors of other models and of phrasings that no longer exist go, the missing ones of enabled
 * entries are computed (EMBED_BATCH a call, stored after each call so a failure keeps what was
 * done). A disabled provider changes nothing (its vectors serve again once it is enabled). The
 * agent's bundle is reloaded when anything changed. Throws the provider's LlmError.
 */
export async function syncAgentEmbeddings(deps: AppDeps, agentId: number): Promise<{ added: number; removed: number }> {
  const { db } = deps.database;
  const [agent] = await db.select({ providerId: aiAgent.providerId }).from(aiAgent).where(eq(aiAgent.agentId, agentId)).limit(1);
  const provider = agent?.providerId ? await loadProviderForRuntime(deps, agent.providerId) : null;
  if (provider && provider.status !== '0') return { added: 0, removed: 0 };
  const model = provider?.embeddingModel ?? '';
  let added = 0;
  let removed = 0;
  try {
    if (!provider || !model) {
      removed = (await db.delete(aiKnowledgeVector).where(eq(aiKnowledgeVector.agentId, agentId)).returning({ id: aiKnowledgeVector.knowledgeId })).length;
      return { added, removed };
    }
    const entries = await db
      .select({ knowledgeId: aiKnowledge.knowledgeId, question: aiKnowledge.question, similarQuestions: aiKnowledge.similarQuestions, status: aiKnowledge.status })
      .from(aiKnowledge)
      .where(eq(aiKnowledge.agentId, agentId));
    const wanted = new Map<string, Wanted>();
    for (const entry of entries) {
      for (const text of phrasingsOf(entry)) {
        const hash = textHash(text);
        wanted.set(`${entry.knowledgeId}:${hash}`, { knowledgeId: entry.knowledgeId, text, hash, enabled: entry.status === '0' });
      }
    }

    const others = await db
      .delete(aiKnowledgeVector)
      .where(and(eq(aiKnowledgeVector.agentId, agentId), ne(aiKnowledgeVector.model, model)))
      .returning({ id: aiKnowledgeVector.knowledgeId });
    removed += others.length;
    const stored = await db
      .select({ knowledgeId: aiKnowledgeVector.knowledgeId, textHash: aiKnowledgeVector.textHash })
      .from(aiKnowledgeVector)
      .where(and(eq(aiKnowledgeVector.agentId, agentId), eq(aiKnowledgeVector.model, model)));
    const have = new Set(stored.map((s) => `${s.knowledgeId}:${s.textHash}`));
    const staleByEntry = new Map<number, string[]>();
    for (const s of stored) {
      if (!wanted.has(`${s.knowledgeId}:${s.textHash}`)) staleByEntry.set(s.knowledgeId, [...(staleByEntry.get(s.knowledgeId) ?? []), s.textHash]);
    }
    for (const [knowledgeId, hashes] of staleByEntry) {
      const gone = await db
        .delete(aiKnowledgeVector)
        .where(and(eq(aiKnowledgeVector.knowledgeId, knowledgeId), eq(aiKnowledgeVector.model, model), inArray(aiKnowledgeVector.textHash, hashes)))
        .returning({ id: aiKnowledgeVector.knowledgeId });
      removed += gone.length;
    }

    const missing = [...wanted.entries()].filter(([key, w]) => w.enabled && !have.has(key)).map(([, w]) => w);
    for (let start = 0; start < missing.length; start += EMBED_BATCH) {
      const batch = missing.slice(start, start + EMBED_BATCH);
      const vectors = await embedTexts({
        baseUrl: provider.baseUrl,
        apiKey: provider.apiKey,
        model,
        input: batch.map((w) => w.text),
        timeoutMs: provider.timeoutMs,
        target: provider.target,
      });
      const createTime = new Date(deps.now());
      const rows = await db
        .insert(aiKnowledgeVector)
        .values(batch.map((w, i) => ({ knowledgeId: w.knowledgeId, agentId, model, textHash: w.hash, phrasing: w.text.slice(0, PHRASING_MAX), vector: vectors[i], createTime })))
        // Another server may have embedded the same phrasing meanwhile: the vector is the same.
        .onConflictDoNothing()
        .returning({ id: aiKnowledgeVector.knowledgeId });
      added += rows.length;
    }
    return { added, removed };
  } finally {
    if (added + removed > 0) await bumpAgentVersion(deps, agentId);
  }
}

async function runAgent(runner: EmbeddingRunner, agentId: number): Promise<void> {
  do {
    runner.agents.set(agentId, 'running');
    try {
      await syncAgentEmbeddings(runner.deps, agentId);
    } catch (err) {
      // Retrieval goes on with words only; the next change of the knowledge tries again.
      if (err instanceof LlmError) runner.log.warn({ agentId, kind: err.kind, status: err.status }, `knowledge embeddings failed: ${err.message}`);
      else runner.log.error({ err, agentId }, 'knowledge embeddings failed');
    }
  } while (runner.agents.get(agentId) === 'again');
  runner.agents.delete(agentId);
}

/**
 * Computes the agent's missing knowledge vectors in the background (never awaited by a request or a
 * turn; shutdown waits for it). Calls for an agent already being worked on are folded into one more
 * run after the current one. Does nothing outside an app (scripts), where no runner is bound.
 */
export function scheduleAgentEmbeddings(deps: Pick<AppDeps, 'kv'>, agentId: number): void {
  const runner = runners.get(deps.kv);
  if (!runner) return;
  if (runner.agents.has(agentId)) {
    runner.agents.set(agentId, 'again');
    return;
  }
  runner.agents.set(agentId, 'running');
  runner.track(runAgent(runner, agentId));
}

/** After a provider's embeddings settings changed: every agent answering with it. */
export async function scheduleProviderEmbeddings(deps: Pick<AppDeps, 'kv' | 'database'>, providerId: number): Promise<void> {
  const agents = await deps.database.db.select({ agentId: aiAgent.agentId }).from(aiAgent).where(eq(aiAgent.providerId, providerId));
  for (const { agentId } of agents) scheduleAgentEmbeddings(deps, agentId);
}

/** The vectors of the agent's enabled entries for `model`, unit length (for cosineScores). */
export async function loadAgentVectors(deps: Pick<AppDeps, 'database'>, agentId: number, model: string): Promise<KnowledgeVector[]> {
  if (!model) return [];
  const rows = await deps.database.db
    .select({ knowledgeId: aiKnowledgeVector.knowledgeId, vector: aiKnowledgeVector.vector })
    .from(aiKnowledgeVector)
    .innerJoin(aiKnowledge, eq(aiKnowledge.knowledgeId, aiKnowledgeVector.knowledgeId))
    .where(and(eq(aiKnowledgeVector.agentId, agentId), eq(aiKnowledgeVector.model, model), eq(aiKnowledge.status, '0')));
  const out: KnowledgeVector[] = [];
  for (const row of rows) {
    const vector = normalize(row.vector);
    if (vector) out.push({ knowledgeId: row.knowledgeId, vector });
  }
  return out;
}

/**
 * The customer's message embedded by the provider's embeddings model, unit length; null when the
 * provider has none or the call fails or takes longer than min(provider timeout, `timeoutMs`): the
 * turn then retrieves by words only, and the failure is logged.
 */
export async function embedQuery(
  deps: Pick<AppDeps, 'kv'>,
  provider: Pick<RuntimeProvider, 'baseUrl' | 'apiKey' | 'status' | 'embeddingModel' | 'timeoutMs' | 'target'>,
  text: string,
  timeoutMs = QUERY_EMBED_TIMEOUT_MS,
): Promise<Float32Array | null> {
  if (!provider.embeddingModel || provider.status !== '0' || !text.trim()) return null;
  try {
    const [vector] = await embedTexts({
      baseUrl: provider.baseUrl,
      apiKey: provider.apiKey,
      model: provider.embeddingModel,
      input: [text],
      timeoutMs: Math.min(provider.timeoutMs, timeoutMs),
      target: provider.target,
    });
    return normalize(vector);
  } catch (err) {
    const kind = err instanceof LlmError ? err.kind : 'internal';
    runners.get(deps.kv)?.log.warn({ kind, err: err instanceof LlmError ? undefined : err }, 'query embedding failed, retrieving by words only');
    return null;
  }
}
