import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { crmLead } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs } from '../../helpers/login';
import { call } from '../../common/support';
import { FAKE_DOUYIN_ACCOUNT, startFakeDouyin, type FakeDouyin } from '../../fakes/douyin/server';
import { pushWebhook, receiveMessageEvent } from '../../fakes/douyin/webhook';
import { addRule, API, createAgent, listen } from '../../ai/runtime/support';
import { addAccount, addApp, conversationsOf, eventsOf, messagesOf, newCustomer, outboxOf, sendLogOf, settle, until } from './flow-support';

const HUMAN_ONLY = 'human-only-open-id';
const NO_AGENT = 'no-agent-open-id';

let t: TestApp;
let fake: FakeDouyin;
let url: string;
let appId: number;
let accountId: number;
let humanAccountId: number;

beforeAll(async () => {
  t = await createTestApp();
  url = `${await listen(t)}/channel/douyin/webhook`;
  fake = await startFakeDouyin({ accounts: [{ openId: FAKE_DOUYIN_ACCOUNT }, { openId: HUMAN_ONLY }, { openId: NO_AGENT }] });
  appId = await addApp(t, fake);
  url = `${url}/${appId}`;
  const agentId = await createAgent(t, { welcomeMessage: '您好，欢迎咨询{{agent_name}}！' });
  await addRule(t, agentId, '价格', '每月99元。');
  await addRule(t, agentId, '地址', '我们在上海。');
  accountId = await addAccount(t, fake, { appId, agentId });
  humanAccountId = await addAccount(t, fake, { appId, agentId, openId: HUMAN_ONLY, replyPolicy: 'human' });
  await addAccount(t, fake, { appId, agentId: null, openId: NO_AGENT });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const sentTo = (customer: string) => fake.sent.filter((m) => m.toUserId === customer);

async function conversationOf(customer: string, account = accountId) {
  return until(async () => (await conversationsOf(t, account, customer))[0]);
}

describe('a customer private message', () => {
  it('is answered once on Douyin, as a reply to that message, with the attempt audited without the token', async () => {
    const customer = newCustomer();
    expect((await fake.pushMessage(url, { from: customer, text: '请问价格多少' })).status).toBe(200);
    const [sent] = await until(() => (sentTo(customer).length ? sentTo(customer) : null));
    const conversation = await conversationOf(customer);
    const messages = await messagesOf(t, conversation.conversationId);
    expect(messages.map((m) => [m.sender, m.content])).toEqual([
      ['customer', '请问价格多少'],
      ['ai', '每月99元。'],
    ]);
    expect(sent).toMatchObject({
      accountOpenId: FAKE_DOUYIN_ACCOUNT,
      conversationId: `conv-${FAKE_DOUYIN_ACCOUNT}-${customer}`,
      replyToMsgId: messages[0].clientMsgId,
      scene: 'im_reply_msg',
      text: '每月99元。',
    });
    // The platform has the message before the attempt is written: wait for the row.
    const queued = await until(async () => (await outboxOf(t, conversation.conversationId)).find((r) => r.status === 'sent'));
    expect(queued).toMatchObject({ status: 'sent', platformMsgId: sent.msgId, scene: 'im_reply_msg', replyTo: messages[0].clientMsgId, sendSource: 'ai_auto', attempts: 1 });
    const log = await sendLogOf(t, queued.sendId);
    expect(log).toMatchObject([{ attempt: 1, outcome: 'ok', httpStatus: 200, response: { msgId: sent.msgId } }]);
    const token = fake.requests.find((r) => r.path === '/im/send/msg/')?.headers['access-token'] as string;
    expect(token).toBeTruthy();
    expect(JSON.stringify(log)).not.toContain(token);
    await settle();
    expect(sentTo(customer)).toHaveLength(1);
  });

  it('with a phone number becomes a Douyin lead', async () => {
    const customer = newCustomer();
    await fake.pushMessage(url, { from: customer, text: '我的电话是13912345678，请联系我' });
    const conversation = await conversationOf(customer);
    const lead = await until(async () => (await t.deps.database.db.select().from(crmLead).where(and(eq(crmLead.conversationId, conversation.conversationId))))[0]);
    expect(lead).toMatchObject({ channel: 'douyin', phone: '13912345678' });
    await until(() => sentTo(customer).length > 0);
  });

  it('answers a customer’s messages in the order they came', async () => {
    const customer = newCustomer();
    await fake.pushMessage(url, { from: customer, text: '价格' });
    await fake.pushMessage(url, { from: customer, text: '地址' });
    await until(() => sentTo(customer).length === 2);
    const conversation = await conversationOf(customer);
    const customerIds = (await messagesOf(t, conversation.conversationId)).filter((m) => m.sender === 'customer').map((m) => m.clientMsgId);
    expect(sentTo(customer).map((m) => [m.text, m.replyToMsgId])).toEqual([
      ['每月99元。', customerIds[0]],
      ['我们在上海。', customerIds[1]],
    ]);
  });

  it('reaches the customer when staff take over and reply from 在线会话', async () => {
    const customer = newCustomer();
    await fake.pushMessage(url, { from: customer, text: '价格' });
    await until(() => sentTo(customer).length === 1);
    const conversation = await conversationOf(customer);
    const admin = await loginAs(t.app, 'admin', 'admin123');
    const taken = await call(t.app, { method: 'POST', url: `${API}/ai/conversation/${conversation.conversationId}/takeover`, headers: admin.headers });
    expect(taken.code).toBe(200);
    const replied = await call(t.app, { method: 'POST', url: `${API}/ai/conversation/${conversation.conversationId}/reply`, payload: { content: '您好，我是人工客服' }, headers: admin.headers });
    expect(replied.code).toBe(200);
    const [, staff] = await until(() => (sentTo(customer).length === 2 ? sentTo(customer) : null));
    expect(staff).toMatchObject({ text: '您好，我是人工客服', scene: 'im_reply_msg' });
    const rows = await until(async () => {
      const all = await outboxOf(t, conversation.conversationId);
      return all.every((r) => r.status === 'sent') ? all : null;
    });
    expect(rows.map((r) => [r.sendSource, r.status])).toEqual([
      ['ai_auto', 'sent'],
      ['manual', 'sent'],
    ]);
    // The customer writes again while staff hold the conversation: the AI stays silent.
    await fake.pushMessage(url, { from: customer, text: '价格' });
    await until(async () => (await messagesOf(t, conversation.conversationId)).filter((m) => m.sender === 'customer').length === 2);
    await settle();
    expect(sentTo(customer)).toHaveLength(2);
  });

  it('that is a picture is kept as [图片] for staff and not answered', async () => {
    const customer = newCustomer();
    const body = receiveMessageEvent({ clientKey: fake.clientKey, fromUserId: customer, toUserId: FAKE_DOUYIN_ACCOUNT, messageType: 'image' });
    expect((await pushWebhook(url, body, { clientSecret: fake.clientSecret })).status).toBe(200);
    const conversation = await conversationOf(customer);
    await settle();
    expect((await messagesOf(t, conversation.conversationId)).map((m) => [m.sender, m.content])).toEqual([['customer', '[图片]']]);
    expect(sentTo(customer)).toEqual([]);
  });
});

describe('what the channel leaves alone', () => {
  async function eventOutcome(externalId: string) {
    return until(async () => {
      const event = (await eventsOf(t, appId)).find((e) => e.externalId === externalId);
      return event && event.status !== 'pending' && event.status !== 'processing' ? event : null;
    });
  }

  it('an account whose policy is human only: the conversation waits for staff, nothing is sent', async () => {
    const customer = newCustomer();
    await fake.pushMessage(url, { from: customer, to: HUMAN_ONLY, text: '价格' });
    const conversation = await until(async () => (await conversationsOf(t, humanAccountId, customer)).find((c) => c.status === 'waiting'));
    expect(conversation.handoffReason).toBe('账号设置为仅人工回复');
    await settle();
    expect(sentTo(customer)).toEqual([]);
  });

  it('an account without an agent, and our own sends echoed back', async () => {
    const customer = newCustomer();
    await fake.pushMessage(url, { from: customer, to: NO_AGENT, text: '价格', msgId: `no-agent-${customer}` });
    expect(await eventOutcome(`no-agent-${customer}`)).toMatchObject({ status: 'ignored', error: '抖音账号未指定AI客服' });

    const echo = receiveMessageEvent({ clientKey: fake.clientKey, fromUserId: customer, toUserId: FAKE_DOUYIN_ACCOUNT, text: '价格' });
    echo.content = { ...(echo.content as object), source: fake.clientKey } as typeof echo.content;
    await pushWebhook(url, echo, { clientSecret: fake.clientSecret, msgId: `echo-${customer}` });
    expect(await eventOutcome(`echo-${customer}`)).toMatchObject({ status: 'ignored', error: '本系统通过接口发出的消息' });

    const own = receiveMessageEvent({ clientKey: fake.clientKey, fromUserId: FAKE_DOUYIN_ACCOUNT, toUserId: customer, text: '您好' });
    await pushWebhook(url, own, { clientSecret: fake.clientSecret, msgId: `own-${customer}` });
    expect(await eventOutcome(`own-${customer}`)).toMatchObject({ status: 'ignored', error: '企业号自己发出的消息' });
    expect(await conversationsOf(t, accountId, customer)).toEqual([]);
    expect(sentTo(customer)).toEqual([]);
  });
});

describe('entering the DM page', () => {
  it('greets with the agent’s welcome message in the enter scene, once per conversation', async () => {
    const customer = newCustomer();
    await fake.pushEnter(url, { from: customer });
    const [greeting] = await until(() => (sentTo(customer).length ? sentTo(customer) : null));
    expect(greeting).toMatchObject({ scene: 'im_enter_direct_msg', replyToMsgId: undefined, conversationId: `conv-${FAKE_DOUYIN_ACCOUNT}-${customer}` });
    expect(greeting.text).toMatch(/^您好，欢迎咨询测试客服\d+！$/);
    await fake.pushEnter(url, { from: customer });
    await fake.pushMessage(url, { from: customer, text: '价格' });
    await until(() => sentTo(customer).length === 2);
    await settle();
    expect(sentTo(customer).map((m) => m.scene)).toEqual(['im_enter_direct_msg', 'im_reply_msg']);
  });
});
