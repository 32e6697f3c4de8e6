import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aiConversation, aiMessage, sysOperLog } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { exportSheet, userWithoutRoles } from '../../helpers/crud';
import { call, eventually } from '../../common/support';
import { addRule, API, createAgent, isMessage, listen, SseReader, visitor, type PublicMessage } from '../runtime/support';

let t: TestApp;
let base: string;
let admin: LoggedIn;
let nobody: LoggedIn;
let agentId: number;
const readers: SseReader[] = [];

interface Row {
  conversationId: number;
  agentName: string;
  channel: string;
  customerName: string;
  phone: string;
  status: string;
  assigneeName: string;
  turns: number;
  lastMessage: string;
}

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, 'noconv');
  // Owned by 'ry' (dept 105, in 普通角色's custom scope): the colleague below sees its conversations.
  agentId = await createAgent(t, { name: '售前客服', createBy: 'ry' });
  await addRule(t, agentId, '价格', '每月99元。');
});

afterAll(async () => {
  for (const r of readers) await r.close();
});

const req = <T = Record<string, unknown>>(method: 'GET' | 'POST', url: string, payload?: object, who: LoggedIn = admin) =>
  call<T>(t.app, { method, url: API + url, payload, headers: who.headers });

const messagesOf = (conversationId: number) =>
  t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId)).orderBy(aiMessage.seq);

async function customerStream(v: Awaited<ReturnType<typeof visitor>>) {
  const s = await SseReader.open(`${base}/chat/stream?conversationId=${v.conversationId}&visitorToken=${v.session.visitorToken}`);
  readers.push(s);
  await s.waitFor((e) => e.event === 'status');
  return s;
}

