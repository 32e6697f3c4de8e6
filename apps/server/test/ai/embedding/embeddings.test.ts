import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_BATCH, embedTexts } from '../../../src/infra/llm/embeddings';
import type { LlmTarget } from '../../../src/infra/llm/openai';
import { FAKE_EMBED_DIMS, fakeEmbedding, startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';

let fake: FakeOpenAI;
const target: LlmTarget = { policy: { allowPrivateNetwork: true } };

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const embed = (model: string, input: string[], overrides: object = {}) =>
  embedTexts({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, model, input, timeoutMs: 2000, target, ...overrides });

const embeddingCalls = () => fake.requests.filter((r) => r.path === '/v1/embeddings');

describe('embedTexts', () => {
  it('embeds in order, in batches of EMBED_BATCH', async () => {
    const before = embeddingCalls().length;
    const input = Array.from({ length: EMBED_BATCH * 2 + 2 }, (_, i) => `第${i}个问题怎么办`);
    const vectors = await embed('fake-embed', input);
    expect(vectors).toHaveLength(input.length);
    expect(vectors[0]).toHaveLength(FAKE_EMBED_DIMS);
    expect(vectors[EMBED_BATCH + 1]).toEqual(fakeEmbedding(input[EMBED_BATCH + 1]).map((x) => expect.closeTo(x, 12)));
    const calls = embeddingCalls().slice(before);
    expect(calls.map((c) => (c.body as { input: string[] }).input.length)).toEqual([EMBED_BATCH, EMBED_BATCH, 2]);
    expect(calls[0].body).toMatchObject({ model: 'fake-embed' });
    expect(calls[0].headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  });

  it('asks nothing for no input', async () => {
    const before = embeddingCalls().length;
    expect(await embed('fake-embed', [])).toEqual([]);
    expect(embeddingCalls().length).toBe(before);
  });

  it('refuses answers that do not fit the request as bad_response', async () => {
    for (const model of ['fake-embed-short', 'fake-embed-ragged', 'fake-embed-nan']) {
      await expect(embed(model, ['运费怎么算', '包邮吗'])).rejects.toMatchObject({ name: 'LlmError', kind: 'bad_response' });
    }
  });

  it('classifies provider errors as the chat client does', async () => {
    await expect(embed('fake-embed-error', ['你好'])).rejects.toMatchObject({ kind: 'http', status: 500 });
    await expect(embed('fake-embed', ['你好'], { apiKey: 'sk-wrong' })).rejects.toMatchObject({ kind: 'auth', status: 401 });
  });

  it('goes through the outbound guard', async () => {
    const before = fake.requests.length;
    await expect(embed('fake-embed', ['你好'], { target: { policy: { allowPrivateNetwork: false } } })).rejects.toMatchObject({ kind: 'blocked' });
    expect(fake.requests.length).toBe(before);
  });
});
