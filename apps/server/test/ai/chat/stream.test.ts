import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiConversation, aiMessage } from '../../../src/db/schema';
import { loginAs } from '../../helpers/login';
import { call } from '../../common/support';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';
import { allowPrivateModels } from '../../helpers/outbound';
import { addProvider, addRule, API, createAgent, isMessage, listen, SseReader, visitor, type PublicMessage } from '../runtime/support';

let t: TestApp;
let base: string;
let fake: FakeOpenAI;
let agentId: number;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  fake = await startFakeOpenAI();
  await allowPrivateModels(t);
  agentId = await createAgent(t);
  await addRule(t, agentId, '价格', '每月99元。');
});

afterAll(async () => {
  for (const r of readers) await r.close();
  await fake.close();
});

async function stream(conversationId: number, token: string, opts: { after?: number; lastEventId?: string } = {}) {
  const q = new URLSearchParams({ conversationId: String(conversationId), visitorToken: token });
  if (opts.after !== undefined) q.set('after', String(opts.after));
  const reader = await SseReader.open(`${base}/chat/stream?${q.toString()}`, opts.lastEventId ? { 'last-event-id': opts.lastEventId } : {});
  readers.push(reader);
  return reader;
}

const messagesOf = (conversationId: number) =>
  t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId)).orderBy(aiMessage.seq);

