import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_FALLBACK_REPLY, DEFAULT_HANDOFF } from '@acs/shared';
import {
  aiAgent,
  aiAgentVariable,
  aiConversation,
  aiKnowledge,
  aiModelProvider,
  aiReplyRule,
  aiVariable,
  channelAccount,
  crmLead,
  sysOperLog,
} from '../../../src/db/schema';
import { validateRulePattern } from '../../../src/modules/ai/engine/rules';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { userWithoutRoles } from '../../helpers/crud';
import { eventually } from '../../common/support';
import { createAgent, FORBIDDEN, requester, type Requester } from './support';

// 10:00 on 15 Jan 2026 in China (02:00 UTC): "today" began at 16:00 UTC the day before.
const NOW = Date.UTC(2026, 0, 15, 2, 0);
const TODAY_START = Date.UTC(2026, 0, 14, 16, 0);

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let req: Requester;
const db = () => t.deps.database.db;

interface AgentJson {
  agentId: number;
  name: string;
  status: string;
  template: string;
  providerId: number | null;
  providerName: string;
  model: string;
  fallbackReply: string;
  welcomeMessage: string;
  quickQuestions: string[];
  leadGoal: { enabled: boolean; fields: string[]; match?: string; askAfterTurns: number };
  handoff: typeof DEFAULT_HANDOFF;
  publishedTime: string | null;
  channels: { accountId: number; platform: string; name: string; status: string }[];
  todayConversations: number;
  todayLeads: number;
  ruleCount: number;
  knowledgeCount: number;
}

interface TemplateJson {
  template: string;
  label: string;
  settings: { quickQuestions: string[]; leadGoal: { enabled: boolean; fields: string[]; askAfterTurns: number }; systemPrompt: string; fallbackReply: string };
  rules: { matchType: 'keyword' | 'exact' | 'regex'; pattern: string; reply: string }[];
  knowledge: { question: string; answer: string }[];
  variables: { varKey: string }[];
}

const getAgent = async (id: number) => (await req<{ data: AgentJson }>('GET', `/ai/agent/${id}`)).data;

async function addProvider(values: Partial<typeof aiModelProvider.$inferInsert> = {}) {
  const [row] = await db()
    .insert(aiModelProvider)
    .values({ name: 'DeepSeek', baseUrl: 'http://127.0.0.1:9/v1', models: ['deepseek-chat', 'deepseek-reasoner'], defaultModel: 'deepseek-chat', ...values })
    .returning();
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ startAt: NOW });
  admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
  nobody = await userWithoutRoles(t, 'noagent');
});

describe('templates', () => {
  it('offers 通用客服, 招聘 and 留资获客 to any signed-in user, with realistic editable content', async () => {
    const res = await req<{ data: TemplateJson[] }>('GET', '/ai/agent/templates', undefined, nobody);
    expect(res.data.map((d) => [d.template, d.label])).toEqual([
      ['general', '通用客服'],
      ['recruit', '招聘'],
      ['lead', '留资获客'],
    ]);
    const [general, recruit, lead] = res.data;
    expect(lead.settings.leadGoal).toMatchObject({ enabled: true, fields: ['phone', 'wechat'], askAfterTurns: 1 });
    expect(recruit.settings.leadGoal).toMatchObject({ enabled: true, fields: ['name', 'phone'], askAfterTurns: 2 });
    expect(general.settings.leadGoal.enabled).toBe(false);
    for (const d of res.data) {
      expect(d.settings.systemPrompt).toContain('{{agent_name}}');
      expect(d.settings.fallbackReply).not.toBe('');
      expect(d.settings.quickQuestions.length).toBeGreaterThanOrEqual(3);
      expect(d.settings.quickQuestions.length).toBeLessThanOrEqual(5);
      expect(d.rules.length).toBeGreaterThan(0);
      expect(d.knowledge.length).toBeGreaterThan(0);
      for (const rule of d.rules) expect(validateRulePattern(rule.matchType, rule.pattern)).toBeNull();
      // Every {{key}} a template uses is a system variable or one it creates.
      const texts = [d.settings.systemPrompt, ...d.rules.map((r) => r.reply), ...d.knowledge.map((k) => k.answer)].join('\n');
      const keys = [...texts.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]);
      const known = new Set(['agent_name', 'customer_name', 'today', 'now', 'weekday', ...d.variables.map((v) => v.varKey)]);
      expect(keys.filter((k) => !known.has(k))).toEqual([]);
    }
  });
});

