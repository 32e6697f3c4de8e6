import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ReplyMatchType } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { aiAgent, aiKnowledge, aiModelProvider, aiReplyRule } from '../../../db/schema';
import type { KnowledgeVector } from '../embedding/cosine';
import { loadAgentVectors } from '../embedding/service';
import { KnowledgeIndex } from '../engine/retrieval';
import { systemVariableValues } from '../engine/system-vars';
import type { EngineAgent, EngineKnowledge, EngineRule } from '../engine/types';
import { loadSynonymGroups } from '../synonym/service';
import { variableValuesFor } from '../variable/values';

type Deps = Pick<AppDeps, 'database' | 'kv'>;
type AgentRow = typeof aiAgent.$inferSelect;

/** Everything a turn needs of an agent, read once per version of its data. */
export interface AgentBundle {
  row: AgentRow;
  engine: EngineAgent;
  /** Enabled rules and knowledge entries only. */
  rules: EngineRule[];
  knowledge: EngineKnowledge[];
  index: KnowledgeIndex;
  /** Embeddings of the enabled entries' phrasings by the provider's embeddings model (none without one). */
  vectors: KnowledgeVector[];
  variables: Record<string, string>;
  fallbacks: Record<string, string>;
}

/**
 * Version tokens in the kv store (shared by every instance when it is Redis): one per agent and one
 * for the global variables, which every agent sees. A token is replaced, never counted up, so a
 * store that lost its keys cannot bring back a version an instance still holds.
 */
const VERSION_KEY = 'ai_agent_version:';
const GLOBAL_VERSION = `${VERSION_KEY}global`;

interface Cached {
  version: string;
  bundle: AgentBundle;
}

// Per database, so two apps in one process (tests) never share agents.
const caches = new WeakMap<object, Map<number, Cached>>();

function cacheOf(deps: Deps): Map<number, Cached> {
  let cache = caches.get(deps.database);
  if (!cache) caches.set(deps.database, (cache = new Map()));
  return cache;
}

async function versionOf(deps: Deps, key: string): Promise<string> {
  const current = await deps.kv.get<string>(key);
  if (current) return current;
  const fresh = randomUUID();
  await deps.kv.set(key, fresh);
  return fresh;
}

/** Drops every instance's cached bundle of the agent; call it after the change is committed. */
export async function bumpAgentVersion(deps: Pick<AppDeps, 'kv'>, agentId: number): Promise<void> {
  await deps.kv.set(VERSION_KEY + agentId, randomUUID());
}

/** A change every agent sees (a global variable): drops all cached bundles at once. */
export async function bumpAllAgentVersions(deps: Pick<AppDeps, 'kv'>): Promise<void> {
  await deps.kv.set(GLOBAL_VERSION, randomUUID());
}

export const toEngineAgent = (row: AgentRow): EngineAgent => ({
  agentId: row.agentId,
  name: row.name,
  systemPrompt: row.systemPrompt,
  fallbackReply: row.fallbackReply,
  handoff: row.handoff,
  businessHours: row.businessHours,
  leadGoal: row.leadGoal,
  knowledgeThreshold: row.knowledgeThreshold,
  clarifyThreshold: row.clarifyThreshold,
  params: row.params,
  providerId: row.providerId,
  model: row.model,
});

async function buildBundle(deps: Deps, agentId: number): Promise<AgentBundle | null> {
  const { db } = deps.database;
  const [row] = await db.select().from(aiAgent).where(eq(aiAgent.agentId, agentId)).limit(1);
  if (!row) return null;
  const [ruleRows, knowledgeRows, vars, synonyms, provider] = await Promise.all([
    db.select().from(aiReplyRule).where(and(eq(aiReplyRule.agentId, agentId), eq(aiReplyRule.status, '0'))),
    db.select().from(aiKnowledge).where(and(eq(aiKnowledge.agentId, agentId), eq(aiKnowledge.status, '0'))),
    variableValuesFor(deps, agentId),
    loadSynonymGroups(deps, agentId),
    row.providerId === null
      ? Promise.resolve([])
      : db.select({ embeddingModel: aiModelProvider.embeddingModel }).from(aiModelProvider).where(eq(aiModelProvider.providerId, row.providerId)).limit(1),
  ]);
  const vectors = await loadAgentVectors(deps, agentId, provider[0]?.embeddingModel ?? '');
  const knowledge = knowledgeRows.map((k) => ({
    knowledgeId: k.knowledgeId,
    question: k.question,
    similarQuestions: k.similarQuestions,
    answer: k.answer,
  }));
  return {
    row,
    engine: toEngineAgent(row),
    // match_type is validated against REPLY_MATCH_TYPES on every write.
    rules: ruleRows.map((r) => ({ ruleId: r.ruleId, matchType: r.matchType as ReplyMatchType, pattern: r.pattern, reply: r.reply, priority: r.priority })),
    knowledge,
    index: new KnowledgeIndex(knowledge, { synonyms }),
    vectors,
    variables: vars.values,
    fallbacks: vars.fallbacks,
  };
}

/**
 * The agent with its enabled rules, knowledge (indexed once) and variable values, or null when it
 * does not exist. Cached in this process until its version token changes.
 */
export async function loadAgentBundle(deps: Deps, agentId: number): Promise<AgentBundle | null> {
  const [own, global] = await Promise.all([versionOf(deps, VERSION_KEY + agentId), versionOf(deps, GLOBAL_VERSION)]);
  const version = `${own}/${global}`;
  const cache = cacheOf(deps);
  const hit = cache.get(agentId);
  if (hit?.version === version) return hit.bundle;
  const bundle = await buildBundle(deps, agentId);
  if (bundle) cache.set(agentId, { version, bundle });
  else cache.delete(agentId);
  return bundle;
}

/**
 * The values a turn renders {{key}} with: system variables for this moment and customer, then the
 * agent's variables, each falling back to its fallback text when it has no value.
 */
export function turnVariables(bundle: AgentBundle, now: number, customerName: string): Record<string, string> {
  return { ...bundle.fallbacks, ...bundle.variables, ...systemVariableValues(now, bundle.row.name, customerName) };
}
