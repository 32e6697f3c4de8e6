import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHAT_CONSENT_TEXT } from '@acs/shared';
import { aiConversation, aiMessage } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { call } from '../../common/support';
import { addRule, API, createAgent, nextIp, openSession, updateAgent, visitor, type Session } from '../runtime/support';

let t: TestApp;
let agentId: number;

beforeAll(async () => {
  // 2026-03-02 is a Monday; 10:00 in China.
  t = await createTestApp({ startAt: Date.parse('2026-03-02T02:00:00Z') });
  agentId = await createAgent(t, { name: '小助手' });
  await addRule(t, agentId, '价格|多少钱', '基础版每月99元。');
});

const messagesOf = (conversationId: number) =>
  t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId)).orderBy(aiMessage.seq);

describe('POST /chat/session', () => {
  it('creates a visitor and a conversation and returns the agent profile with the rendered welcome', async () => {
    const res = await openSession(t, { agentId }, '10.9.0.1');
    expect(res.code).toBe(200);
    const s = res.data as Session;
    expect(s.visitorId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(s.visitorToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.conversation).toMatchObject({ status: 'ai' });
    expect(s.agent).toEqual({
      name: '小助手',
      avatar: '',
      welcome: '您好，我是小助手，请问有什么可以帮您？',
      quickQuestions: ['营业时间', '怎么收费'],
      offHours: false,
      offHoursText: expect.any(String),
    });
    expect(s.messages).toEqual([]);
    expect(s.consentText).toBe(CHAT_CONSENT_TEXT);
    const [conv] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, s.conversation.conversationId));
    expect(conv).toMatchObject({ agentId, channel: 'web', visitorId: s.visitorId, ip: '10.9.0.1', status: 'ai' });
  });

  it('reuses the visitor’s open conversation with its messages; a new one on request', async () => {
    const v = await visitor(t, agentId);
    await v.send('你好');
    const again = (await openSession(t, { agentId, visitorId: v.session.visitorId, visitorToken: v.session.visitorToken })).data as Session;
    expect(again.visitorId).toBe(v.session.visitorId);
    expect(again.conversation.conversationId).toBe(v.conversationId);
    expect(again.messages[0]).toMatchObject({ seq: 1, sender: 'customer', content: '你好' });
    // What produced a message stays with the staff.
    expect(again.messages[0]).not.toHaveProperty('hit');

    const fresh = (await openSession(t, { agentId, ...v.session, newConversation: true })).data as Session;
    expect(fresh.visitorId).toBe(v.session.visitorId);
    expect(fresh.conversation.conversationId).not.toBe(v.conversationId);
    expect(fresh.messages).toEqual([]);
  });

  it('gives a forged visitor id a fresh identity instead of its conversations', async () => {
    const v = await visitor(t, agentId);
    const forged = (await openSession(t, { agentId, visitorId: v.session.visitorId, visitorToken: 'x'.repeat(43) })).data as Session;
    expect(forged.visitorId).not.toBe(v.session.visitorId);
    expect(forged.conversation.conversationId).not.toBe(v.conversationId);
  });

  it('refuses a missing, draft or disabled agent', async () => {
    const draft = await createAgent(t, { status: 'draft' });
    const disabled = await createAgent(t, { status: 'disabled' });
    for (const id of [999999, draft, disabled]) {
      expect(await openSession(t, { agentId: id })).toEqual({ code: 500, msg: '该客服不存在或未发布' });
    }
    expect((await openSession(t, {})).code).toBe(500);
  });

  it('says when it is outside business hours', async () => {
    const id = await createAgent(t, {
      businessHours: { enabled: true, days: [6, 7], start: '09:00', end: '18:00', offHoursText: '周末客服休息' },
    });
    const s = (await openSession(t, { agentId: id })).data as Session;
    expect(s.agent).toMatchObject({ offHours: true, offHoursText: '周末客服休息' });
  });

  it('limits new sessions per client address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) expect((await openSession(t, { agentId }, ip)).code).toBe(200);
    expect(await openSession(t, { agentId }, ip)).toEqual({ code: 500, msg: '操作过于频繁，请稍后再试' });
    expect((await openSession(t, { agentId }, nextIp())).code).toBe(200);
    t.advance(60_000);
    expect((await openSession(t, { agentId }, ip)).code).toBe(200);
  });
});

