import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { aiConversation, channelDouyinApp, channelEvent } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeDouyin, FAKE_DOUYIN_ACCOUNT, type FakeDouyin } from '../../fakes/douyin/server';
import { pushDuplicates, pushWebhook, receiveMessageEvent, signBody, verifyWebhookEvent } from '../../fakes/douyin/webhook';
import { addRule, createAgent, listen } from '../../ai/runtime/support';
import { accountRow, addAccount, addApp, conversationsOf, eventsOf, messagesOf, newCustomer, settle, until } from './flow-support';

let t: TestApp;
let fake: FakeDouyin;
let base: string;
let appId: number;
let accountId: number;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  fake = await startFakeDouyin();
  appId = await addApp(t, fake);
  const agentId = await createAgent(t);
  await addRule(t, agentId, '价格', '每月99元。');
  accountId = await addAccount(t, fake, { appId, agentId });
  url = `${base}/channel/douyin/webhook/${appId}`;
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function storedEvents(): Promise<number> {
  const [row] = await t.deps.database.db.select({ n: count() }).from(channelEvent);
  return row.n;
}

async function douyinConversations(): Promise<number> {
  const [row] = await t.deps.database.db.select({ n: count() }).from(aiConversation).where(eq(aiConversation.channel, 'douyin'));
  return row.n;
}

const party = (from: string) => ({ clientKey: fake.clientKey, fromUserId: from, toUserId: FAKE_DOUYIN_ACCOUNT });

describe('the URL check (verify_webhook)', () => {
  it('answers the signed challenge as JSON on the app URL, storing nothing', async () => {
    const before = await storedEvents();
    const [res] = await fake.deliver(url, verifyWebhookEvent(87654321));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ challenge: 87654321 });
    expect(await storedEvents()).toBe(before);
  });

  it('refuses an unsigned challenge, and one on the URL without the app (its client_key is empty)', async () => {
    expect((await pushWebhook(url, verifyWebhookEvent(1), { clientSecret: fake.clientSecret, signature: 'missing' })).status).toBe(401);
    expect((await pushWebhook(`${base}/channel/douyin/webhook`, verifyWebhookEvent(1), { clientSecret: fake.clientSecret })).status).toBe(404);
  });
});

describe('refused deliveries store nothing', () => {
  const cases: Array<[string, () => Promise<{ status: number | null }>, number]> = [
    ['a bad signature', () => fake.pushMessage(url, { from: newCustomer(), text: '价格', signature: 'bad' }), 401],
    ['a missing signature', () => fake.pushMessage(url, { from: newCustomer(), text: '价格', signature: 'missing' }), 401],
    ['a truncated signature', () => fake.pushMessage(url, { from: newCustomer(), text: '价格', signature: 'short' }), 401],
    ['an oversized body', () => pushWebhook(url, receiveMessageEvent({ ...party(newCustomer()), text: '价'.repeat(30_000) }), { clientSecret: fake.clientSecret }), 413],
    ['a signed body that is not JSON', () => pushWebhook(url, '{"event":', { clientSecret: fake.clientSecret }), 400],
    ['a signed body that is not an event', () => pushWebhook(url, { event: 'im_receive_msg', content: {} }, { clientSecret: fake.clientSecret }), 400],
    ['an app that does not exist', () => fake.pushMessage(`${base}/channel/douyin/webhook/999999`, { from: newCustomer(), text: '价格' }), 404],
    ['a client key of another app', () => pushWebhook(url, receiveMessageEvent({ ...party(newCustomer()), clientKey: 'aw-other-app', text: '价格' }), { clientSecret: fake.clientSecret }), 400],
    ['a signed body with a NUL character (PostgreSQL could not keep it)', () => fake.pushMessage(url, { from: newCustomer(), text: '价\u0000格' }), 400],
    ['a signature made with another secret', () => pushWebhook(url, receiveMessageEvent({ ...party(newCustomer()), text: '价格' }), { clientSecret: 'someone-elses-secret' }), 401],
  ];
  it.each(cases)('%s', async (_label, push, status) => {
    const [events, conversations] = [await storedEvents(), await douyinConversations()];
    expect((await push()).status).toBe(status);
    await settle(200);
    expect(await storedEvents()).toBe(events);
    expect(await douyinConversations()).toBe(conversations);
    expect(fake.sent).toEqual([]);
  });

  it('answers a body over 64 KiB with 413 before reading it whole', async () => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-douyin-signature': 'a'.repeat(40) }, body: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
  });

  it('refuses a disabled app', async () => {
    await t.deps.database.db.update(channelDouyinApp).set({ status: '1' }).where(eq(channelDouyinApp.appId, appId));
    try {
      const events = await storedEvents();
      expect((await fake.pushMessage(url, { from: newCustomer(), text: '价格' })).status).toBe(404);
      expect(await storedEvents()).toBe(events);
    } finally {
      await t.deps.database.db.update(channelDouyinApp).set({ status: '0' }).where(eq(channelDouyinApp.appId, appId));
    }
  });
});

