import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channelDouyinApp } from '../../../src/db/schema';
import { DOUYIN_SEND_RETRY } from '../../../src/infra/douyin/constants';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs } from '../../helpers/login';
import { call } from '../../common/support';
import { startFakeDouyin, type FakeDouyin } from '../../fakes/douyin/server';
import { addRule, API, createAgent, listen } from '../../ai/runtime/support';
import { accountRow, addAccount, addApp, conversationsOf, kickSender, messagesOf, newCustomer, outboxOf, sendLogOf, settle, until } from './flow-support';

const DAY = 24 * 3600_000;

let t: TestApp;
let fake: FakeDouyin;
let url: string;
let appId: number;
let agentId: number;

beforeAll(async () => {
  t = await createTestApp();
  url = `${await listen(t)}/channel/douyin/webhook`;
  fake = await startFakeDouyin({ accounts: [{ openId: 'account-retry' }, { openId: 'account-busy' }, { openId: 'account-revoked' }, { openId: 'account-expired' }, { openId: 'account-window' }, { openId: 'account-cap' }] });
  appId = await addApp(t, fake);
  url = `${url}/${appId}`;
  agentId = await createAgent(t);
  await addRule(t, agentId, '价格', '每月99元。');
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const sentTo = (customer: string) => fake.sent.filter((m) => m.toUserId === customer);

/** A customer's message to the account, and its conversation once the inbox has opened it. */
async function customerSays(account: { openId: string; accountId: number }, text: string) {
  const customer = newCustomer();
  expect((await fake.pushMessage(url, { from: customer, to: account.openId, text })).status).toBe(200);
  const conversation = await until(async () => (await conversationsOf(t, account.accountId, customer))[0]);
  return { customer, conversationId: conversation.conversationId };
}

async function outboxRow(conversationId: number, index = 0) {
  return until(async () => (await outboxOf(t, conversationId))[index]);
}

async function bind(openId: string) {
  return { openId, accountId: await addAccount(t, fake, { appId, agentId, openId }) };
}

async function staffReply(conversationId: number, content: string) {
  const admin = await loginAs(t.app, 'admin', 'admin123');
  const res = await call(t.app, { method: 'POST', url: `${API}/ai/conversation/${conversationId}/reply`, payload: { content }, headers: admin.headers });
  expect(res.code, res.msg).toBe(200);
}

/** A retry is due at its backoff time on the app's clock: move the clock past it and wake the workers. */
async function makeRetryDue() {
  t.advance(DOUYIN_SEND_RETRY.maxDelayMs + 1000);
  await kickSender(t);
}

describe('transient failures', () => {
  it('are retried with backoff and the message then sent once, every attempt in the audit', async () => {
    const account = await bind('account-retry');
    fake.failNext('server_error', 1);
    const { customer, conversationId } = await customerSays(account, '价格');
    const queued = await outboxRow(conversationId);
    await until(async () => (await sendLogOf(t, queued.sendId)).length === 1);
    const [row] = await outboxOf(t, conversationId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, error: '抖音开放平台返回错误' });
    expect(sentTo(customer)).toEqual([]);
    await makeRetryDue();
    // The platform has the message before the attempt is written: wait for the row.
    await until(async () => (await outboxOf(t, conversationId))[0].status === 'sent');
    expect(sentTo(customer)).toHaveLength(1);
    const log = await sendLogOf(t, queued.sendId);
    expect(log.map((l) => [l.attempt, l.outcome, l.httpStatus])).toEqual([
      [1, 'transient', 502],
      [2, 'ok', 200],
    ]);
    expect((await outboxOf(t, conversationId))[0]).toMatchObject({ status: 'sent', attempts: 2, error: '' });
  });

  it('give up after the last attempt: the message fails and staff are told in the conversation', async () => {
    const account = await bind('account-busy');
    fake.failNext('busy', DOUYIN_SEND_RETRY.maxAttempts);
    const { customer, conversationId } = await customerSays(account, '价格');
    const queued = await outboxRow(conversationId);
    for (let attempt = 1; attempt < DOUYIN_SEND_RETRY.maxAttempts; attempt++) {
      await until(async () => (await sendLogOf(t, queued.sendId)).length === attempt);
      await makeRetryDue();
    }
    const failed = await until(async () => (await outboxOf(t, conversationId)).find((r) => r.status === 'failed'));
    expect(failed).toMatchObject({ attempts: DOUYIN_SEND_RETRY.maxAttempts, error: '抖音开放平台繁忙，请稍后重试' });
    const messages = await messagesOf(t, conversationId);
    expect(messages.find((m) => m.messageId === failed.messageId)).toMatchObject({ sendStatus: 'failed', error: '抖音开放平台繁忙，请稍后重试' });
    expect(messages.at(-1)).toMatchObject({ sender: 'system', content: '消息未能发送到抖音：抖音开放平台繁忙，请稍后重试' });
    expect(sentTo(customer)).toEqual([]);
  });
});

describe('auth failures', () => {
  it('mark the account revoked, fail the message, tell staff, and stop sending for the account', async () => {
    const account = await bind('account-revoked');
    fake.failNext('auth_error', 1);
    const first = await customerSays(account, '价格');
    const failed = await until(async () => (await outboxOf(t, first.conversationId)).find((r) => r.status === 'failed'));
    expect(failed.error).toBe('抖音授权已失效（可能已被取消），请重新授权');
    expect(await accountRow(t, account.accountId)).toMatchObject({ authStatus: 'revoked', authError: '抖音授权已失效（可能已被取消），请重新授权' });
    expect((await sendLogOf(t, failed.sendId)).map((l) => l.outcome)).toEqual(['auth']);
    const messages = await until(async () => {
      const rows = await messagesOf(t, first.conversationId);
      return rows.at(-1)?.sender === 'system' ? rows : null;
    });
    expect(messages.find((m) => m.sender === 'ai')).toMatchObject({ sendStatus: 'failed' });
    expect(messages.at(-1)?.content).toBe('消息未能发送到抖音：抖音授权已失效（可能已被取消），请重新授权');

    const requestsBefore = fake.requests.filter((r) => r.path === '/im/send/msg/').length;
    const second = await customerSays(account, '价格');
    const refused = await until(async () => (await outboxOf(t, second.conversationId)).find((r) => r.status === 'failed'));
    expect(refused.error).toBe('抖音账号授权已失效，请在抖音配置中重新授权');
    expect(fake.requests.filter((r) => r.path === '/im/send/msg/')).toHaveLength(requestsBefore);
  });

  it('an expired access token is refreshed and the message sent with the new one', async () => {
    const account = await bind('account-expired');
    // The platform's clock passes the access token's 15 days; the refresh token (30 days) still works.
    fake.state.advance(16 * DAY);
    try {
      const { customer, conversationId } = await customerSays(account, '价格');
      const row = await until(async () => (await outboxOf(t, conversationId)).find((r) => r.status === 'sent'), 10_000);
      expect(sentTo(customer)).toHaveLength(1);
      expect((await sendLogOf(t, row.sendId)).map((l) => [l.outcome, (l.response as { reason?: string } | null)?.reason ?? null])).toEqual([
        ['auth', 'access_token_expired'],
        ['ok', null],
      ]);
      expect(await until(async () => ((await accountRow(t, account.accountId)).authError === '' ? accountRow(t, account.accountId) : null))).toMatchObject({ authStatus: 'authorized' });
    } finally {
      fake.state.advance(-16 * DAY);
    }
  });
});

describe('reply windows and caps', () => {
  it('a reply after the window is not sent: skipped with the reason, staff told', async () => {
    const account = await bind('account-window');
    const { customer, conversationId } = await customerSays(account, '价格');
    await until(() => sentTo(customer).length === 1);
    t.advance(DAY + 60_000);
    await staffReply(conversationId, '抱歉回复晚了');
    const skipped = await until(async () => (await outboxOf(t, conversationId)).find((r) => r.status === 'skipped'));
    expect(skipped).toMatchObject({ error: '已超过抖音回复时限（客户最后一条消息后24小时内可回复）', scene: 'im_reply_msg' });
    expect((await sendLogOf(t, skipped.sendId)).map((l) => l.outcome)).toEqual(['skipped']);
    const messages = await until(async () => {
      const rows = await messagesOf(t, conversationId);
      return rows.at(-1)?.sender === 'system' && rows.at(-1)?.content.startsWith('消息未发送') ? rows : null;
    });
    expect(messages.find((m) => m.messageId === skipped.messageId)).toMatchObject({ sendStatus: 'failed' });
    await settle();
    expect(sentTo(customer)).toHaveLength(1);
  });

  it('the app’s cap of replies per customer message holds (configurable per app)', async () => {
    const account = await bind('account-cap');
    await t.deps.database.db.update(channelDouyinApp).set({ replyLimits: { reply: { windowMs: DAY, maxMessages: 1 } } }).where(eq(channelDouyinApp.appId, appId));
    try {
      const { customer, conversationId } = await customerSays(account, '价格');
      await until(() => sentTo(customer).length === 1);
      await staffReply(conversationId, '补充一句');
      const skipped = await until(async () => (await outboxOf(t, conversationId)).find((r) => r.status === 'skipped'));
      expect(skipped.error).toBe('已达抖音回复条数上限（每条客户消息最多回复1条）');
      // A new customer message opens a new allowance (staff hold the conversation since their reply).
      await fake.pushMessage(url, { from: customer, to: account.openId, text: '还有别的吗' });
      await until(async () => (await messagesOf(t, conversationId)).filter((m) => m.sender === 'customer').length === 2);
      await staffReply(conversationId, '有的，请看主页');
      await until(() => sentTo(customer).length === 2);
      expect(sentTo(customer).map((m) => m.text)).toEqual(['每月99元。', '有的，请看主页']);
    } finally {
      await t.deps.database.db.update(channelDouyinApp).set({ replyLimits: {} }).where(eq(channelDouyinApp.appId, appId));
    }
  });
});
