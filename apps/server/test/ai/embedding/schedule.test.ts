import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aiKnowledge, aiKnowledgeVector, aiModelProvider } from '../../../src/db/schema';
import { cosineScores } from '../../../src/modules/ai/embedding/cosine';
import { embedQuery, loadAgentVectors, scheduleAgentEmbeddings, textHash } from '../../../src/modules/ai/embedding/service';
import { loadProviderForRuntime } from '../../../src/modules/ai/model/provider-runtime';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs } from '../../helpers/login';
import { FAKE_EMBED_DIMS, fakeEmbedding, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';
import { allowPrivateModels } from '../../helpers/outbound';
import { requester, type Requester } from '../agent/support';
import { createAgent } from '../runtime/support';

let t: TestApp;
let fake: FakeOpenAI;
let req: Requester;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeOpenAI();
  await allowPrivateModels(t);
  req = requester(t, await loginAs(t.app, 'admin', 'admin123'));
});
afterAll(() => fake.close());

let providerSeq = 0;

/** A provider added through 模型配置, with `embeddingModel` ('' for none); returns its id. */
async function addProvider(embeddingModel: string): Promise<number> {
  const name = `向量测试${++providerSeq}`;
  const body = { name, baseUrl: fake.baseUrl, apiKey: fake.apiKey, models: ['fake-echo'], defaultModel: 'fake-echo', embeddingModel, timeoutMs: 3000 };
  expect(await req('POST', '/ai/model', body)).toMatchObject({ code: 200 });
  const [row] = await t.deps.database.db.select().from(aiModelProvider).where(eq(aiModelProvider.name, name));
  return row.providerId;
}

/** Waits for the embedding work the requests scheduled; shutdown would wait for it the same way. */
async function settle(): Promise<void> {
  expect(await t.app.backgroundTasks.drain(10_000)).toBe(0);
}

const vectorsOf = (agentId: number) =>
  t.deps.database.db.select().from(aiKnowledgeVector).where(eq(aiKnowledgeVector.agentId, agentId)).orderBy(aiKnowledgeVector.knowledgeId);

const embeddingCalls = () => fake.requests.filter((r) => r.path === '/v1/embeddings').length;

async function addEntry(agentId: number, question: string, similarQuestions: string[] = []): Promise<number> {
  expect(await req('POST', `/ai/agent/${agentId}/knowledge`, { question, similarQuestions, answer: `${question}的答案` })).toMatchObject({ code: 200 });
  const [row] = await t.deps.database.db
    .select()
    .from(aiKnowledge)
    .where(and(eq(aiKnowledge.agentId, agentId), eq(aiKnowledge.question, question)));
  return row.knowledgeId;
}

describe('the provider embeddingModel field', () => {
  it('is saved, returned and validated', async () => {
    const providerId = await addProvider('fake-embed');
    expect((await req<{ data: { embeddingModel: string } }>('GET', `/ai/model/${providerId}`)).data.embeddingModel).toBe('fake-embed');
    const tooLong = await req('POST', '/ai/model', { name: '过长', baseUrl: fake.baseUrl, embeddingModel: 'x'.repeat(101) });
    expect(tooLong).toMatchObject({ code: 500 });
    expect(tooLong.msg).toContain('向量模型');
  });

  it('is tried by 测试连接 when given, a failure reported beside the chat result', async () => {
    const probe = { baseUrl: fake.baseUrl, apiKey: fake.apiKey, model: 'fake-echo', timeoutMs: 3000 };
    const ok = await req<{ data: { ok: boolean; embedding?: object } }>('POST', '/ai/model/test', { ...probe, embeddingModel: 'fake-embed' });
    expect(ok.data).toMatchObject({ ok: true, embedding: { ok: true, dims: FAKE_EMBED_DIMS } });
    const failed = await req<{ data: { ok: boolean; embedding?: object } }>('POST', '/ai/model/test', { ...probe, embeddingModel: 'fake-embed-error' });
    expect(failed.data).toMatchObject({ ok: true, embedding: { ok: false, error: '模型服务返回错误（HTTP 500）' } });
    expect((await req<{ data: object }>('POST', '/ai/model/test', probe)).data).not.toHaveProperty('embedding');
  });
});