describe('create and edit', () => {
  it('creates a blank agent as a draft with the default settings and nothing else', async () => {
    const id = await createAgent(t, admin, { name: '空白客服' });
    const agent = await getAgent(id);
    expect(agent).toMatchObject({
      name: '空白客服',
      status: 'draft',
      template: 'blank',
      providerId: null,
      providerName: '内置引擎',
      fallbackReply: DEFAULT_FALLBACK_REPLY,
      handoff: DEFAULT_HANDOFF,
      ruleCount: 0,
      knowledgeCount: 0,
      publishedTime: null,
    });
    expect(await db().select().from(aiVariable).where(eq(aiVariable.agentId, id))).toEqual([]);
  });

  it('fills a 留资获客 agent from its template: settings, rules, knowledge and its own variables; given settings win', async () => {
    const id = await createAgent(t, admin, { name: '获客顾问', template: 'lead', welcomeMessage: '欢迎光临' });
    const agent = await getAgent(id);
    const tpl = (await req<{ data: TemplateJson[] }>('GET', '/ai/agent/templates')).data.find((d) => d.template === 'lead')!;
    expect(agent).toMatchObject({ template: 'lead', welcomeMessage: '欢迎光临', quickQuestions: tpl.settings.quickQuestions, leadGoal: tpl.settings.leadGoal });
    expect(agent.ruleCount).toBe(tpl.rules.length);
    expect(agent.knowledgeCount).toBe(tpl.knowledge.length);
    const rules = await db().select().from(aiReplyRule).where(eq(aiReplyRule.agentId, id));
    expect(rules.map((r) => r.pattern).sort()).toEqual(tpl.rules.map((r) => r.pattern).sort());
    const knowledge = await db().select().from(aiKnowledge).where(eq(aiKnowledge.agentId, id));
    expect(knowledge.map((k) => k.question).sort()).toEqual(tpl.knowledge.map((k) => k.question).sort());
    const vars = await db().select().from(aiVariable).where(eq(aiVariable.agentId, id));
    expect(vars.map((v) => [v.varKey, v.scope]).sort()).toEqual(tpl.variables.map((v) => [v.varKey, 'agent']).sort());
  });

  it('does not create a template variable that a global variable already provides', async () => {
    await db().insert(aiVariable).values({ varKey: 'main_business', label: '主营业务', scope: 'global', defaultValue: '家装设计' });
    const id = await createAgent(t, admin, { name: '获客顾问二', template: 'lead' });
    const keys = (await db().select().from(aiVariable).where(eq(aiVariable.agentId, id))).map((v) => v.varKey);
    expect(keys).not.toContain('main_business');
    expect(keys).toContain('company_name');
  });

  it('edits settings: given ones change, the others stay, status cannot be set this way', async () => {
    const id = await createAgent(t, admin, { name: '编辑客服', template: 'general' });
    const before = await getAgent(id);
    expect(await req('PUT', '/ai/agent', { agentId: id, name: '编辑客服改', fallbackReply: '请稍后再试', status: 'published' })).toEqual({ code: 200, msg: '操作成功' });
    const after = await getAgent(id);
    expect(after).toMatchObject({ name: '编辑客服改', fallbackReply: '请稍后再试', status: 'draft', welcomeMessage: before.welcomeMessage });
    const [row] = await db().select().from(aiAgent).where(eq(aiAgent.agentId, id));
    expect(row.updateBy).toBe('admin');
    expect(await req('GET', '/ai/agent/999999')).toEqual({ code: 500, msg: '客服不存在' });
  });

  it('refuses a duplicate name on create and on edit', async () => {
    const id = await createAgent(t, admin, { name: '重名客服' });
    await createAgent(t, admin, { name: '另一个客服' });
    expect(await req('POST', '/ai/agent', { name: '重名客服' })).toEqual({ code: 500, msg: "新增客服'重名客服'失败，名称已存在" });
    expect(await req('PUT', '/ai/agent', { agentId: id, name: '另一个客服' })).toEqual({ code: 500, msg: "修改客服'另一个客服'失败，名称已存在" });
    expect((await req('PUT', '/ai/agent', { agentId: id, name: '重名客服' })).code).toBe(200);
  });

  const hours = { enabled: true, days: [1, 2, 3, 4, 5], start: '09:00', end: '18:00', offHoursText: '下班了' };
  const goal = { enabled: true, fields: ['phone'], askAfterTurns: 2, askText: '留个电话？', thanksText: '谢谢' };
  const handoff = { keywords: ['投诉'], explicitRequest: true, failureThreshold: 3, handoffReply: '转人工' };
  const params = { temperature: 0.7, maxTokens: 800, historyMessages: 10 };
  it.each(
    (
      [
        [{ name: '' }, '客服名称不能为空'],
        [{ name: '名'.repeat(51) }, '客服名称长度不能超过50个字符'],
        [{ template: 'shop' }, '模板只能是空白、通用客服、招聘或留资获客'],
        [{ params: { ...params, temperature: 2.5 } }, '温度取值范围为0~2'],
        [{ params: { ...params, maxTokens: 0 } }, '最大回复长度取值范围为1~8000'],
        [{ params: { ...params, maxTokens: 8001 } }, '最大回复长度取值范围为1~8000'],
        [{ params: { ...params, historyMessages: 51 } }, '携带历史消息数取值范围为0~50'],
        [{ quickQuestions: Array.from({ length: 9 }, (_, i) => `问题${i}`) }, '快捷问题不能超过8个'],
        [{ quickQuestions: ['问'.repeat(51)] }, '快捷问题长度不能超过50个字符'],
        [{ quickQuestions: [' '] }, '快捷问题不能为空'],
        [{ handoff: { ...handoff, keywords: Array.from({ length: 21 }, (_, i) => `词${i}`) } }, '转人工关键词不能超过20个'],
        [{ handoff: { ...handoff, failureThreshold: 11 } }, '连续未解答转人工次数取值范围为0~10'],
        [{ businessHours: { ...hours, start: '9:00' } }, '营业开始时间格式应为HH:mm'],
        [{ businessHours: { ...hours, end: '24:00' } }, '营业结束时间格式应为HH:mm'],
        [{ businessHours: { ...hours, days: [] } }, '启用营业时间时请选择营业日'],
        [{ businessHours: { ...hours, days: [8] } }, '营业日取值范围为1~7'],
        [{ businessHours: { ...hours, offHoursText: '' } }, '非工作时间提示不能为空'],
        [{ leadGoal: { ...goal, fields: [] } }, '启用留资目标时请选择要收集的字段'],
        [{ leadGoal: { ...goal, fields: ['qq'] } }, '留资字段只能是手机号、微信号或姓名'],
        [{ leadGoal: { ...goal, askText: ' ' } }, '留资询问话术不能为空'],
        [{ leadGoal: { ...goal, thanksText: '' } }, '留资感谢语不能为空'],
        [{ leadGoal: { ...goal, askAfterTurns: 0 } }, '询问留资的对话轮次取值范围为1~20'],
        [{ leadGoal: { ...goal, askAfterTurns: 21 } }, '询问留资的对话轮次取值范围为1~20'],
        [{ leadGoal: { ...goal, match: 'either' } }, '留资目标条件只能是全部填写或任填其一'],
        [{ knowledgeThreshold: 1.5 }, '直接回答阈值取值范围为0~1'],
        [{ clarifyThreshold: -0.1 }, '澄清阈值取值范围为0~1'],
        [{ knowledgeThreshold: 0.4, clarifyThreshold: 0.6 }, '澄清阈值不能大于直接回答阈值'],
        [{ systemPrompt: '长'.repeat(4001) }, '系统提示词长度不能超过4000个字符'],
        [{ welcomeMessage: '长'.repeat(1001) }, '欢迎语长度不能超过1000个字符'],
        [{ fallbackReply: '长'.repeat(1001) }, '兜底回复长度不能超过1000个字符'],
        [{ providerId: 987654 }, '模型配置不存在或已停用'],
      ] as [Record<string, unknown>, string][]
    ).map(([body, msg]) => ({ body, msg })),
  )('validates → $msg', async ({ body, msg }) => {
    expect(await req('POST', '/ai/agent', { name: '校验客服', ...body })).toEqual({ code: 500, msg });
  });

  it('accepts disabled business hours and lead goal without their texts', async () => {
    const id = await createAgent(t, admin, {
      name: '宽松客服',
      businessHours: { ...hours, enabled: false, days: [], offHoursText: '' },
      leadGoal: { ...goal, enabled: false, fields: [], askText: '', thanksText: '' },
    });
    expect((await getAgent(id)).name).toBe('宽松客服');
  });

  it('saves the lead goal\'s 完成条件 (any of / all of) and keeps it on later edits', async () => {
    const id = await createAgent(t, admin, { name: '任填客服', leadGoal: { ...goal, fields: ['phone', 'wechat'], match: 'any' } });
    expect((await getAgent(id)).leadGoal).toMatchObject({ fields: ['phone', 'wechat'], match: 'any' });
    expect((await req('PUT', '/ai/agent', { agentId: id, name: '任填客服改名' })).code).toBe(200);
    expect((await getAgent(id)).leadGoal).toMatchObject({ match: 'any' });
    expect((await req('PUT', '/ai/agent', { agentId: id, name: '任填客服改名', leadGoal: { ...goal, fields: ['phone', 'wechat'], match: 'all' } })).code).toBe(200);
    expect((await getAgent(id)).leadGoal).toMatchObject({ match: 'all' });
  });

  it('takes a provider only when it is enabled, and a model only from its list', async () => {
    const provider = await addProvider();
    const off = await addProvider({ name: '停用的', status: '1' });
    const open = await addProvider({ name: '任意模型', models: [] });
    expect(await req('POST', '/ai/agent', { name: '模型客服', providerId: off.providerId })).toEqual({ code: 500, msg: '模型配置不存在或已停用' });
    expect(await req('POST', '/ai/agent', { name: '模型客服', providerId: provider.providerId, model: 'gpt-4o' })).toEqual({
      code: 500,
      msg: "模型'gpt-4o'不在模型配置'DeepSeek'的模型列表中",
    });
    const id = await createAgent(t, admin, { name: '模型客服', providerId: provider.providerId, model: 'deepseek-chat' });
    expect(await getAgent(id)).toMatchObject({ providerId: provider.providerId, providerName: 'DeepSeek', model: 'deepseek-chat' });
    expect((await req('PUT', '/ai/agent', { agentId: id, name: '模型客服', providerId: open.providerId, model: 'my-model' })).code).toBe(200);
    // Back to the built-in engine: no model.
    expect((await req('PUT', '/ai/agent', { agentId: id, name: '模型客服', providerId: null })).code).toBe(200);
    expect(await getAgent(id)).toMatchObject({ providerId: null, model: '', providerName: '内置引擎' });
  });
});

