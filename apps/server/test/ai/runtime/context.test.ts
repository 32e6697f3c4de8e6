// A turn reads what was said just before it (the last clarify's choices, the previous message), collects
// what it could not answer as 未知问题, and asks the provider's embeddings when the agent has vectors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_GOAL } from '@acs/shared';
import { eq } from 'drizzle-orm';
import { aiKnowledge, aiModelProvider, aiUnknownQuestion } from '../../../src/db/schema';
import { bumpAgentVersion } from '../../../src/modules/ai/agent/bundle';
import { syncAgentEmbeddings } from '../../../src/modules/ai/embedding/service';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call } from '../../common/support';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';
import { allowPrivateModels } from '../../helpers/outbound';
import { addProvider, API, createAgent, visitor } from './support';

let t: TestApp;
let admin: LoggedIn;
let fake: FakeOpenAI;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  fake = await startFakeOpenAI();
  await allowPrivateModels(t);
});
afterAll(() => fake.close());

interface Reply {
  content: string;
  hit: { type: string; id?: number; candidates?: Array<{ id: number; name: string }> } | null;
}
interface DebugTurn {
  conversationId: number;
  turn: { replies: Reply[] };
}

const debug = (agentId: number, content: string, conversationId?: number) =>
  call<{ code: number; data: DebugTurn }>(t.app, {
    method: 'POST',
    url: `${API}/ai/agent/${agentId}/debug`,
    payload: { content, ...(conversationId ? { conversationId } : {}) },
    headers: admin.headers,
  });

async function addEntries(agentId: number, entries: Array<[string, string[]]>): Promise<number[]> {
  const rows = await t.deps.database.db
    .insert(aiKnowledge)
    .values(entries.map(([question, similarQuestions]) => ({ agentId, question, similarQuestions, answer: `${question}：答案` })))
    .returning({ knowledgeId: aiKnowledge.knowledgeId });
  await bumpAgentVersion(t.deps, agentId);
  return rows.map((r) => r.knowledgeId);
}

describe('a turn in its conversation', () => {
  it('answers 「2」 with the second question the last clarify offered', async () => {
    const agentId = await createAgent(t, { status: 'draft', knowledgeThreshold: 0.99, clarifyThreshold: 0.05 });
    await addEntries(agentId, [['运费怎么算', []], ['退货运费谁承担', []], ['发什么快递', []]]);
    const first = await debug(agentId, '运费问题');
    const offered = first.data.turn.replies[0]?.hit;
    expect(offered?.type).toBe('clarify');
    const second = offered?.candidates?.[1];
    expect(second).toBeDefined();
    const picked = await debug(agentId, '2', first.data.conversationId);
    expect(picked.data.turn.replies[0]).toMatchObject({ content: `${second?.name}：答案`, hit: { type: 'knowledge', id: second?.id } });
  });

  it('still knows the choices when the lead question followed the clarify', async () => {
    const leadGoal = { ...DEFAULT_LEAD_GOAL, enabled: true, askAfterTurns: 1 };
    const agentId = await createAgent(t, { status: 'draft', knowledgeThreshold: 0.99, clarifyThreshold: 0.05, leadGoal });
    await addEntries(agentId, [['运费怎么算', []], ['退货运费谁承担', []]]);
    const first = await debug(agentId, '运费问题');
    expect(first.data.turn.replies.map((r) => r.hit?.type)).toEqual(['clarify', 'leadAsk']);
    const offered = first.data.turn.replies[0]?.hit?.candidates ?? [];
    const picked = await debug(agentId, '1', first.data.conversationId);
    expect(picked.data.turn.replies[0]?.hit).toMatchObject({ type: 'knowledge', id: offered[0]?.id });
  });

  it('reads a short follow-up with the previous message', async () => {
    const agentId = await createAgent(t, { status: 'draft' });
    const [sizing, large] = await addEntries(agentId, [['尺码怎么选', []], ['有大码吗', []], ['发什么快递', []]]);
    const first = await debug(agentId, '衣服尺码怎么选');
    expect(first.data.turn.replies[0]?.hit).toMatchObject({ type: 'knowledge', id: sizing });
    const next = await debug(agentId, '那大码呢', first.data.conversationId);
    expect(next.data.turn.replies[0]?.hit).toMatchObject({ type: 'knowledge', id: large });
  });

  it('collects what a live customer was not answered as 未知问题, and nothing from the debug chat', async () => {
    const agentId = await createAgent(t);
    await addEntries(agentId, [['运费怎么算', []]]);
    await debug(agentId, '你们老板叫什么名字');
    const v = await visitor(t, agentId);
    expect((await v.send('你们老板叫什么名字')).code).toBe(200);
    await expect
      .poll(async () => (await t.deps.database.db.select().from(aiUnknownQuestion).where(eq(aiUnknownQuestion.agentId, agentId))).length)
      .toBe(1);
    const [row] = await t.deps.database.db.select().from(aiUnknownQuestion).where(eq(aiUnknownQuestion.agentId, agentId));
    expect(row).toMatchObject({ question: '你们老板叫什么名字', outcome: 'fallback', hits: 1, status: 'pending' });
  });

  it('embeds the message through the provider when the agent has vectors', async () => {
    const providerId = await addProvider(t, fake.baseUrl, fake.apiKey);
    await t.deps.database.db.update(aiModelProvider).set({ embeddingModel: 'fake-embed' }).where(eq(aiModelProvider.providerId, providerId));
    const agentId = await createAgent(t, { status: 'draft', providerId, model: 'fake-echo' });
    const [shipping] = await addEntries(agentId, [['运费怎么算', ['包邮吗']], ['发什么快递', []]]);
    expect((await syncAgentEmbeddings(t.deps, agentId)).added).toBeGreaterThan(0);
    await bumpAgentVersion(t.deps, agentId);
    const embedded = () => fake.requests.filter((r) => r.path === '/v1/embeddings').length;
    const before = embedded();
    const turn = await debug(agentId, '运费怎么算');
    expect(embedded()).toBe(before + 1);
    expect(turn.data.turn.replies[0]?.hit).toMatchObject({ type: 'knowledge', id: shipping });
  });
});
