import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLARIFY_PROMPT, type MessageHit } from '@acs/shared';
import { publishMessages } from '../../../src/modules/ai/runtime/events';
import { appendMessages, publicMessage, type NewMessage } from '../../../src/modules/ai/runtime/messages';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createAgent, isMessage, listen, openSession, SseReader, visitor, type Session } from '../runtime/support';

let t: TestApp;
let base: string;
let agentId: number;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  agentId = await createAgent(t);
});

afterAll(async () => {
  for (const r of readers) await r.close();
});

const CLARIFY_HIT: MessageHit = {
  type: 'clarify',
  candidates: [
    { id: 41, name: '运费怎么算', score: 0.47 },
    { id: 42, name: '退货运费谁出', score: 0.41 },
    { id: 43, name: '发什么快递', score: 0.33 },
  ],
};
const CLARIFY_TEXT = `${CLARIFY_PROMPT}\n1. 运费怎么算\n2. 退货运费谁出\n3. 发什么快递`;

/** Stores messages in the conversation as the runtime would and sends them live. */
async function store(conversationId: number, messages: NewMessage[]) {
  const appended = await t.deps.database.db.transaction((tx) => appendMessages(tx, conversationId, messages, t.deps.now()));
  if (!appended) throw new Error('conversation missing');
  await publishMessages(t.deps, appended.conversation.channel, appended.rows);
  return appended.rows;
}

describe('the visitor’s view of a clarify message', () => {
  it('offers the candidate questions in their numbered order, never their ids, scores or the hit', async () => {
    const v = await visitor(t, agentId);
    await store(v.conversationId, [
      { sender: 'customer', content: '快递费用', clientMsgId: 'c-1' },
      { sender: 'ai', content: CLARIFY_TEXT, hit: CLARIFY_HIT },
      { sender: 'ai', content: '我们发顺丰。', hit: { type: 'knowledge', id: 43, name: '发什么快递', score: 0.9 } },
    ]);

    const again = (await openSession(t, { agentId, ...v.session })).data as Session;
    const [customer, clarify, answer] = again.messages as unknown as Record<string, unknown>[];
    expect(clarify).toMatchObject({ sender: 'ai', content: CLARIFY_TEXT, suggestions: ['运费怎么算', '退货运费谁出', '发什么快递'] });
    expect(customer.suggestions).toEqual([]);
    expect(answer.suggestions).toEqual([]);
    const text = JSON.stringify(again.messages);
    expect(text).not.toContain('"hit"');
    expect(text).not.toContain('score');
    expect(text).not.toContain('candidates');
    expect(text).not.toContain('0.47');
  });

  it('carries the suggestions on the stream, replayed and live', async () => {
    const v = await visitor(t, agentId);
    await store(v.conversationId, [{ sender: 'ai', content: CLARIFY_TEXT, hit: CLARIFY_HIT }]);
    const q = new URLSearchParams({ conversationId: String(v.conversationId), visitorToken: v.session.visitorToken });
    const s = await SseReader.open(`${base}/chat/stream?${q.toString()}`);
    readers.push(s);
    const replayed = await s.waitFor(isMessage((m) => m.seq === 1));
    expect(replayed.data).toMatchObject({ suggestions: ['运费怎么算', '退货运费谁出', '发什么快递'] });
    expect(replayed.data).not.toHaveProperty('hit');

    const hit: MessageHit = { type: 'clarify', candidates: [{ id: 7, name: '几点开门', score: 0.4 }, { id: 8, name: '周末营业吗', score: 0.38 }] };
    await store(v.conversationId, [{ sender: 'ai', content: `${CLARIFY_PROMPT}\n1. 几点开门\n2. 周末营业吗`, hit }]);
    const live = await s.waitFor(isMessage((m) => m.seq === 2));
    expect((live.data as { suggestions: string[] }).suggestions).toEqual(['几点开门', '周末营业吗']);
    expect(JSON.stringify(live.data)).not.toContain('score');
  });

  it('has no suggestions for other hits, or a clarify hit without candidates', () => {
    const row = (hit: MessageHit | null) =>
      publicMessage({
        messageId: 1,
        conversationId: 1,
        seq: 1,
        clientMsgId: null,
        sender: 'ai',
        senderId: null,
        senderName: '',
        content: '',
        hit,
        promptTokens: 0,
        completionTokens: 0,
        latencyMs: 0,
        sendStatus: 'sent',
        error: '',
        leadFields: [],
        createTime: new Date(0),
      });
    expect(row({ type: 'clarify' }).suggestions).toEqual([]);
    expect(row({ type: 'model', refs: [{ id: 1, name: '运费怎么算', score: 0.6 }] }).suggestions).toEqual([]);
    expect(row(null).suggestions).toEqual([]);
    expect(row(CLARIFY_HIT).suggestions).toEqual(['运费怎么算', '退货运费谁出', '发什么快递']);
  });
});