describe('list', () => {
  it('filters by name and status, pages, sorts, and carries channels and today\'s figures (China day)', async () => {
    const a = await createAgent(t, admin, { name: '列表客服甲', template: 'general' });
    const b = await createAgent(t, admin, { name: '列表客服乙' });
    const [web] = await db().insert(channelAccount).values({ platform: 'web', name: '官网入口', agentId: a }).returning();
    const conversation = (agentId: number, channel: string, at: number) => ({ agentId, channel, visitorId: `v${at}`, createTime: new Date(at) });
    await db().insert(aiConversation).values([
      conversation(a, 'web', TODAY_START + 30 * 60_000),
      conversation(a, 'web', NOW - 60_000),
      conversation(a, 'debug', NOW - 60_000),
      conversation(a, 'web', TODAY_START - 60_000),
      conversation(b, 'douyin', NOW - 60_000),
    ]);
    const lead = (agentId: number, at: number) => ({ agentId, customerId: 1, channel: 'web', capturedTime: new Date(at) });
    await db().insert(crmLead).values([lead(a, NOW - 1000), lead(a, TODAY_START - 1000), lead(b, TODAY_START)]);

    const res = await req<{ rows: AgentJson[]; total: number }>('GET', `/ai/agent/list?name=${encodeURIComponent('列表客服')}`);
    expect(res.total).toBe(2);
    // Newest first by default.
    expect(res.rows.map((r) => r.name)).toEqual(['列表客服乙', '列表客服甲']);
    const [rb, ra] = res.rows;
    expect(ra).toMatchObject({
      channels: [{ accountId: web.accountId, platform: 'web', name: '官网入口', status: '0' }],
      todayConversations: 2,
      todayLeads: 1,
      ruleCount: 2,
      knowledgeCount: 3,
      providerName: '内置引擎',
    });
    expect(rb).toMatchObject({ channels: [], todayConversations: 1, todayLeads: 1, ruleCount: 0, knowledgeCount: 0 });

    const asc = await req<{ rows: AgentJson[] }>('GET', `/ai/agent/list?name=${encodeURIComponent('列表客服')}&orderByColumn=name&isAsc=ascending`);
    expect(asc.rows.map((r) => r.name)).toEqual(['列表客服乙', '列表客服甲'].sort());
    const page = await req<{ rows: AgentJson[]; total: number }>('GET', `/ai/agent/list?name=${encodeURIComponent('列表客服')}&pageNum=2&pageSize=1`);
    expect(page.rows.map((r) => r.name)).toEqual(['列表客服甲']);
    expect((await req<{ total: number }>('GET', '/ai/agent/list?status=published&name=' + encodeURIComponent('列表客服'))).total).toBe(0);
    expect(await req('GET', '/ai/agent/list?orderByColumn=systemPrompt')).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
  });
});