describe('GET /chat/stream', () => {
  it('is an unbuffered event stream that replays stored messages after `after`, then follows live', async () => {
    const v = await visitor(t, agentId);
    await v.send('你好');
    await v.send('价格');
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(4);

    const s = await stream(v.conversationId, v.session.visitorToken, { after: 2 });
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toContain('text/event-stream');
    expect(s.headers.get('cache-control')).toContain('no-cache');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    await s.waitFor((e) => e.event === 'status');
    expect(s.messages().map((m) => m.seq)).toEqual([3, 4]);
    expect(s.events.filter((e) => e.event === 'message').map((e) => e.id)).toEqual(['3', '4']);
    expect(s.events.find((e) => e.event === 'status')).toEqual({ event: 'status', data: { status: 'ai', assigneeName: '' } });

    await v.send('价格', 'live-1');
    const reply = await s.waitFor(isMessage((m) => m.seq === 6));
    expect(reply.data).toMatchObject({ sender: 'ai', content: '每月99元。' });
    const customer = s.messages().find((m) => m.seq === 5) as PublicMessage;
    expect(customer).toMatchObject({ sender: 'customer', clientMsgId: 'live-1', content: '价格' });
    expect(s.messages().map((m) => m.seq)).toEqual([3, 4, 5, 6]);
    // Typing shows while the AI answers; only message events carry an id.
    expect(s.events.filter((e) => e.event === 'typing').map((e) => e.data)).toEqual([
      { sender: 'ai', on: true },
      { sender: 'ai', on: false },
    ]);
    expect(s.events.filter((e) => e.event !== 'message').every((e) => e.id === undefined)).toBe(true);
  });

  it('resumes from Last-Event-ID over `after`, without losing or repeating a message', async () => {
    const v = await visitor(t, agentId);
    for (const text of ['价格', '价格', '价格']) await v.send(text);
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(6);
    const s = await stream(v.conversationId, v.session.visitorToken, { after: 0, lastEventId: '4' });
    await s.waitFor((e) => e.event === 'status');
    expect(s.messages().map((m) => m.seq)).toEqual([5, 6]);

    // Messages stored while nobody listens come with the next reconnect.
    await s.close();
    await v.send('价格');
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(8);
    const again = await stream(v.conversationId, v.session.visitorToken, { after: 6 });
    await again.waitFor(isMessage((m) => m.seq === 8));
    expect(again.messages().map((m) => m.seq)).toEqual([7, 8]);
  });

  it('delivers every message exactly once while messages arrive during the replay', async () => {
    const v = await visitor(t, agentId);
    const sends = Promise.all(Array.from({ length: 5 }, (_, i) => v.send(`价格${i}`, `p-${i}`)));
    const s = await stream(v.conversationId, v.session.visitorToken, { after: 0 });
    await sends;
    await s.waitFor(isMessage((m) => m.seq === 10));
    const seqs = s.messages().map((m) => m.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('refuses a token of another visitor before streaming', async () => {
    const v = await visitor(t, agentId);
    const other = await visitor(t, agentId);
    const res = await fetch(`${base}/chat/stream?conversationId=${v.conversationId}&visitorToken=${other.session.visitorToken}`);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ code: 403, msg: '访客身份校验失败，请刷新页面后重试' });
  });

  it('drops the live subscription when the client goes away', async () => {
    const pubsub = t.deps.pubsub;
    const subscribe = pubsub.subscribe.bind(pubsub);
    let active = 0;
    pubsub.subscribe = (channel, handler) => {
      const off = subscribe(channel, handler);
      active++;
      return Object.assign(() => {
        active--;
        off();
      }, { ready: off.ready });
    };
    try {
      const v = await visitor(t, agentId);
      const s = await stream(v.conversationId, v.session.visitorToken);
      await s.waitFor((e) => e.event === 'status');
      expect(active).toBe(1);
      await s.close();
      await expect.poll(() => active).toBe(0);
    } finally {
      pubsub.subscribe = subscribe;
    }
  });
});

describe('model answers on the stream', () => {
  async function modelAgent(model: string, opts: { apiKey?: string; timeoutMs?: number } = {}) {
    const providerId = await addProvider(t, fake.baseUrl, opts.apiKey ?? fake.apiKey, opts.timeoutMs ?? 2000);
    return createAgent(t, { providerId, model, fallbackReply: '抱歉，我暂时无法回答。' });
  }

  it('streams the reply as deltas, then stores it with tokens and latency', async () => {
    const id = await modelAgent('fake-echo');
    const v = await visitor(t, id);
    const s = await stream(v.conversationId, v.session.visitorToken);
    await s.waitFor((e) => e.event === 'status');
    await v.send('请介绍一下你们的产品');
    const final = await s.waitFor(isMessage((m) => m.sender === 'ai'));
    const message = final.data as PublicMessage;
    expect(message.content).toBe('你好，请介绍一下你们的产品');
    const deltas = s.events.filter((e) => e.event === 'delta').map((e) => e.data as { tempId: string; text: string });
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => d.text).join('')).toBe(message.content);
    expect(new Set(deltas.map((d) => d.tempId))).toEqual(new Set([message.tempId]));

    const [, ai] = await messagesOf(v.conversationId);
    expect(ai).toMatchObject({ hit: { type: 'model', name: 'fake-echo' }, sendStatus: 'sent' });
    expect(ai.promptTokens).toBeGreaterThan(0);
    expect(ai.completionTokens).toBe([...message.content].length);
    // The model got the agent's prompt and the customer's words.
    const request = fake.requests.at(-1)?.body as { model: string; messages: Array<{ role: string; content: string }> };
    expect(request.model).toBe('fake-echo');
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: '请介绍一下你们的产品' });
  });

  it('sends earlier messages of the conversation as history', async () => {
    const id = await modelAgent('fake-echo');
    const v = await visitor(t, id);
    await v.send('第一句');
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(2);
    await v.send('第二句');
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(4);
    const request = fake.requests.at(-1)?.body as { messages: Array<{ role: string; content: string }> };
    expect(request.messages.filter((m) => m.role !== 'system')).toEqual([
      { role: 'user', content: '第一句' },
      { role: 'assistant', content: '你好，第一句' },
      { role: 'user', content: '第二句' },
    ]);
  });

  it('drops the model answer when staff take over while it streams', async () => {
    const id = await modelAgent('fake-slow', { timeoutMs: 5000 });
    const v = await visitor(t, id);
    const s = await stream(v.conversationId, v.session.visitorToken);
    await s.waitFor((e) => e.event === 'status');
    await v.send('帮我看看这个');
    await s.waitFor((e) => e.event === 'delta');
    const admin = await loginAs(t.app, 'admin', 'admin123');
    await call(t.app, { method: 'POST', url: `${API}/ai/conversation/${v.conversationId}/takeover`, headers: admin.headers });
    await s.waitFor((e) => e.event === 'typing' && (e.data as { on: boolean }).on === false);
    const rows = await messagesOf(v.conversationId);
    expect(rows.map((m) => m.sender)).toEqual(['customer', 'system']);
    const [conv] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, v.conversationId));
    expect(conv.status).toBe('human');
  });

  it.each([
    ['fake-hang', {}, 'timeout: 模型服务响应超时'],
    ['fake-slow', { timeoutMs: 500 }, 'timeout: 模型服务响应超时'],
    ['fake-error', {}, 'http: 模型服务返回错误（HTTP 500）'],
    ['fake-ratelimit', {}, 'rate_limit: 模型服务返回错误（HTTP 429）'],
    ['fake-echo', { apiKey: 'sk-wrong-key' }, 'auth: 模型服务返回错误（HTTP 401）'],
  ])('answers with the fallback when %s fails (%o), recording why', async (model, opts, error) => {
    const id = await modelAgent(model, { timeoutMs: 400, ...opts });
    const v = await visitor(t, id);
    const s = await stream(v.conversationId, v.session.visitorToken);
    await s.waitFor((e) => e.event === 'status');
    await v.send('帮我看看这个');
    const reply = await s.waitFor(isMessage((m) => m.sender === 'ai'));
    expect(reply.data).toMatchObject({ content: '抱歉，我暂时无法回答。' });
    const [, ai] = await messagesOf(v.conversationId);
    expect(ai.hit?.type).toBe('fallback');
    expect(ai.hit?.error?.startsWith(error)).toBe(true);
    expect(ai.sendStatus).toBe('sent');
    await s.waitFor((e) => e.event === 'typing' && (e.data as { on: boolean }).on === false);
  });
});

describe('server shutdown', () => {
  it('ends open streams so the server can close', async () => {
    const other = await createTestApp();
    const url = await listen(other);
    const id = await createAgent(other);
    const v = await visitor(other, id);
    const customer = await SseReader.open(`${url}/chat/stream?conversationId=${v.conversationId}&visitorToken=${v.session.visitorToken}`);
    await customer.waitFor((e) => e.event === 'status');
    await other.close();
    await customer.ended;
    expect(customer.status).toBe(200);
  });
});
