import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiConversation, aiKnowledge, aiMessage } from '../../../src/db/schema';
import { bumpAgentVersion } from '../../../src/modules/ai/agent/bundle';
import { buildModelMessages, NO_ANSWER_MARKER } from '../../../src/modules/ai/engine/prompt';
import type { KnowledgeHit } from '../../../src/modules/ai/engine/types';
import { loadProviderForRuntime } from '../../../src/modules/ai/model/provider-runtime';
import { conversationChannel, type ConversationEvent } from '../../../src/modules/ai/runtime/events';
import { answerWithModel, MarkerHold, NO_ANSWER_ERROR } from '../../../src/modules/ai/runtime/model-answer';
import { acceptCustomerMessage, handleCustomerMessage } from '../../../src/modules/ai/runtime/turn';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';
import { allowPrivateModels } from '../../helpers/outbound';
import { addProvider, createAgent, openSession, type Session } from './support';

let t: TestApp;
let fake: FakeOpenAI;
let providerId: number;

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeOpenAI();
  await allowPrivateModels(t);
  providerId = await addProvider(t, fake.baseUrl, fake.apiKey, 5000);
});
afterAll(() => fake.close());

/** Feeds chunks through a MarkerHold and returns what was released at each step, then the rest. */
function run(chunks: string[]) {
  const hold = new MarkerHold();
  const released = chunks.map((c) => hold.push(c));
  return { released, rest: hold.rest(), noAnswer: hold.noAnswer, full: hold.full };
}

describe('MarkerHold', () => {
  it('releases ordinary text as it streams', () => {
    expect(run(['满99', '元包邮', '。'])).toEqual({ released: ['满99', '元包邮', '。'], rest: '', noAnswer: false, full: '满99元包邮。' });
  });

  it('never releases any part of the marker, split anywhere and wrapped in blanks or punctuation', () => {
    for (const chunks of [['[[无', '法回答', ']]'], [' ', '「[', '[无法回答]]」'], [...NO_ANSWER_MARKER], ['\n[[无法回答]]\n']]) {
      const r = run(chunks);
      expect(r.released.join('') + r.rest).toBe('');
      expect(r.noAnswer).toBe(true);
    }
  });

  it('holds only what could start the marker, and lets it go once it cannot', () => {
    const r = run(['价格是[', '5]元', '[[']);
    expect(r.released).toEqual(['价格是', '[5]元', '']);
    expect(r.rest).toBe('[[');
    expect(r.noAnswer).toBe(false);
  });

  it('stops releasing when the marker follows some text (the fallback replaces the draft)', () => {
    const r = run(['抱歉，', '[[无法', '回答]]', '更多']);
    expect(r.released).toEqual(['抱歉，', '', '', '']);
    expect(r.rest).toBe('');
    expect(r.noAnswer).toBe(true);
  });
});

interface Setup {
  agentId: number;
  session: Session;
  entry: { knowledgeId: number; question: string; similarQuestions: string[]; answer: string };
}

/** A published agent on the fake model `model` with one knowledge entry, and a visitor's conversation. */
async function setup(model: string): Promise<Setup> {
  // No score reaches the answer threshold: every question goes to the model, close entries as its references.
  const agentId = await createAgent(t, { providerId, model, knowledgeThreshold: 1.01, clarifyThreshold: 0.1, fallbackReply: '这个问题我帮您转给同事。' });
  const [row] = await t.deps.database.db
    .insert(aiKnowledge)
    .values({ agentId, question: '运费怎么算', similarQuestions: ['包邮吗'], answer: '满99元包邮，不满99元运费8元。' })
    .returning();
  await bumpAgentVersion(t.deps, agentId);
  const session = (await openSession(t, { agentId })).data as Session;
  return { agentId, session, entry: { knowledgeId: row.knowledgeId, question: row.question, similarQuestions: row.similarQuestions, answer: row.answer } };
}

/** Live events of the conversation until the stored AI message arrives. */
function listen(conversationId: number) {
  const events: ConversationEvent[] = [];
  const stop = t.deps.pubsub.subscribe(conversationChannel(conversationId), (e) => events.push(e as ConversationEvent));
  return {
    events,
    ready: stop.ready,
    stop,
    async untilAiMessage() {
      await expect.poll(() => events.some((e) => e.type === 'message' && e.message.sender === 'ai')).toBe(true);
      stop();
      return events;
    },
  };
}

const deltasOf = (events: ConversationEvent[]) => events.filter((e) => e.type === 'delta').map((e) => (e as { text: string }).text);

