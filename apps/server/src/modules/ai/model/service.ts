import { performance } from 'node:perf_hooks';
import { and, asc, eq, inArray, like, ne, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, tableList, type ListQuery } from '../../../core/list';
import { aiAgent, aiModelProvider } from '../../../db/schema';
import { decryptSecret, encryptSecret, maskSecret } from '../../../infra/crypto';
import { embedTexts } from '../../../infra/llm/embeddings';
import { LlmError } from '../../../infra/llm/errors';
import { listModels, streamChat } from '../../../infra/llm/openai';
import { scheduleProviderEmbeddings } from '../embedding/service';
import { modelTarget } from './provider-runtime';
import { DEFAULT_TIMEOUT_MS, type ProviderBody, type ProviderFilters, type ProviderProbe, type ProviderTest } from './schema';

type Deps = Pick<AppDeps, 'database' | 'config' | 'kv' | 'now'>;
type ProviderRow = typeof aiModelProvider.$inferSelect;

/** The built-in engine is not a row; agents without a provider use it (see docs/ai-service.md). */
export const BUILTIN_ENGINE_NAME = '内置引擎';

// No max_tokens: newer reasoning models refuse it, and a greeting gets a short answer anyway.
const TEST_PROMPT = '你好';
const TEST_REPLY_MAX = 200;

function storedKey(deps: Deps, row: Pick<ProviderRow, 'apiKeyEnc'>): string {
  return row.apiKeyEnc ? decryptSecret(deps.config.encryptionKey, row.apiKeyEnc) : '';
}

/** A provider as the console sees it: the key only masked. */
function toJson(deps: Deps, row: ProviderRow) {
  const { apiKeyEnc, ...rest } = row;
  let apiKeyMasked = '';
  if (apiKeyEnc) {
    try {
      apiKeyMasked = maskSecret(storedKey(deps, row));
    } catch {
      // Stored under another ENCRYPTION_KEY: the list must still load; re-entering the key repairs it.
      apiKeyMasked = '（无法解密，请重新填写）';
    }
  }
  return { ...rest, apiKeyMasked, hasApiKey: apiKeyEnc !== '' };
}

function where(q: ProviderFilters): SQL | undefined {
  return and(
    q.name ? like(aiModelProvider.name, likePattern(q.name)) : undefined,
    q.status ? eq(aiModelProvider.status, q.status) : undefined,
  );
}

export async function listProviders(deps: Deps, q: ProviderFilters & ListQuery) {
  const page = await tableList(deps.database.db, aiModelProvider, where(q), [asc(aiModelProvider.providerId)]).page(q);
  return { rows: page.rows.map((r) => toJson(deps, r)), total: page.total };
}

async function findProvider(deps: Deps, providerId: number): Promise<ProviderRow | undefined> {
  const [row] = await deps.database.db.select().from(aiModelProvider).where(eq(aiModelProvider.providerId, providerId)).limit(1);
  return row;
}

export async function getProvider(deps: Deps, providerId: number) {
  const row = await findProvider(deps, providerId);
  return row ? toJson(deps, row) : null;
}

/** Enabled providers for the agent form's model picker, the built-in engine first. */
export async function providerOptions(deps: Deps) {
  const rows = await deps.database.db
    .select({ providerId: aiModelProvider.providerId, name: aiModelProvider.name, models: aiModelProvider.models, defaultModel: aiModelProvider.defaultModel })
    .from(aiModelProvider)
    .where(eq(aiModelProvider.status, '0'))
    .orderBy(asc(aiModelProvider.providerId));
  return [{ providerId: null, name: BUILTIN_ENGINE_NAME, models: [] as string[], defaultModel: '' }, ...rows];
}

async function assertUniqueName(deps: Deps, body: ProviderBody, verb: '新增' | '修改') {
  const others = body.providerId ? ne(aiModelProvider.providerId, body.providerId) : undefined;
  const [clash] = await deps.database.db
    .select({ providerId: aiModelProvider.providerId })
    .from(aiModelProvider)
    .where(and(eq(aiModelProvider.name, body.name), others))
    .limit(1);
  if (clash) throw new ServiceError(`${verb}模型'${body.name}'失败，名称已存在`);
}

function fieldsOf(body: ProviderBody) {
  const models = body.models ?? [];
  return {
    name: body.name.trim(),
    baseUrl: body.baseUrl.trim(),
    models,
    // With a list and no choice, the first model is the sensible default.
    defaultModel: body.defaultModel || models[0] || '',
    embeddingModel: body.embeddingModel ?? '',
    timeoutMs: body.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    status: body.status ?? '0',
    remark: body.remark ?? null,
  };
}

export async function insertProvider(deps: Deps, body: ProviderBody, operator: string): Promise<number> {
  await assertUniqueName(deps, { ...body, providerId: undefined }, '新增');
  const rows = await deps.database.db
    .insert(aiModelProvider)
    .values({
      ...fieldsOf(body),
      apiKeyEnc: body.apiKey ? encryptSecret(deps.config.encryptionKey, body.apiKey) : '',
      createBy: operator,
      createTime: new Date(deps.now()),
    })
    .returning({ providerId: aiModelProvider.providerId });
  return rows.length;
}

const KEY_NEEDS_RETYPING = '接口地址已修改，请重新填写 API Key';