describe('在线会话 list and record', () => {
  it('lists conversations with something said, newest activity first, with agent and customer', async () => {
    const a = await visitor(t, agentId);
    await a.send('我叫张三，手机13811112222');
    await expect.poll(async () => (await messagesOf(a.conversationId)).length).toBe(2);
    t.advance(1000);
    const b = await visitor(t, agentId);
    await b.send('价格');
    await expect.poll(async () => (await messagesOf(b.conversationId)).length).toBe(2);
    // A page opened without a word is not listed.
    const silent = await visitor(t, agentId);

    const list = await req<{ rows: Row[]; total: number }>('GET', `/ai/conversation/list?agentId=${agentId}`);
    expect(list.rows.map((r) => r.conversationId)).toEqual([b.conversationId, a.conversationId]);
    expect(list.rows.map((r) => r.conversationId)).not.toContain(silent.conversationId);
    expect(list.rows[1]).toMatchObject({ agentName: '售前客服', channel: 'web', customerName: '张三', phone: '13811112222', status: 'ai', turns: 1 });
    expect(list.rows[0]).toMatchObject({ lastMessage: '每月99元。' });

    expect((await req<{ rows: Row[] }>('GET', `/ai/conversation/list?keyword=13811112222`)).rows.map((r) => r.conversationId)).toEqual([a.conversationId]);
    expect((await req<{ total: number }>('GET', `/ai/conversation/list?agentId=${agentId}&status=waiting`)).total).toBe(0);
    expect((await req<{ rows: Row[] }>('GET', `/ai/conversation/list?agentId=${agentId}&pageNum=2&pageSize=1`)).rows[0].conversationId).toBe(a.conversationId);

    const detail = await req<{ data: { conversation: Row; messages: Array<{ seq: number; hit: unknown }>; customer: { phone: string }; lead: { status: string } } }>(
      'GET',
      `/ai/conversation/${a.conversationId}`,
    );
    expect(detail.data.conversation).toMatchObject({ conversationId: a.conversationId, customerName: '张三' });
    expect(detail.data.messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(detail.data.messages[1].hit).toBeTruthy();
    expect(detail.data.customer).toMatchObject({ phone: '13811112222' });
    expect(detail.data.lead).toMatchObject({ status: 'new' });
  });

  it('exports the list as xlsx', async () => {
    const { header, rows } = await exportSheet(t.app, `${API}/ai/conversation/export`, admin.headers, { agentId: String(agentId) });
    expect(header).toContain('AI客服');
    expect(header).toContain('状态');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({ AI客服: '售前客服', 渠道: '网页', 状态: 'AI接待中' });
  });
});

describe('take over, reply, hand back, close', () => {
  it('staff take over and reply on the customer’s stream, then hand back to the AI and close', async () => {
    const v = await visitor(t, agentId);
    await v.send('转人工');
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(3);
    const s = await customerStream(v);

    const took = await req<{ data: { status: string; assigneeName: string } }>('POST', `/ai/conversation/${v.conversationId}/takeover`);
    expect(took.data).toMatchObject({ status: 'human', assigneeName: '管理员' });
    await s.waitFor((e) => e.event === 'status' && (e.data as { status: string }).status === 'human');
    expect((await s.waitFor(isMessage((m) => m.sender === 'system' && m.seq === 4))).data).toMatchObject({ content: '客服管理员已接入' });

    const replied = await req<{ data: { sender: string; senderName: string; content: string } }>('POST', `/ai/conversation/${v.conversationId}/reply`, {
      content: ' 您好，我是人工客服 ',
    });
    expect(replied.data).toMatchObject({ sender: 'staff', senderName: '管理员', content: '您好，我是人工客服' });
    const onStream = await s.waitFor(isMessage((m) => m.sender === 'staff'));
    expect(onStream.data).toMatchObject({ senderName: '管理员', content: '您好，我是人工客服' });

    // While staff answer, the AI stays silent.
    await v.send('价格');
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(6);
    await new Promise((r) => setTimeout(r, 100));
    expect((await messagesOf(v.conversationId)).at(-1)?.sender).toBe('customer');

    await req('POST', `/ai/conversation/${v.conversationId}/handback`);
    await s.waitFor((e) => e.event === 'status' && (e.data as { status: string }).status === 'ai');
    await v.send('价格');
    await s.waitFor(isMessage((m) => m.sender === 'ai' && m.content === '每月99元。'));

    await req('POST', `/ai/conversation/${v.conversationId}/close`);
    await s.waitFor((e) => e.event === 'status' && (e.data as { status: string }).status === 'closed');
    const [conv] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, v.conversationId));
    expect(conv.status).toBe('closed');
    expect(conv.closeTime).not.toBeNull();
    expect(await v.send('还在吗')).toEqual({ code: 500, msg: '会话已结束，请刷新页面开始新的会话' });
    expect(await req('POST', `/ai/conversation/${v.conversationId}/reply`, { content: '在的' })).toEqual({ code: 500, msg: '会话已结束' });

    await eventually(async () => {
      const logs = await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '在线会话'), eq(sysOperLog.businessType, 2)));
      return logs.length >= 3;
    });
  });

  it('a reply to a conversation the AI holds takes it over; one a colleague holds is refused', async () => {
    const v = await visitor(t, agentId);
    await v.send('价格');
    await expect.poll(async () => (await messagesOf(v.conversationId)).length).toBe(2);
    await req('POST', `/ai/conversation/${v.conversationId}/reply`, { content: '我来接待您' });
    const rows = await messagesOf(v.conversationId);
    expect(rows.slice(2).map((m) => [m.sender, m.content])).toEqual([
      ['system', '客服管理员已接入'],
      ['staff', '我来接待您'],
    ]);

    const colleague = await loginAs(t.app, 'ry', 'admin123');
    expect(await req('POST', `/ai/conversation/${v.conversationId}/reply`, { content: '我也来' }, colleague)).toEqual({
      code: 500,
      msg: "该会话正由客服'管理员'接待，不能回复",
    });
    expect(await req('POST', `/ai/conversation/${v.conversationId}/reply`, { content: '  ' })).toEqual({ code: 500, msg: '回复内容不能为空' });
  });

  it('feeds the staff stream with list rows and messages', async () => {
    const staff = await SseReader.open(`${base}/ai/conversation/stream`, admin.headers);
    readers.push(staff);
    expect(staff.headers.get('content-type')).toContain('text/event-stream');
    const v = await visitor(t, agentId);
    await v.send('价格');
    const message = await staff.waitFor((e) => e.event === 'message' && (e.data as { message: PublicMessage }).message.sender === 'ai');
    expect(message.data).toMatchObject({ conversationId: v.conversationId, message: { content: '每月99元。', hit: { type: 'rule' } } });
    const row = await staff.waitFor((e) => e.event === 'conversation' && (e.data as Row).lastMessage === '每月99元。');
    expect(row.data).toMatchObject({ conversationId: v.conversationId, agentName: '售前客服', status: 'ai' });
  });
});

describe('permissions', () => {
  it('refuses users without the 在线会话 permissions', async () => {
    const forbidden = { code: 403, msg: '没有权限，请联系管理员授权' };
    expect(await req('GET', '/ai/conversation/list', undefined, nobody)).toEqual(forbidden);
    expect(await req('GET', '/ai/conversation/1', undefined, nobody)).toEqual(forbidden);
    expect(await req('POST', '/ai/conversation/1/takeover', undefined, nobody)).toEqual(forbidden);
    expect(await req('POST', '/ai/conversation/1/reply', { content: 'x' }, nobody)).toEqual(forbidden);
    expect(await req('POST', '/ai/conversation/1/handback', undefined, nobody)).toEqual(forbidden);
    expect(await req('POST', '/ai/conversation/1/close', undefined, nobody)).toEqual(forbidden);
    expect(await req('POST', '/ai/conversation/export', undefined, nobody)).toEqual(forbidden);
    const res = await fetch(`${base}/ai/conversation/stream`, { headers: nobody.headers });
    expect(await res.json()).toEqual(forbidden);
    const anonymous = await fetch(`${base}/ai/conversation/stream`);
    expect(((await anonymous.json()) as { code: number }).code).toBe(401);
  });
});