describe('publish and disable', () => {
  it('publishes a draft (recording the time), disables it and publishes it again; other moves are refused', async () => {
    const id = await createAgent(t, admin, { name: '发布客服', template: 'general' });
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'disabled' })).toEqual({ code: 500, msg: "客服'发布客服'当前为草稿，不能改为已停用" });
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'published' })).toEqual({ code: 200, msg: '操作成功' });
    expect(await getAgent(id)).toMatchObject({ status: 'published', publishedTime: '2026-01-15 10:00:00' });
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'published' })).toEqual({ code: 500, msg: "客服'发布客服'当前为已发布，不能改为已发布" });
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'disabled' })).toMatchObject({ code: 200 });
    expect((await getAgent(id)).status).toBe('disabled');
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'draft' })).toEqual({ code: 500, msg: "客服'发布客服'当前为已停用，不能改为草稿" });
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'published' })).toMatchObject({ code: 200 });
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'online' })).toEqual({ code: 500, msg: '状态只能是草稿、已发布或已停用' });
  });

  it('says what is missing before an agent can be published', async () => {
    const provider = await addProvider({ name: '发布用模型' });
    const id = await createAgent(t, admin, { name: '缺设置客服', fallbackReply: ' ', providerId: provider.providerId });
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'published' })).toEqual({ code: 500, msg: '发布失败，请先设置兜底回复、模型' });
    await req('PUT', '/ai/agent', { agentId: id, name: '缺设置客服', fallbackReply: '稍后回复您' });
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'published' })).toEqual({ code: 500, msg: '发布失败，请先设置模型' });
    await db().update(aiModelProvider).set({ status: '1' }).where(eq(aiModelProvider.providerId, provider.providerId));
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'published' })).toEqual({ code: 500, msg: '发布失败，请先设置可用的模型配置' });
    await db().update(aiModelProvider).set({ status: '0' }).where(eq(aiModelProvider.providerId, provider.providerId));
    await req('PUT', '/ai/agent', { agentId: id, name: '缺设置客服', model: 'deepseek-chat' });
    expect(await req('PUT', `/ai/agent/${id}/status`, { status: 'published' })).toEqual({ code: 200, msg: '操作成功' });
  });
});