describe('knowledge vectors', () => {
  it('are computed in the background for every phrasing, replaced on edit and removed with the entry', async () => {
    const agentId = await createAgent(t, { providerId: await addProvider('fake-embed'), model: 'fake-echo' });
    const id = await addEntry(agentId, '运费怎么算', ['包邮吗', '邮费多少']);
    await settle();
    let rows = await vectorsOf(agentId);
    expect(rows.map((r) => r.phrasing).sort()).toEqual(['包邮吗', '运费怎么算', '邮费多少'].sort());
    expect(rows.every((r) => r.knowledgeId === id && r.model === 'fake-embed' && r.textHash === textHash(r.phrasing))).toBe(true);
    const stored = rows.find((r) => r.phrasing === '包邮吗');
    expect(stored?.vector).toEqual(fakeEmbedding('包邮吗').map((x) => expect.closeTo(x, 6)));

    const before = embeddingCalls();
    expect(
      await req('PUT', `/ai/agent/${agentId}/knowledge`, { knowledgeId: id, question: '运费怎么算', similarQuestions: ['包邮吗', '寄回来的运费谁出'], answer: '满99包邮' }),
    ).toMatchObject({ code: 200 });
    await settle();
    rows = await vectorsOf(agentId);
    expect(rows.map((r) => r.phrasing).sort()).toEqual(['包邮吗', '寄回来的运费谁出', '运费怎么算'].sort());
    // Only the new phrasing was sent: unchanged ones keep their vectors.
    expect(embeddingCalls() - before).toBe(1);
    expect(fake.requests.at(-1)?.body).toMatchObject({ input: ['寄回来的运费谁出'] });

    expect(await req('DELETE', `/ai/agent/${agentId}/knowledge/${id}`)).toMatchObject({ code: 200 });
    await settle();
    expect(await vectorsOf(agentId)).toEqual([]);
  });

  it('load as unit vectors of enabled entries only, and a query embeds to match its own phrasing', async () => {
    const providerId = await addProvider('fake-embed');
    const agentId = await createAgent(t, { providerId, model: 'fake-echo' });
    const shipping = await addEntry(agentId, '发什么快递', ['用哪家快递']);
    const jobs = await addEntry(agentId, '你们招聘快递员吗');
    await settle();
    let vectors = await loadAgentVectors(t.deps, agentId, 'fake-embed');
    expect(vectors).toHaveLength(3);
    for (const { vector } of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 5);

    const provider = await loadProviderForRuntime(t.deps, providerId);
    const query = await embedQuery(t.deps, provider!, '用哪家快递');
    expect(query).not.toBeNull();
    const scores = cosineScores(vectors, query!);
    expect(scores.get(shipping)).toBeCloseTo(1, 5);
    expect(scores.get(jobs)).toBeLessThan(1);

    expect(await req('PUT', `/ai/agent/${agentId}/knowledge/changeStatus`, { knowledgeId: jobs, status: '1' })).toMatchObject({ code: 200 });
    await settle();
    vectors = await loadAgentVectors(t.deps, agentId, 'fake-embed');
    expect(new Set(vectors.map((v) => v.knowledgeId))).toEqual(new Set([shipping]));
    expect(await loadAgentVectors(t.deps, agentId, 'another-model')).toEqual([]);
  });

  it('fold repeated scheduling of one agent into one pass', async () => {
    const agentId = await createAgent(t, { providerId: await addProvider('fake-embed'), model: 'fake-echo' });
    await t.deps.database.db.insert(aiKnowledge).values({ agentId, question: '几点开门', answer: '9点' });
    const before = embeddingCalls();
    for (let i = 0; i < 5; i++) scheduleAgentEmbeddings(t.deps, agentId);
    await settle();
    expect(embeddingCalls() - before).toBe(1);
    expect((await vectorsOf(agentId)).map((r) => r.phrasing)).toEqual(['几点开门']);
  });

  it('are not computed for a provider without an embeddings model, and follow the field when it is set', async () => {
    const providerId = await addProvider('');
    const agentId = await createAgent(t, { providerId, model: 'fake-echo' });
    const before = embeddingCalls();
    await addEntry(agentId, '可以开发票吗');
    await settle();
    expect(embeddingCalls()).toBe(before);
    expect(await vectorsOf(agentId)).toEqual([]);
    const provider = await loadProviderForRuntime(t.deps, providerId);
    expect(await embedQuery(t.deps, provider!, '开发票')).toBeNull();

    const row = (await req<{ data: Record<string, unknown> }>('GET', `/ai/model/${providerId}`)).data;
    expect(await req('PUT', '/ai/model', { ...row, apiKey: '', embeddingModel: 'fake-embed' })).toMatchObject({ code: 200 });
    await settle();
    expect((await vectorsOf(agentId)).map((r) => r.phrasing)).toEqual(['可以开发票吗']);

    expect(await req('PUT', '/ai/model', { ...row, apiKey: '', embeddingModel: '' })).toMatchObject({ code: 200 });
    await settle();
    expect(await vectorsOf(agentId)).toEqual([]);
  });

  it('leave the knowledge usable when /embeddings fails, and log the failure', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    const providerId = await addProvider('fake-embed-error');
    const agentId = await createAgent(t, { providerId, model: 'fake-echo' });
    const id = await addEntry(agentId, '支持分期付款吗');
    await settle();
    expect(await vectorsOf(agentId)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ agentId, kind: 'http', status: 500 }), expect.stringContaining('knowledge embeddings failed'));
    expect((await req<{ rows: Array<{ knowledgeId: number }> }>('GET', `/ai/agent/${agentId}/knowledge/list`)).rows.map((r) => r.knowledgeId)).toEqual([id]);
    // A customer's query falls back to words only.
    const provider = await loadProviderForRuntime(t.deps, providerId);
    expect(await embedQuery(t.deps, provider!, '分期')).toBeNull();
    warn.mockRestore();
  });
});