describe('answerWithModel', () => {
  /** Stores the customer's message and answers it with a hand-made model plan carrying `hits`. */
  async function answer(s: Setup, hits: KnowledgeHit[], text = '运费多少钱') {
    const accepted = await acceptCustomerMessage(t.deps, { conversationId: s.session.conversation.conversationId, content: text });
    const plan = {
      kind: 'model' as const,
      messages: buildModelMessages(accepted.bundle.engine, [], hits, {}, text),
      knowledge: hits,
      fallback: '兜底回复',
      found: [],
      next: { failures: 0, leadAskedTurn: 0, leadDeclined: false, leadAsks: 0 },
    };
    const provider = await loadProviderForRuntime(t.deps, accepted.bundle.engine.providerId as number);
    return answerWithModel(t.deps, accepted, plan, 'draft-1', provider);
  }

  it('records the entries the prompt carried as refs and streams the answer', async () => {
    const s = await setup('fake-rag');
    const live = listen(s.session.conversation.conversationId);
    await live.ready;
    const hits = [
      { entry: s.entry, score: 0.62 },
      { entry: { knowledgeId: 999, question: '几点发货', similarQuestions: [], answer: '16点前下单当天发货。' }, score: 0.31 },
    ];
    const result = await answer(s, hits);
    expect(result.failed).toBe(false);
    expect(result.message).toMatchObject({
      content: '满99元包邮，不满99元运费8元。',
      hit: {
        type: 'model',
        name: 'fake-rag',
        refs: [
          { id: s.entry.knowledgeId, name: '运费怎么算', score: 0.62 },
          { id: 999, name: '几点发货', score: 0.31 },
        ],
      },
    });
    // Stored and published as a message by the turn, not here: only its deltas went out.
    await expect.poll(() => deltasOf(live.events).join('')).toBe('满99元包邮，不满99元运费8元。');
    live.stop();
    const system = (fake.requests.at(-1)?.body as { messages: Array<{ content: string }> }).messages[0].content;
    expect(system).toContain('[1] 问：运费怎么算\n答：满99元包邮');
  });

  it('answers the marker with the fallback, recording no_answer, and never publishes it', async () => {
    const s = await setup('fake-noanswer');
    const live = listen(s.session.conversation.conversationId);
    await live.ready;
    const result = await answer(s, []);
    expect(result).toMatchObject({ failed: true, message: { content: '兜底回复', hit: { type: 'fallback', error: NO_ANSWER_ERROR } } });
    // A later publish on the channel marks the point every earlier event has been delivered by.
    await t.deps.pubsub.publish(conversationChannel(s.session.conversation.conversationId), { type: 'typing', sender: 'ai', on: false });
    await expect.poll(() => live.events.some((e) => e.type === 'typing')).toBe(true);
    live.stop();
    expect(deltasOf(live.events)).toEqual([]);
  });
});

describe('a customer turn on a grounded model', () => {
  const messagesOf = (conversationId: number) =>
    t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId)).orderBy(aiMessage.seq);

  it('stores the model answer with the entries that grounded it, streamed as deltas', async () => {
    const s = await setup('fake-rag');
    const id = s.session.conversation.conversationId;
    const live = listen(id);
    await live.ready;
    const turn = await handleCustomerMessage(t.deps, { conversationId: id, content: '运费怎么算' });
    const [reply] = turn.replies;
    expect(reply).toMatchObject({ sender: 'ai', content: '满99元包邮，不满99元运费8元。', hit: { type: 'model', name: 'fake-rag' } });
    expect(reply.hit?.refs?.[0]).toMatchObject({ id: s.entry.knowledgeId, name: '运费怎么算' });
    expect(reply.hit?.refs?.[0]?.score).toBeGreaterThan(0);
    const stored = await messagesOf(id);
    expect(stored.at(-1)?.hit).toEqual(reply.hit);
    const events = await live.untilAiMessage();
    expect(deltasOf(events).join('')).toBe(reply.content);
  });

  it('sends the fallback when the model finds no answer in the references, counting a failure, the marker never shown', async () => {
    const s = await setup('fake-noanswer');
    const id = s.session.conversation.conversationId;
    const live = listen(id);
    await live.ready;
    const turn = await handleCustomerMessage(t.deps, { conversationId: id, content: '你们招快递员吗' });
    expect(turn.replies[0]).toMatchObject({ sender: 'ai', content: '这个问题我帮您转给同事。', hit: { type: 'fallback', error: NO_ANSWER_ERROR } });
    const [conv] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, id));
    expect(conv.failures).toBe(1);
    const events = await live.untilAiMessage();
    expect(deltasOf(events)).toEqual([]);
    expect(JSON.stringify(events)).not.toContain('无法回答');
  });
});