/**
 * A stored key is only ever sent to the address it was saved with: otherwise anyone allowed to edit a
 * provider could point it at their own server and read the key off the request.
 */
function keyFollowsAddress(row: Pick<ProviderRow, 'apiKeyEnc' | 'baseUrl'>, baseUrl: string): void {
  if (row.apiKeyEnc && row.baseUrl !== baseUrl.trim()) throw new ServiceError(KEY_NEEDS_RETYPING);
}

/**
 * An empty apiKey keeps the stored one (at the same address): the console never has it to send back.
 * The agents answering with the provider get their knowledge vectors brought up to date in the
 * background (a new embeddings model, or the first one, or none any more).
 */
export async function updateProvider(deps: Deps, body: ProviderBody, operator: string): Promise<number> {
  if (!body.providerId) return 0;
  await assertUniqueName(deps, body, '修改');
  if (!body.apiKey) {
    const row = await findProvider(deps, body.providerId);
    if (row) keyFollowsAddress(row, body.baseUrl);
  }
  const rows = await deps.database.db
    .update(aiModelProvider)
    .set({
      ...fieldsOf(body),
      ...(body.apiKey ? { apiKeyEnc: encryptSecret(deps.config.encryptionKey, body.apiKey) } : {}),
      updateBy: operator,
      updateTime: new Date(deps.now()),
    })
    .where(eq(aiModelProvider.providerId, body.providerId))
    .returning({ providerId: aiModelProvider.providerId });
  await scheduleProviderEmbeddings(deps, body.providerId);
  return rows.length;
}

/** Refused as a whole while any agent answers with one of the providers. */
export async function deleteProviders(deps: Deps, providerIds: number[]): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const [used] = await tx
      .select({ provider: aiModelProvider.name, agent: aiAgent.name })
      .from(aiAgent)
      .innerJoin(aiModelProvider, eq(aiModelProvider.providerId, aiAgent.providerId))
      .where(inArray(aiAgent.providerId, providerIds))
      .orderBy(asc(aiAgent.agentId))
      .limit(1);
    if (used) throw new ServiceError(`模型'${used.provider}'正在被客服'${used.agent}'使用,不能删除`);
    const removed = await tx.delete(aiModelProvider).where(inArray(aiModelProvider.providerId, providerIds)).returning({ providerId: aiModelProvider.providerId });
    return removed.length;
  });
}

/** The key typed in the dialog, else the stored key of the provider being edited. */
async function probeKey(deps: Deps, probe: ProviderProbe): Promise<string> {
  if (probe.apiKey) return probe.apiKey;
  if (!probe.providerId) return '';
  const row = await findProvider(deps, probe.providerId);
  if (!row) throw new ServiceError('模型配置不存在，请刷新后重试');
  keyFollowsAddress(row, probe.baseUrl);
  try {
    return storedKey(deps, row);
  } catch {
    throw new ServiceError('已保存的 API Key 无法解密，请重新填写');
  }
}

export interface TestResult {
  ok: boolean;
  latencyMs: number;
  reply?: string;
  error?: string;
  /** With an embeddings model: whether it embedded a word, and how wide its vectors are. */
  embedding?: { ok: boolean; dims?: number; error?: string };
}

async function testEmbedding(deps: Deps, body: ProviderTest, apiKey: string, model: string): Promise<NonNullable<TestResult['embedding']>> {
  try {
    const [vector] = await embedTexts({
      baseUrl: body.baseUrl.trim(),
      apiKey,
      model,
      input: [TEST_PROMPT],
      timeoutMs: body.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      target: await modelTarget(deps),
    });
    return { ok: true, dims: vector.length };
  } catch (err) {
    if (err instanceof LlmError) return { ok: false, error: err.message };
    throw err;
  }
}

/**
 * Sends one short chat completion (and, with an embeddings model, embeds one word); a provider
 * failure is a result to show, not an error of this call.
 */
export async function testProvider(deps: Deps, body: ProviderTest): Promise<TestResult> {
  const apiKey = await probeKey(deps, body);
  const embedding = body.embeddingModel ? { embedding: await testEmbedding(deps, body, apiKey, body.embeddingModel) } : {};
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  let reply = '';
  try {
    for await (const event of streamChat({
      baseUrl: body.baseUrl.trim(),
      apiKey,
      model: body.model.trim(),
      messages: [{ role: 'user', content: TEST_PROMPT }],
      timeoutMs: body.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      target: await modelTarget(deps),
    })) {
      if (event.type === 'delta') reply += event.text;
    }
  } catch (err) {
    if (err instanceof LlmError) return { ok: false, latencyMs: latency(), error: err.message, ...embedding };
    throw err;
  }
  return { ok: true, latencyMs: latency(), reply: reply.length > TEST_REPLY_MAX ? `${reply.slice(0, TEST_REPLY_MAX)}…` : reply, ...embedding };
}

export async function fetchModels(deps: Deps, body: ProviderProbe): Promise<string[]> {
  const apiKey = await probeKey(deps, body);
  try {
    return await listModels({ baseUrl: body.baseUrl.trim(), apiKey, timeoutMs: body.timeoutMs ?? DEFAULT_TIMEOUT_MS, target: await modelTarget(deps) });
  } catch (err) {
    if (err instanceof LlmError) throw new ServiceError(`获取模型列表失败：${err.message}`);
    throw err;
  }
}