describe('duplicate', () => {
  it('copies settings, rules, knowledge, own variables and values into a draft named -副本, -副本2', async () => {
    const id = await createAgent(t, admin, { name: '原客服', template: 'recruit' });
    await req('PUT', `/ai/agent/${id}/status`, { status: 'published' });
    await db().update(aiReplyRule).set({ hitCount: 7 }).where(eq(aiReplyRule.agentId, id));
    const [own] = await db().select().from(aiVariable).where(and(eq(aiVariable.agentId, id), eq(aiVariable.varKey, 'job_title')));
    const [global] = await db().insert(aiVariable).values({ varKey: 'brand', label: '品牌' }).returning();
    await db().insert(aiAgentVariable).values([
      { agentId: id, variableId: own.variableId, value: '仓库管理员' },
      { agentId: id, variableId: global.variableId, value: '某品牌' },
    ]);
    await db().insert(channelAccount).values({ platform: 'web', name: '原客服入口', agentId: id });

    const copy = await req<{ data: number }>('POST', `/ai/agent/${id}/duplicate`);
    expect(copy.code).toBe(200);
    const source = await getAgent(id);
    const dup = await getAgent(copy.data);
    expect(dup).toMatchObject({
      name: '原客服-副本',
      status: 'draft',
      publishedTime: null,
      template: 'recruit',
      welcomeMessage: source.welcomeMessage,
      leadGoal: source.leadGoal,
      ruleCount: source.ruleCount,
      knowledgeCount: source.knowledgeCount,
      channels: [],
    });
    const copiedRules = await db().select().from(aiReplyRule).where(eq(aiReplyRule.agentId, copy.data));
    expect(copiedRules.every((r) => r.hitCount === 0)).toBe(true);
    const copiedVars = await db().select().from(aiVariable).where(eq(aiVariable.agentId, copy.data));
    const copiedOwn = copiedVars.find((v) => v.varKey === 'job_title')!;
    expect(copiedOwn.variableId).not.toBe(own.variableId);
    const values = await db().select().from(aiAgentVariable).where(eq(aiAgentVariable.agentId, copy.data));
    expect(values.map((v) => [v.variableId, v.value]).sort()).toEqual(
      [
        [copiedOwn.variableId, '仓库管理员'],
        [global.variableId, '某品牌'],
      ].sort(),
    );

    expect((await getAgent((await req<{ data: number }>('POST', `/ai/agent/${id}/duplicate`)).data)).name).toBe('原客服-副本2');
    expect(await req('POST', '/ai/agent/999999/duplicate')).toEqual({ code: 500, msg: '客服不存在' });
  });
});

