import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONNECTOR_CLOCK_SKEW_SECONDS, CONNECTOR_HEADERS, CONNECTOR_MAX_BODY_BYTES, DEFAULT_BOSS_RUN_CONFIG } from '@acs/shared';
import { aiConversation, aiMessage, channelBossAccount, channelBossCandidate, channelEvent, channelOutbox, channelSendLog } from '../../../src/db/schema';
import { CONNECTOR_REQUESTS_PER_KEY, keyRateCounter } from '../../../src/modules/channel/boss/connector-routes';
import { MAX_SEND_ATTEMPTS } from '../../../src/modules/channel/boss/replies';
import { generateConnectorKey } from '../../../src/modules/channel/boss/connector-key';
import { bossAccount, bossTestApp, relogin, candidateMessage, connector, poll, recruitingAgent, type BossAccountFixture, type BossTestApp, type Connector } from './support';

let b: BossTestApp;
let agentId: number;
beforeAll(async () => {
  b = await bossTestApp('bossconn');
  agentId = await recruitingAgent(b.t);
});

const db = () => b.t.deps.database.db;

interface MessageResults {
  code: number;
  msg: string;
  data: { results: { msgId: string; status: string; conversationId?: number; answered?: boolean; error?: string }[] };
}

async function push(send: Connector, messages: object[]): Promise<MessageResults> {
  const res = await send('/messages', { body: { messages } });
  expect(res.statusCode).toBe(200);
  return res.json<MessageResults>();
}

async function ack(send: Connector, results: { replyId: number; ok: boolean; error?: string }[]) {
  return (await send('/ack', { body: { results } })).json<{ code: number; data: { results: { replyId: number; status: string }[] } }>();
}

/** An account with the test agent, a job `job-<n>` and its connector. */
async function keyedAccount(body: Record<string, unknown> = {}) {
  const account = await bossAccount(b, { agentId, ...body });
  await b.req('POST', '/channel/bossZP/job', { accountId: account.accountId, externalId: `job-${account.accountId}`, title: '销售代表', city: '上海', salary: '8-12K' });
  return { account, send: connector(b.t, account), jobId: `job-${account.accountId}` };
}

const eventsOf = (accountId: number) => db().select().from(channelEvent).where(and(eq(channelEvent.platform, 'boss'), eq(channelEvent.sourceId, accountId)));
const conversationsOf = (accountId: number) => db().select().from(aiConversation).where(and(eq(aiConversation.channel, 'boss'), eq(aiConversation.accountId, accountId)));
const outboxOf = (accountId: number) => db().select().from(channelOutbox).where(eq(channelOutbox.accountId, accountId)).orderBy(asc(channelOutbox.sendId));

