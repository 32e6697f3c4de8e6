import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiConversation, aiMessage, crmCustomer, crmLead, sysOperLog } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { userWithoutRoles } from '../../helpers/crud';
import { call, eventually } from '../../common/support';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';
import { allowPrivateModels } from '../../helpers/outbound';
import { addProvider, addRule, API, createAgent } from '../runtime/support';

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let fake: FakeOpenAI;

interface Message {
  messageId: number;
  seq: number;
  sender: string;
  content: string;
  hit: { type: string; id?: number; name?: string; error?: string } | null;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
}
interface DebugTurn {
  conversationId: number;
  status: string;
  turn: { customer: Message; replies: Message[] };
  found: Array<{ field: string; value: string }>;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, 'nodebug');
  fake = await startFakeOpenAI();
  await allowPrivateModels(t);
});

afterAll(async () => {
  await fake.close();
});

const debug = (agentId: number, payload: object, who: LoggedIn = admin) =>
  call<{ data: DebugTurn }>(t.app, { method: 'POST', url: `${API}/ai/agent/${agentId}/debug`, payload, headers: who.headers });

describe('debug chat', () => {
  it('answers a draft agent synchronously with how each reply was produced', async () => {
    const agentId = await createAgent(t, { status: 'draft' });
    const ruleId = await addRule(t, agentId, '价格', '每月99元。');
    const first = await debug(agentId, { content: '价格多少' });
    expect(first.code).toBe(200);
    expect(first.data.status).toBe('ai');
    expect(first.data.turn.customer).toMatchObject({ seq: 1, sender: 'customer', content: '价格多少' });
    expect(first.data.turn.replies).toEqual([expect.objectContaining({ seq: 2, sender: 'ai', content: '每月99元。', hit: expect.objectContaining({ type: 'rule', id: ruleId }) })]);
    expect(first.data.turn.replies[0].latencyMs).toBeGreaterThanOrEqual(0);

    const second = await debug(agentId, { conversationId: first.data.conversationId, content: '帮我看看这个' });
    expect(second.data.conversationId).toBe(first.data.conversationId);
    expect(second.data.turn.customer.seq).toBe(3);
    expect(second.data.turn.replies[0].hit?.type).toBe('fallback');
  });

  it('reports lead fields without creating customers or leads, and keeps debug out of 在线会话', async () => {
    const agentId = await createAgent(t);
    const customersBefore = (await t.deps.database.db.select().from(crmCustomer)).length;
    const leadsBefore = (await t.deps.database.db.select().from(crmLead)).length;
    const res = await debug(agentId, { content: '我叫钱九，手机13611112222' });
    expect(res.data.found).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'phone', value: '13611112222' }), expect.objectContaining({ field: 'name', value: '钱九' })]),
    );
    expect(await t.deps.database.db.select().from(crmCustomer)).toHaveLength(customersBefore);
    expect(await t.deps.database.db.select().from(crmLead)).toHaveLength(leadsBefore);
    const [conv] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, res.data.conversationId));
    expect(conv).toMatchObject({ channel: 'debug', customerId: null });
    const list = await call<{ rows: Array<{ conversationId: number }> }>(t.app, { method: 'GET', url: `${API}/ai/conversation/list`, headers: admin.headers });
    expect(list.rows.map((r) => r.conversationId)).not.toContain(res.data.conversationId);
  });

  it('shows the model answer with tokens, and the fallback with the error when the model fails', async () => {
    const ok = await createAgent(t, { providerId: await addProvider(t, fake.baseUrl, fake.apiKey), model: 'fake-echo' });
    const answer = await debug(ok, { content: '介绍一下' });
    expect(answer.data.turn.replies[0]).toMatchObject({ content: '你好，介绍一下', hit: { type: 'model', name: 'fake-echo' } });
    expect(answer.data.turn.replies[0].completionTokens).toBeGreaterThan(0);

    const broken = await createAgent(t, { providerId: await addProvider(t, fake.baseUrl, 'sk-wrong'), model: 'fake-echo', fallbackReply: '稍后再试' });
    const failed = await debug(broken, { content: '介绍一下' });
    expect(failed.data.turn.replies[0]).toMatchObject({ content: '稍后再试', hit: { type: 'fallback' } });
    expect(failed.data.turn.replies[0].hit?.error).toBe('auth: 模型服务返回错误（HTTP 401）');
  });

  it('reports a handoff, and starts over after it', async () => {
    const agentId = await createAgent(t);
    const handed = await debug(agentId, { content: '转人工' });
    expect(handed.data.status).toBe('waiting');
    expect(handed.data.turn.replies.map((m) => m.sender)).toEqual(['ai', 'system']);
    const next = await debug(agentId, { conversationId: handed.data.conversationId, content: '你好' });
    expect(next.data.conversationId).not.toBe(handed.data.conversationId);
    expect(next.data.turn.customer.seq).toBe(1);
  });

  it('resets: the debug conversation and its messages are removed', async () => {
    const agentId = await createAgent(t);
    const res = await debug(agentId, { content: '你好' });
    const id = res.data.conversationId;
    const del = await call(t.app, { method: 'DELETE', url: `${API}/ai/agent/${agentId}/debug/${id}`, headers: admin.headers });
    expect(del).toEqual({ code: 200, msg: '操作成功' });
    expect(await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, id))).toEqual([]);
    expect(await t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, id))).toEqual([]);
    expect(await debug(agentId, { conversationId: id, content: '你好' })).toEqual({ code: 500, msg: '调试会话不存在，请重新开始' });
    await eventually(async () => (await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, 'AI客服'))).length > 0);
  });

  it('validates and guards', async () => {
    const agentId = await createAgent(t);
    expect(await debug(agentId, { content: ' ' })).toEqual({ code: 500, msg: '消息不能为空' });
    expect(await debug(999999, { content: '你好' })).toEqual({ code: 500, msg: '客服不存在' });
    const forbidden = { code: 403, msg: '没有权限，请联系管理员授权' };
    expect(await debug(agentId, { content: '你好' }, nobody)).toEqual(forbidden);
    expect(await call(t.app, { method: 'DELETE', url: `${API}/ai/agent/${agentId}/debug/1`, headers: nobody.headers })).toEqual(forbidden);
  });
});