describe('delete', () => {
  it('is refused while an agent is bound to a live channel account, and nothing of the batch goes', async () => {
    const free = await createAgent(t, admin, { name: '空闲客服' });
    const bound = await createAgent(t, admin, { name: '在岗客服' });
    await db().insert(channelAccount).values({ platform: 'douyin', name: '抖音号A', agentId: bound });
    expect(await req('DELETE', `/ai/agent/${free},${bound}`)).toEqual({ code: 500, msg: "客服'在岗客服'已绑定渠道'抖音号A',不能删除" });
    expect((await getAgent(free)).name).toBe('空闲客服');
  });

  it('removes rules, knowledge, own variables and values; keeps conversations; releases disabled accounts', async () => {
    const id = await createAgent(t, admin, { name: '待删客服', template: 'general' });
    const [variable] = await db().select().from(aiVariable).where(eq(aiVariable.agentId, id)).limit(1);
    await db().insert(aiAgentVariable).values({ agentId: id, variableId: variable.variableId, value: 'x' });
    const [account] = await db().insert(channelAccount).values({ platform: 'web', name: '停用入口', agentId: id, status: '1' }).returning();
    await db().insert(aiConversation).values({ agentId: id, channel: 'web', visitorId: 'keep', createTime: new Date(NOW) });

    expect(await req('DELETE', `/ai/agent/${id}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await req('GET', `/ai/agent/${id}`)).toEqual({ code: 500, msg: '客服不存在' });
    expect(await db().select().from(aiReplyRule).where(eq(aiReplyRule.agentId, id))).toEqual([]);
    expect(await db().select().from(aiKnowledge).where(eq(aiKnowledge.agentId, id))).toEqual([]);
    expect(await db().select().from(aiVariable).where(eq(aiVariable.agentId, id))).toEqual([]);
    expect(await db().select().from(aiAgentVariable).where(eq(aiAgentVariable.agentId, id))).toEqual([]);
    expect(await db().select().from(aiConversation).where(eq(aiConversation.agentId, id))).toHaveLength(1);
    const [released] = await db().select().from(channelAccount).where(eq(channelAccount.accountId, account.accountId));
    expect(released.agentId).toBeNull();
    await eventually(async () => {
      const logs = await db().select().from(sysOperLog).where(and(eq(sysOperLog.title, 'AI客服'), eq(sysOperLog.businessType, 3)));
      return logs.length > 0;
    });
  });
});

describe('channels', () => {
  it('creates web entry points, lists every account with its agent, and binds (moving an account between agents)', async () => {
    const a = await createAgent(t, admin, { name: '渠道客服甲' });
    const b = await createAgent(t, admin, { name: '渠道客服乙' });
    const first = await req<{ data: number }>('POST', '/ai/agent/channel', { platform: 'web', name: '落地页A' });
    const second = await req<{ data: number }>('POST', '/ai/agent/channel', { platform: 'web', name: '落地页B' });
    expect(await req('POST', '/ai/agent/channel', { platform: 'web', name: '落地页A' })).toEqual({ code: 500, msg: "新增渠道'落地页A'失败，名称已存在" });
    expect(await req('POST', '/ai/agent/channel', { platform: 'douyin', name: '抖音' })).toEqual({ code: 500, msg: '只能新增网页渠道' });
    expect(await req('POST', '/ai/agent/channel', { platform: 'web', name: '' })).toEqual({ code: 500, msg: '渠道名称不能为空' });

    expect(await req('PUT', `/ai/agent/${a}/channels`, { accountIds: [first.data, second.data] })).toEqual({ code: 200, msg: '操作成功' });
    expect((await getAgent(a)).channels.map((c) => c.name)).toEqual(['落地页A', '落地页B']);
    // B takes 落地页B; A keeps only 落地页A.
    await req('PUT', `/ai/agent/${b}/channels`, { accountIds: [second.data] });
    expect((await getAgent(a)).channels.map((c) => c.name)).toEqual(['落地页A']);
    expect((await getAgent(b)).channels.map((c) => c.name)).toEqual(['落地页B']);
    // An empty list releases every account of the agent.
    await req('PUT', `/ai/agent/${a}/channels`, { accountIds: [] });
    expect((await getAgent(a)).channels).toEqual([]);

    const list = await req<{ data: { accountId: number; agentId: number | null; agentName: string | null; platform: string }[] }>('GET', '/ai/agent/channels');
    expect(list.data.find((c) => c.accountId === second.data)).toMatchObject({ agentId: b, agentName: '渠道客服乙', platform: 'web' });
    expect(list.data.find((c) => c.accountId === first.data)).toMatchObject({ agentId: null, agentName: null });

    expect(await req('PUT', `/ai/agent/${a}/channels`, { accountIds: [987654] })).toEqual({ code: 500, msg: '渠道账号不存在' });
    expect(await req('PUT', '/ai/agent/987654/channels', { accountIds: [] })).toEqual({ code: 500, msg: '客服不存在' });
  });
});

describe('permissions', () => {
  it.each([
    ['GET', '/ai/agent/list'],
    ['GET', '/ai/agent/100'],
    ['POST', '/ai/agent'],
    ['PUT', '/ai/agent'],
    ['DELETE', '/ai/agent/100'],
    ['POST', '/ai/agent/100/duplicate'],
    ['PUT', '/ai/agent/100/status'],
    ['GET', '/ai/agent/channels'],
    ['POST', '/ai/agent/channel'],
    ['PUT', '/ai/agent/100/channels'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    expect(await req(method, url, method === 'POST' || method === 'PUT' ? { name: 'x', status: 'published', accountIds: [] } : undefined, nobody)).toEqual(FORBIDDEN);
  });
});
