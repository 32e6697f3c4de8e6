import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiKnowledge, aiModelProvider, aiReplyRule } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { userWithoutRoles } from '../../helpers/crud';
import { createAgent, FORBIDDEN, requester, type Requester } from '../agent/support';

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let agentId: number;
let req: Requester;

interface TestResult {
  kind: string;
  text: string;
  hit: { type: string; id?: number; name?: string; score?: number };
  candidates: { knowledgeId: number; question: string; score: number }[];
  found: { field: string; value: string }[];
  leadAsk: string | null;
}

const test = async (content: string, id = agentId) => (await req<{ data: TestResult }>('POST', `/ai/agent/${id}/reply/test`, { content })).data;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
  nobody = await userWithoutRoles(t, 'noreplytest');
  agentId = await createAgent(t, admin, { name: '测试回复客服', template: 'general' });
  await req('POST', `/ai/agent/${agentId}/rule`, { matchType: 'keyword', pattern: '发票', reply: '{{agent_name}}提醒您：下单时填写抬头即可开票', priority: 5 });
  await req('POST', `/ai/agent/${agentId}/knowledge`, { question: '开发票需要什么资料？', answer: '提供抬头和税号' });
});

describe('POST /ai/agent/{agentId}/reply/test', () => {
  it('answers with a matching rule before any knowledge entry, rendered with variables', async () => {
    const res = await test('开发票需要什么资料？');
    expect(res).toMatchObject({ kind: 'reply', text: '测试回复客服提醒您：下单时填写抬头即可开票', hit: { type: 'rule', name: '发票' } });
    // The knowledge entry still shows as the best candidate.
    expect(res.candidates[0]).toMatchObject({ question: '开发票需要什么资料？' });
  });

  it('answers from knowledge with the candidates and their scores, best first, at most five', async () => {
    const res = await test('你们几点上班');
    expect(res).toMatchObject({ kind: 'reply', hit: { type: 'knowledge', name: '你们的服务时间是？' } });
    // service_hours has no value: its fallback text is used.
    expect(res.text).toBe('我们的服务时间是工作日白天。非服务时间您也可以留言，我们会在上班后第一时间回复您。');
    expect(res.candidates[0].question).toBe('你们的服务时间是？');
    expect(res.candidates.length).toBeLessThanOrEqual(5);
    const scores = res.candidates.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((s) => s > 0 && s <= 1)).toBe(true);
  });

  it('falls back when nothing matches, and hands off on request', async () => {
    expect(await test('火星上能不能种土豆')).toMatchObject({ kind: 'reply', hit: { type: 'fallback' }, text: expect.stringContaining('抱歉') });
    expect(await test('转人工')).toMatchObject({ kind: 'handoff', text: '好的，已为您转接人工客服，请稍候。', hit: { type: 'handoff' } });
  });

  it('reports lead fields found in the message and the lead question a first turn would bring', async () => {
    const lead = await createAgent(t, admin, { name: '测试留资客服', template: 'lead' });
    const res = await test('我的电话是13812345678', lead);
    expect(res.found).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'phone', value: '13812345678' })]));
    const asking = await test('你们主要做什么？', lead);
    expect(asking.hit.type).toBe('knowledge');
    expect(asking.leadAsk).toBe('为了给您更准确的方案，方便留一下您的手机号或微信吗？顾问会尽快联系您。');
  });

  it('never calls the model of an agent that has one, and counts no hits', async () => {
    const [provider] = await t.deps.database.db
      .insert(aiModelProvider)
      .values({ name: '不可达', baseUrl: 'http://127.0.0.1:9/v1', models: ['m1'] })
      .returning();
    const withModel = await createAgent(t, admin, { name: '模型测试客服', template: 'general', providerId: provider.providerId, model: 'm1' });
    expect(await test('火星上能不能种土豆', withModel)).toMatchObject({ kind: 'reply', hit: { type: 'fallback' } });
    expect((await test('你们几点上班', withModel)).hit.type).toBe('knowledge');

    const rules = await t.deps.database.db.select().from(aiReplyRule).where(eq(aiReplyRule.agentId, agentId));
    const knowledge = await t.deps.database.db.select().from(aiKnowledge).where(eq(aiKnowledge.agentId, agentId));
    expect([...rules, ...knowledge].every((r) => r.hitCount === 0 && r.lastHitTime === null)).toBe(true);
  });

  it('validates the message and the agent', async () => {
    expect(await req('POST', `/ai/agent/${agentId}/reply/test`, { content: ' ' })).toEqual({ code: 500, msg: '测试消息不能为空' });
    expect(await req('POST', `/ai/agent/${agentId}/reply/test`, { content: '长'.repeat(1001) })).toEqual({ code: 500, msg: '测试消息长度不能超过1000个字符' });
    expect(await req('POST', '/ai/agent/987654/reply/test', { content: '你好' })).toEqual({ code: 500, msg: '客服不存在' });
  });

  it('answers 403 without ai:agent:reply', async () => {
    expect(await req('POST', `/ai/agent/${agentId}/reply/test`, { content: '你好' }, nobody)).toEqual(FORBIDDEN);
  });
});