describe('connector authentication', () => {
  let account: BossAccountFixture;
  let send: Connector;
  beforeAll(async () => {
    ({ account, send } = await keyedAccount());
  });
  const message = () => ({ body: { messages: [candidateMessage('cand-sec', '你好，这个岗位还招人吗')] } });

  async function expectNothingStored() {
    expect(await eventsOf(account.accountId)).toEqual([]);
    expect(await conversationsOf(account.accountId)).toEqual([]);
  }

  it('accepts a good signed health report and records it', async () => {
    const res = await send('/health', { body: { health: 'captcha', detail: '需要滑块验证' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { accountId: account.accountId, paused: false, withinWindow: true } });
    const [row] = await db().select().from(channelBossAccount).where(eq(channelBossAccount.accountId, account.accountId));
    expect(row).toMatchObject({ sessionHealth: 'captcha', healthDetail: '需要滑块验证', lastSeenTime: new Date(b.t.deps.now()) });
  });

  it.each<[string, (h: Record<string, string>) => Record<string, string>, number, string]>([
    ['a bad signature', (h) => ({ ...h, [CONNECTOR_HEADERS.signature]: 'a'.repeat(64) }), 401, '签名无效'],
    [
      'a missing header',
      (h) => {
        const { [CONNECTOR_HEADERS.nonce]: _gone, ...rest } = h;
        return rest;
      },
      401,
      '缺少签名头：X-Connector-Nonce',
    ],
    ['an unknown key', (h) => ({ ...h, [CONNECTOR_HEADERS.keyId]: generateConnectorKey().keyId }), 401, '连接器密钥无效或已停用'],
  ])('refuses %s with nothing stored', async (_label, alter, status, msg) => {
    const res = await send('/messages', { ...message(), alter });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ code: status, msg });
    await expectNothingStored();
  });

  it('refuses a stale and a future timestamp with nothing stored', async () => {
    const skew = (CONNECTOR_CLOCK_SKEW_SECONDS + 5) * 1000;
    const stale = await send('/messages', { ...message(), now: b.t.deps.now() - skew });
    expect(stale.json()).toEqual({ code: 401, msg: '请求已过期，请校准客户端时钟后重试' });
    const future = await send('/messages', { ...message(), now: b.t.deps.now() + skew });
    expect(future.json()).toEqual({ code: 401, msg: '请求时间戳超前，请校准客户端时钟后重试' });
    await expectNothingStored();
  });

  it('refuses a body signed with another secret and an oversized body, with nothing stored', async () => {
    expect((await send('/messages', { ...message(), secret: generateConnectorKey().secret })).statusCode).toBe(401);
    const huge = JSON.stringify({ messages: [candidateMessage('cand-sec', 'x'.repeat(CONNECTOR_MAX_BODY_BYTES))] });
    const res = await send('/messages', { raw: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: `请求体过大：最多 ${CONNECTOR_MAX_BODY_BYTES} 字节` });
    await expectNothingStored();
  });

  it('refuses a replayed request: the same nonce works once', async () => {
    const nonce = 'replay-nonce-0123456789';
    const first = await send('/health', { body: { health: 'logged_in' }, nonce });
    expect(first.statusCode).toBe(200);
    // Correctly signed again, but under a nonce already used.
    const again = await send('/messages', { ...message(), nonce });
    expect(again.json()).toEqual({ code: 401, msg: '重复请求：该 nonce 已使用' });
    await expectNothingStored();
  });

  it('refuses a disabled account and a key over its rate, with nothing stored', async () => {
    const { account: other, send: otherSend } = await keyedAccount();
    const now = b.t.deps.now();
    await b.t.deps.kv.set(keyRateCounter(other.keyId, now - (now % 60_000)), CONNECTOR_REQUESTS_PER_KEY, 60_000);
    const limited = await otherSend('/messages', message());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试' });
    expect(await eventsOf(other.accountId)).toEqual([]);

    const view = await b.req<{ data: Record<string, unknown> }>('GET', `/channel/bossZP/account/${account.accountId}`);
    await b.req('PUT', '/channel/bossZP/account', { ...view.data, accountId: account.accountId, status: '1' });
    const disabled = await send('/messages', message());
    expect(disabled.json()).toEqual({ code: 401, msg: '连接器密钥无效或已停用' });
    await expectNothingStored();
    await b.req('PUT', '/channel/bossZP/account', { ...view.data, accountId: account.accountId, status: '0' });
  });

  it('refuses a well-signed body that is not valid input, with a Chinese message and nothing stored', async () => {
    const res = await send('/messages', { body: { messages: [{ msgId: 'x', candidateId: 'c', text: '   ' }] } });
    expect(res.json()).toEqual({ code: 500, msg: '消息内容不能为空' });
    expect((await send('/messages', { raw: '{"messages":' })).json()).toEqual({ code: 500, msg: '请求体不是有效的JSON' });
    const nul = await send('/messages', { body: { messages: [candidateMessage('cand-sec', 'a\u0000b')] } });
    expect(nul.json()).toEqual({ code: 500, msg: '请求参数包含非法字符' });
    await expectNothingStored();
  });
});