describe('POST /chat/message', () => {
  it('stores messages with consecutive seq and answers on the conversation', async () => {
    const v = await visitor(t, agentId);
    const first = await v.send('  多少钱？ ');
    expect(first).toMatchObject({ code: 200, data: { seq: 1, duplicate: false } });
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(2);
    const second = await v.send('好的');
    expect(second.data?.seq).toBe(3);
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(4);
    const rows = await messagesOf(v.conversationId);
    expect(rows.map((m) => [m.seq, m.sender])).toEqual([
      [1, 'customer'],
      [2, 'ai'],
      [3, 'customer'],
      [4, 'ai'],
    ]);
    expect(rows[0]).toMatchObject({ content: '多少钱？', messageId: first.data?.messageId });
    expect(rows[1]).toMatchObject({ content: '基础版每月99元。', hit: { type: 'rule', name: '价格|多少钱' } });
    const [conv] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, v.conversationId));
    expect(conv).toMatchObject({ turns: 2, lastSeq: 4, lastMessage: rows[3].content });
  });

  it('stores a resend with the same clientMsgId once and answers it once', async () => {
    const v = await visitor(t, agentId);
    const a = await v.send('多少钱', 'same-id');
    const b = await v.send('多少钱', 'same-id');
    expect(b.data).toEqual({ seq: a.data?.seq, messageId: a.data?.messageId, duplicate: true });
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(2);
    const c = await v.send('还有吗', 'other-id');
    expect(c.data?.seq).toBe(3);
  });

  it('validates the content and the visitor', async () => {
    const v = await visitor(t, agentId);
    const post = (payload: object) => call(t.app, { method: 'POST', url: `${API}/chat/message`, payload, remoteAddress: v.ip });
    const base = { conversationId: v.conversationId, visitorToken: v.session.visitorToken, clientMsgId: 'm1' };
    expect(await post({ ...base, content: '   ' })).toEqual({ code: 500, msg: '消息不能为空' });
    expect(await post({ ...base, content: '字'.repeat(1001) })).toEqual({ code: 500, msg: '消息长度不能超过1000个字符' });
    expect((await post({ ...base, content: '字'.repeat(1000) })).code).toBe(200);

    const other = await visitor(t, agentId);
    expect(await post({ ...base, visitorToken: other.session.visitorToken, content: 'hi' })).toEqual({
      code: 403,
      msg: '访客身份校验失败，请刷新页面后重试',
    });
    expect((await post({ ...base, conversationId: 99999999, content: 'hi' })).code).toBe(403);
  });

  it('tells the customer a closed conversation has ended', async () => {
    const v = await visitor(t, agentId);
    await t.deps.database.db.update(aiConversation).set({ status: 'closed' }).where(eq(aiConversation.conversationId, v.conversationId));
    expect(await v.send('在吗')).toEqual({ code: 500, msg: '会话已结束，请刷新页面开始新的会话' });
    expect(await messagesOf(v.conversationId)).toEqual([]);
  });

  it('stops answering once the agent is unpublished', async () => {
    const id = await createAgent(t);
    const v = await visitor(t, id);
    await updateAgent(t, id, { status: 'disabled' });
    expect(await v.send('在吗')).toEqual({ code: 500, msg: '该客服不存在或未发布' });
  });

  it('limits messages per client address', async () => {
    const v = await visitor(t, agentId);
    for (let i = 0; i < 20; i++) expect((await v.send(`第${i}条`)).code).toBe(200);
    expect(await v.send('再来一条')).toEqual({ code: 500, msg: '操作过于频繁，请稍后再试' });
  });
});