describe('accepted events', () => {
  it('stores the event before answering 200 and records when the app and the account last heard from the platform', async () => {
    const customer = newCustomer();
    const res = await fake.pushMessage(url, { from: customer, text: '价格', msgId: `msg-${customer}` });
    expect(res.status).toBe(200);
    const [event] = (await eventsOf(t, appId)).filter((e) => e.externalId === `msg-${customer}`);
    expect(event).toMatchObject({ platform: 'douyin', eventType: 'im_receive_msg' });
    const [app] = await t.deps.database.db.select().from(channelDouyinApp).where(eq(channelDouyinApp.appId, appId));
    expect(app.lastWebhookTime?.getTime()).toBe(t.deps.now());
    expect((await accountRow(t, accountId)).lastWebhookTime?.getTime()).toBe(t.deps.now());
    await until(() => fake.sent.find((m) => m.toUserId === customer));
  });

  it('takes the URL without the app id when the body names the app by client_key', async () => {
    const customer = newCustomer();
    expect((await fake.pushMessage(`${base}/channel/douyin/webhook`, { from: customer, text: '价格' })).status).toBe(200);
    const sent = await until(() => fake.sent.find((m) => m.toUserId === customer));
    expect(sent.text).toBe('每月99元。');
  });

  it('keeps a duplicate Msg-Id as one event: one customer message, one answer', async () => {
    const customer = newCustomer();
    const body = receiveMessageEvent({ ...party(customer), text: '价格' });
    const results = await pushDuplicates(url, body, { clientSecret: fake.clientSecret, times: 3, msgId: `dup-${customer}` });
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    await until(() => fake.sent.find((m) => m.toUserId === customer));
    await settle();
    expect((await eventsOf(t, appId)).filter((e) => e.externalId === `dup-${customer}`)).toHaveLength(1);
    const [conversation] = await conversationsOf(t, accountId, customer);
    expect((await messagesOf(t, conversation.conversationId)).map((m) => m.sender)).toEqual(['customer', 'ai']);
    expect(fake.sent.filter((m) => m.toUserId === customer)).toHaveLength(1);
  });

  it('de-duplicates a delivery without Msg-Id on a hash of its body', async () => {
    const customer = newCustomer();
    const raw = JSON.stringify(receiveMessageEvent({ ...party(customer), text: '价格' }));
    const signature = signBody(fake.clientSecret, raw);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-douyin-signature': signature }, body: raw });
      expect(res.status).toBe(200);
    }
    await until(() => fake.sent.find((m) => m.toUserId === customer));
    await settle();
    expect((await eventsOf(t, appId)).filter((e) => e.externalId.startsWith('sha1:') && JSON.stringify(e.payload).includes(customer))).toHaveLength(1);
    expect(fake.sent.filter((m) => m.toUserId === customer)).toHaveLength(1);
  });

  it('reads the signed bytes whatever the content type says, or without one', async () => {
    for (const contentType of ['text/plain', null]) {
      const customer = newCustomer();
      const raw = JSON.stringify(receiveMessageEvent({ ...party(customer), text: '价格' }));
      const headers: Record<string, string> = { 'x-douyin-signature': signBody(fake.clientSecret, raw), 'msg-id': `ct-${customer}` };
      if (contentType) headers['content-type'] = contentType;
      const res = await fetch(url, { method: 'POST', headers, body: new TextEncoder().encode(raw) });
      expect(res.status, contentType ?? 'none').toBe(200);
      await until(() => fake.sent.find((m) => m.toUserId === customer));
    }
  });

  it('keeps events the channel does not act on as ignored', async () => {
    const res = await pushWebhook(url, { event: 'im_send_msg', client_key: fake.clientKey, from_user_id: FAKE_DOUYIN_ACCOUNT, to_user_id: 'x', content: {} }, { clientSecret: fake.clientSecret, msgId: 'send-echo-1' });
    expect(res.status).toBe(200);
    const [event] = (await eventsOf(t, appId)).filter((e) => e.externalId === 'send-echo-1');
    expect(event).toMatchObject({ eventType: 'im_send_msg', status: 'ignored', error: '不处理的事件类型' });
  });
});

describe('durability', () => {
  it('processes an event a crashed instance had claimed once its lease has lapsed', async () => {
    const customer = newCustomer();
    const payload = receiveMessageEvent({ ...party(customer), text: '价格' });
    // What a crash right after the claim leaves: the event taken, never finished.
    const [row] = await t.deps.database.db
      .insert(channelEvent)
      .values({
        platform: 'douyin',
        sourceId: appId,
        externalId: `crashed-${customer}`,
        eventType: 'im_receive_msg',
        payload,
        status: 'processing',
        attempts: 1,
        leaseUntil: new Date(t.deps.now() + 60_000),
        receivedTime: new Date(t.deps.now()),
      })
      .returning();
    await settle(300);
    expect(fake.sent.find((m) => m.toUserId === customer)).toBeUndefined();
    t.advance(180_000);
    await until(() => fake.sent.find((m) => m.toUserId === customer), 10_000);
    const [after] = await t.deps.database.db.select().from(channelEvent).where(eq(channelEvent.eventId, row.eventId));
    expect(after).toMatchObject({ status: 'done', attempts: 2, error: '' });
    expect(after.conversationId).not.toBeNull();
  });
});