describe('a connector session', () => {
  it('health → a candidate message → an answered BOSS conversation → long-poll → ack → sent', async () => {
    const { account, send, jobId } = await keyedAccount();
    expect((await send('/health', { body: { health: 'logged_in' } })).statusCode).toBe(200);

    const msg = candidateMessage('cand-1', '你好，这个岗位还招人吗', { candidateName: '陈同学', jobId });
    const pushed = await push(send, [msg]);
    expect(pushed.data.results).toEqual([{ msgId: msg.msgId, status: 'accepted', conversationId: expect.any(Number), answered: true }]);
    const [conversation] = await conversationsOf(account.accountId);
    expect(conversation).toMatchObject({ channel: 'boss', visitorId: 'cand-1', agentId, status: 'ai' });
    const messages = await db().select().from(aiMessage).where(eq(aiMessage.conversationId, conversation.conversationId)).orderBy(asc(aiMessage.seq));
    expect(messages.map((m) => [m.sender, m.content])).toEqual([
      ['customer', '你好，这个岗位还招人吗'],
      ['ai', '还在招的，欢迎投递简历！'],
    ]);
    const [event] = await eventsOf(account.accountId);
    expect(event).toMatchObject({ externalId: msg.msgId, status: 'done', conversationId: conversation.conversationId });

    // The client's retry of the same push changes nothing.
    expect((await push(send, [msg])).data.results).toEqual([{ msgId: msg.msgId, status: 'duplicate' }]);

    const replies = await poll(send);
    expect(replies).toEqual([{ replyId: expect.any(Number), candidateId: 'cand-1', text: '还在招的，欢迎投递简历！', kind: 'reply' }]);
    expect(await poll(send)).toEqual([]);

    const acked = await ack(send, [{ replyId: replies[0].replyId, ok: true }]);
    expect(acked.data.results).toEqual([{ replyId: replies[0].replyId, status: 'sent' }]);
    const [row] = await outboxOf(account.accountId);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, sentTime: new Date(b.t.deps.now()) });
    const logs = await db().select().from(channelSendLog).where(eq(channelSendLog.sendId, row.sendId));
    expect(logs).toMatchObject([{ attempt: 1, outcome: 'ok' }]);
    // Acknowledging again is ignored, not counted twice.
    expect((await ack(send, [{ replyId: row.sendId, ok: true }])).data.results).toEqual([{ replyId: row.sendId, status: 'ignored' }]);

    const view = await b.req<{ data: { todayReplies: number; pendingReplies: number; sessionHealth: string } }>('GET', `/channel/bossZP/account/${account.accountId}`);
    expect(view.data).toMatchObject({ todayReplies: 1, pendingReplies: 0, sessionHealth: 'logged_in' });
  });

  it('a long poll waits and is woken by the answer', async () => {
    const { send } = await keyedAccount();
    const started = Date.now();
    const waiting = poll(send, 10);
    await new Promise((r) => setTimeout(r, 200));
    await push(send, [candidateMessage('cand-wait', '这个岗位还招人吗')]);
    const replies = await waiting;
    expect(replies.map((r) => r.text)).toEqual(['还在招的，欢迎投递简历！']);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a phone in a message or in a profile makes a BOSS lead listed by BOSS留资', async () => {
    const { account, send, jobId } = await keyedAccount({ recruiterName: '留资经理' });
    await push(send, [candidateMessage('cand-phone', '我的电话是13911112222', { candidateName: '刘一', jobId })]);
    const profile = await send('/profile', {
      body: { candidateId: 'cand-prof', name: '周二', jobId, experience: '3年', education: '本科', expectedSalary: '10-15K', city: '杭州', wechat: 'zhou_er', resumeReceived: true },
    });
    expect(profile.json()).toMatchObject({ code: 200, data: { candidateId: 'cand-prof', exchangeStatus: 'wechat', leadId: expect.any(Number) } });

    const list = await b.req<{ rows: Record<string, unknown>[]; total: number }>('GET', `/channel/bossLeave/list?accountId=${account.accountId}&orderByColumn=leadId&isAsc=asc`);
    expect(list.total).toBe(2);
    expect(list.rows[0]).toMatchObject({ bossUid: 'cand-phone', name: '刘一', phone: '13911112222', recruiterName: '留资经理', jobTitle: '销售代表', status: 'new', conversationId: expect.any(Number) });
    expect(list.rows[1]).toMatchObject({
      bossUid: 'cand-prof',
      name: '周二',
      wechat: 'zhou_er',
      experience: '3年',
      education: '本科',
      expectedSalary: '10-15K',
      city: '杭州',
      resumeReceived: true,
      exchangeStatus: 'wechat',
      jobTitle: '销售代表',
    });
    const filtered = await b.req<{ total: number }>('GET', `/channel/bossLeave/list?accountId=${account.accountId}&exchangeStatus=wechat`);
    expect(filtered.total).toBe(1);
    expect(await b.req('GET', '/channel/bossLeave/list?orderByColumn=password')).toMatchObject({ code: 500 });
  });
});

describe('what the server hands out', () => {
  it('a paused account stores the message unanswered and hands nothing out until resumed', async () => {
    const { account, send } = await keyedAccount();
    await push(send, [candidateMessage('cand-p1', '这个岗位还招人吗')]);
    await b.req('PUT', `/channel/bossZP/account/${account.accountId}/pause`, { paused: true });
    expect(await poll(send)).toEqual([]);
    const pushed = await push(send, [candidateMessage('cand-p2', '这个岗位还招人吗')]);
    expect(pushed.data.results[0]).toMatchObject({ status: 'accepted', answered: false });
    const [second] = await db().select().from(aiConversation).where(and(eq(aiConversation.accountId, account.accountId), eq(aiConversation.visitorId, 'cand-p2')));
    const stored = await db().select().from(aiMessage).where(eq(aiMessage.conversationId, second.conversationId));
    expect(stored.map((m) => m.sender)).toEqual(['customer']);
    expect((await outboxOf(account.accountId)).map((r) => r.status)).toEqual(['pending']);

    await b.req('PUT', `/channel/bossZP/account/${account.accountId}/pause`, { paused: false });
    expect((await poll(send)).map((r) => r.candidateId)).toEqual(['cand-p1']);
  });

  it('two concurrent pollers never get the same reply', async () => {
    const { account, send } = await keyedAccount();
    const other = connector(b.t, account);
    await push(send, Array.from({ length: 8 }, (_, i) => candidateMessage(`cand-cc${i}`, '这个岗位还招人吗')));
    const [a, c] = await Promise.all([poll(send), poll(other)]);
    const ids = [...a, ...c].map((r) => r.replyId);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
  });

  it('greets a new candidate of a job with the default template, under the greeting cap', async () => {
    const { account, send, jobId } = await keyedAccount({ recruiterName: '孙HR', company: '远山科技', runConfig: { ...DEFAULT_BOSS_RUN_CONFIG, dailyGreetings: 1 } });
    await b.req('POST', '/channel/bossZP/template', { accountId: account.accountId, name: '默认', content: '{{candidateName}}您好，我是{{company}}的{{recruiterName}}，{{jobTitle}}正在招聘', isDefault: true });
    await send('/profile', { body: { candidateId: 'cand-g1', name: '吴三', jobId } });
    await send('/profile', { body: { candidateId: 'cand-g2', name: '郑四', jobId } });
    // A known candidate is not greeted again.
    await send('/profile', { body: { candidateId: 'cand-g1', city: '上海' } });
    expect((await outboxOf(account.accountId)).map((r) => r.sendSource)).toEqual(['greeting', 'greeting']);
    const handed = await poll(send);
    expect(handed).toEqual([{ replyId: expect.any(Number), candidateId: 'cand-g1', text: '吴三您好，我是远山科技的孙HR，销售代表正在招聘', kind: 'greeting' }]);
    const [candidate] = await db().select().from(channelBossCandidate).where(and(eq(channelBossCandidate.accountId, account.accountId), eq(channelBossCandidate.bossUid, 'cand-g1')));
    expect(candidate.city).toBe('上海');
    // Replies have their own cap: a candidate's question is still answered while greetings wait.
    await push(send, [candidateMessage('cand-g1', '这个岗位还招人吗', { jobId })]);
    expect((await poll(send)).map((r) => r.kind)).toEqual(['reply']);
  });

  it('a failed send is handed out again, and given up after the last attempt', async () => {
    const { account, send } = await keyedAccount();
    await push(send, [candidateMessage('cand-f', '这个岗位还招人吗')]);
    for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt++) {
      const [reply] = await poll(send);
      expect(reply).toBeDefined();
      const result = await ack(send, [{ replyId: reply.replyId, ok: false, error: '发送按钮不可用' }]);
      expect(result.data.results[0].status).toBe(attempt < MAX_SEND_ATTEMPTS ? 'pending' : 'failed');
      b.t.advance(10 * 60_000);
    }
    b.t.advance(-MAX_SEND_ATTEMPTS * 10 * 60_000);
    const [row] = await outboxOf(account.accountId);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_SEND_ATTEMPTS, error: '发送按钮不可用' });
    const [message] = await db().select().from(aiMessage).where(eq(aiMessage.messageId, row.messageId));
    expect(message).toMatchObject({ sendStatus: 'failed', error: '发送按钮不可用' });
    expect(await db().select().from(channelSendLog).where(eq(channelSendLog.sendId, row.sendId))).toHaveLength(MAX_SEND_ATTEMPTS);
  });

  it('a message on an account and job without an agent fails with its reason and may be pushed again later', async () => {
    const { account, send } = await keyedAccount({ agentId: null });
    const msg = candidateMessage('cand-na', '这个岗位还招人吗');
    expect((await push(send, [msg])).data.results).toEqual([{ msgId: msg.msgId, status: 'failed', error: '该账号和职位都未设置AI客服，消息未处理' }]);
    const view = await b.req<{ data: Record<string, unknown> }>('GET', `/channel/bossZP/account/${account.accountId}`);
    await b.req('PUT', '/channel/bossZP/account', { ...view.data, accountId: account.accountId, agentId });
    expect((await push(send, [msg])).data.results[0]).toMatchObject({ status: 'accepted', answered: true });
  });
  // Last: it moves the clock a day on.
  it('respects the daily reply cap per China day and the run window', async () => {
    const runConfig = { ...DEFAULT_BOSS_RUN_CONFIG, dailyReplies: 1, windowStart: '11:00', windowEnd: '20:00' };
    const { account, send } = await keyedAccount({ runConfig });
    await push(send, [candidateMessage('cand-c1', '这个岗位还招人吗'), candidateMessage('cand-c2', '这个岗位还招人吗')]);
    // 10:00 China time: before the window.
    expect(await poll(send)).toEqual([]);
    b.t.advance(3600_000);
    await relogin(b);
    const first = await poll(send);
    expect(first.map((r) => r.candidateId)).toEqual(['cand-c1']);
    await ack(send, [{ replyId: first[0].replyId, ok: true }]);
    expect(await poll(send)).toEqual([]);
    const view = await b.req<{ data: { todayReplies: number; pendingReplies: number } }>('GET', `/channel/bossZP/account/${account.accountId}`);
    expect(view.data).toMatchObject({ todayReplies: 1, pendingReplies: 1 });
    // The next China day, in its window: the held reply goes.
    b.t.advance(24 * 3600_000);
    expect((await poll(send)).map((r) => r.candidateId)).toEqual(['cand-c2']);
  });

});
