import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aiAgentVariable, aiKnowledge, aiReplyRule, aiVariable, sysOperLog } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { exportSheet, userWithoutRoles } from '../../helpers/crud';
import { eventually } from '../../common/support';
import { API, createAgent, FORBIDDEN, requester, type Requester } from '../agent/support';

// Monday 2 March 2026, 09:30 in China.
const NOW = Date.UTC(2026, 2, 2, 1, 30);

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let req: Requester;
const db = () => t.deps.database.db;

interface VariableJson {
  variableId: number;
  varKey: string;
  label: string;
  varType: string;
  scope: string;
  agentId: number | null;
  agentName: string;
  defaultValue: string;
  value?: string;
  usedBy: { agentId: number; name: string; where: string }[];
}

const variable = (values: Record<string, unknown>) => ({ label: '变量', ...values });
const add = (values: Record<string, unknown>) => req('POST', '/ai/variable', variable(values));
const byKey = async (varKey: string, agentId?: number) => {
  const [row] = await db()
    .select()
    .from(aiVariable)
    .where(and(eq(aiVariable.varKey, varKey), agentId === undefined ? undefined : eq(aiVariable.agentId, agentId)));
  return row;
};
const list = async (query = '') => req<{ rows: VariableJson[]; total: number }>('GET', `/ai/variable/list${query}`);

beforeAll(async () => {
  t = await createTestApp({ startAt: NOW });
  admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
  nobody = await userWithoutRoles(t, 'novar');
});

describe('variables', () => {
  it('adds, reads, lists with filters, edits and deletes a global variable', async () => {
    expect(await add({ varKey: 'store.name', label: '门店名称', defaultValue: '旗舰店', fallback: '本店', sort: 2 })).toEqual({ code: 200, msg: '操作成功' });
    const row = await byKey('store.name');
    expect(row).toMatchObject({ scope: 'global', agentId: null, varType: 'text', createBy: 'admin' });
    const got = await req<{ data: VariableJson }>('GET', `/ai/variable/${row.variableId}`);
    expect(got.data).toMatchObject({ varKey: 'store.name', label: '门店名称', defaultValue: '旗舰店', usedBy: [], agentName: '' });

    expect((await list('?varKey=store')).rows.map((r) => r.varKey)).toEqual(['store.name']);
    expect((await list('?label=' + encodeURIComponent('门店'))).rows.map((r) => r.varKey)).toEqual(['store.name']);
    expect((await list('?scope=agent&varKey=store')).total).toBe(0);

    expect(await req('PUT', '/ai/variable', variable({ variableId: row.variableId, varKey: 'store.name', label: '店名', varType: 'text' }))).toMatchObject({ code: 200 });
    expect(await byKey('store.name')).toMatchObject({ label: '店名', defaultValue: '', updateBy: 'admin' });
    expect(await req('DELETE', `/ai/variable/${row.variableId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await req('GET', `/ai/variable/${row.variableId}`)).toEqual({ code: 500, msg: '变量不存在' });
    await eventually(async () => {
      const logs = await db().select().from(sysOperLog).where(and(eq(sysOperLog.title, '变量管理'), eq(sysOperLog.businessType, 3)));
      return logs.length > 0;
    });
  });

  const keyMessage = '变量键只能以字母开头，由字母、数字、下划线或点组成';
  const options = [
    { label: '是', value: 'yes' },
    { label: '否', value: 'no' },
  ];
  it.each(
    (
      [
        [{ varKey: '' }, '变量键不能为空'],
        [{ varKey: '1abc' }, keyMessage],
        [{ varKey: 'shop-name' }, keyMessage],
        [{ varKey: '店名' }, keyMessage],
        [{ varKey: 'today' }, "变量键'today'为系统变量，不能使用"],
        [{ varKey: 'agent_name' }, "变量键'agent_name'为系统变量，不能使用"],
        [{ varKey: 'ok', label: ' ' }, '变量名称不能为空'],
        [{ varKey: 'ok', varType: 'color' }, '变量类型只能是文本、数字、选项、日期、电话或是/否'],
        [{ varKey: 'ok', scope: 'agent' }, '客服专属变量请选择所属客服'],
        [{ varKey: 'ok', scope: 'agent', agentId: 987654 }, '客服不存在'],
        [{ varKey: 'ok', varType: 'select', options: [] }, '选项类型的变量至少需要一个选项'],
        [{ varKey: 'ok', varType: 'select', options: [...options, { label: '对', value: 'yes' }] }, '选项值不能重复'],
        [{ varKey: 'ok', pattern: '([a-z' }, '校验正则格式不正确'],
        [{ varKey: 'ok', varType: 'number', defaultValue: '十' }, '默认值不合法：请输入数字'],
        [{ varKey: 'ok', varType: 'date', defaultValue: '2026-02-30' }, '默认值不合法：日期格式应为YYYY-MM-DD'],
        [{ varKey: 'ok', varType: 'phone', defaultValue: '12345' }, '默认值不合法：请输入正确的电话号码'],
        [{ varKey: 'ok', varType: 'boolean', defaultValue: 'yes' }, '默认值不合法：只能是true或false'],
        [{ varKey: 'ok', varType: 'select', options, defaultValue: 'maybe' }, '默认值不合法：请选择选项中的值'],
        [{ varKey: 'ok', pattern: '^\\d{6}$', patternHint: '请输入6位邮编', defaultValue: '1234' }, '默认值不合法：请输入6位邮编'],
        [{ varKey: 'ok', pattern: '^\\d{6}$', defaultValue: '1234' }, '默认值不合法：不符合校验规则'],
      ] as [Record<string, unknown>, string][]
    ).map(([body, msg]) => ({ body, msg })),
  )('validates → $msg', async ({ body, msg }) => {
    expect(await add(body)).toEqual({ code: 500, msg });
  });

  it('accepts default values that fit their type', async () => {
    for (const body of [
      { varKey: 'v.number', varType: 'number', defaultValue: '-12.5' },
      { varKey: 'v.date', varType: 'date', defaultValue: '2026-02-28' },
      { varKey: 'v.mobile', varType: 'phone', defaultValue: '13812345678' },
      { varKey: 'v.landline', varType: 'phone', defaultValue: '010-12345678' },
      { varKey: 'v.hotline', varType: 'phone', defaultValue: '400-123-4567' },
      { varKey: 'v.bool', varType: 'boolean', defaultValue: 'false' },
      { varKey: 'v.select', varType: 'select', options, defaultValue: 'no' },
      { varKey: 'v.zip', pattern: '^\\d{6}$', defaultValue: '100000' },
    ]) {
      expect(await add(body)).toEqual({ code: 200, msg: '操作成功' });
    }
  });

  it('keeps keys unique among globals and within an agent; an agent may reuse a global key', async () => {
    const agent = await createAgent(t, admin, { name: '变量键客服' });
    await add({ varKey: 'brand' });
    expect(await add({ varKey: 'brand' })).toEqual({ code: 500, msg: "新增变量'brand'失败，变量键已存在" });
    expect(await add({ varKey: 'brand', scope: 'agent', agentId: agent })).toEqual({ code: 200, msg: '操作成功' });
    expect(await add({ varKey: 'brand', scope: 'agent', agentId: agent })).toEqual({ code: 500, msg: "新增变量'brand'失败，变量键已存在" });
    await add({ varKey: 'brand2' });
    const other = await byKey('brand2');
    expect(await req('PUT', '/ai/variable', variable({ variableId: other.variableId, varKey: 'brand' }))).toEqual({
      code: 500,
      msg: "修改变量'brand'失败，变量键已存在",
    });
    expect((await list(`?agentId=${agent}`)).rows.map((r) => [r.varKey, r.agentName])).toEqual([['brand', '变量键客服']]);
  });
});

describe('where used and delete', () => {
  it('lists where each variable is used and refuses to delete or rename it while it is', async () => {
    const agent = await createAgent(t, admin, { name: '用变量的客服', welcomeMessage: '欢迎致电{{hotline}}' });
    await add({ varKey: 'hotline', label: '热线', varType: 'phone' });
    const hotline = await byKey('hotline');
    // Used by one agent's welcome message only.
    expect((await req<{ data: VariableJson }>('GET', `/ai/variable/${hotline.variableId}`)).data.usedBy).toEqual([
      { agentId: agent, name: '用变量的客服', where: '欢迎语' },
    ]);
    expect(await req('DELETE', `/ai/variable/${hotline.variableId}`)).toEqual({ code: 500, msg: "变量'hotline'正在被使用：用变量的客服·欢迎语，不能删除" });

    await req('POST', `/ai/agent/${agent}/rule`, { matchType: 'keyword', pattern: '电话', reply: '请拨打{{ hotline }}' });
    await req('POST', `/ai/agent/${agent}/knowledge`, { question: '怎么联系', answer: '热线：{{hotline}}' });
    await req('PUT', '/ai/agent', { agentId: agent, name: '用变量的客服', fallbackReply: '答不上来，请拨{{hotline}}' });
    const [rule] = await db().select().from(aiReplyRule).where(eq(aiReplyRule.agentId, agent));
    const [entry] = await db().select().from(aiKnowledge).where(eq(aiKnowledge.agentId, agent));
    const row = (await list('?varKey=hotline')).rows.find((r) => r.varKey === 'hotline')!;
    expect(row.usedBy.map((u) => u.where)).toEqual(['欢迎语', '兜底回复', `回复规则#${rule.ruleId}`, `知识库#${entry.knowledgeId}`]);
    expect(await req('DELETE', `/ai/variable/${hotline.variableId}`)).toEqual({
      code: 500,
      msg: "变量'hotline'正在被使用：用变量的客服·欢迎语、用变量的客服·兜底回复、用变量的客服·回复规则#" + rule.ruleId + ' 等4处，不能删除',
    });
    expect(await req('PUT', '/ai/variable', variable({ variableId: hotline.variableId, varKey: 'hotline2', varType: 'phone' }))).toEqual({
      code: 500,
      msg: "变量'hotline'正在被使用：用变量的客服·欢迎语、用变量的客服·兜底回复、用变量的客服·回复规则#" + rule.ruleId + ' 等4处，不能修改变量键或作用范围',
    });
    // The label can change while it is used.
    expect(await req('PUT', '/ai/variable', variable({ variableId: hotline.variableId, varKey: 'hotline', label: '服务热线', varType: 'phone' }))).toMatchObject({
      code: 200,
    });
  });

  it("does not count an agent whose own variable of the same key hides the global one", async () => {
    const agent = await createAgent(t, admin, { name: '自有变量客服', welcomeMessage: '{{shop}}欢迎您' });
    await add({ varKey: 'shop' });
    await add({ varKey: 'shop', scope: 'agent', agentId: agent });
    const global = await byKey('shop');
    const rows = (await list('?varKey=shop')).rows;
    expect(rows.find((r) => r.agentId === null)?.usedBy).toEqual([]);
    expect(rows.find((r) => r.agentId === agent)?.usedBy).toEqual([{ agentId: agent, name: '自有变量客服', where: '欢迎语' }]);
    expect(global.agentId).toBeNull();
    expect(await req('DELETE', `/ai/variable/${global.variableId}`)).toEqual({ code: 200, msg: '操作成功' });
  });

  it('keeps only its new owner\'s value when an unused global becomes an agent variable', async () => {
    const owner = await createAgent(t, admin, { name: '新主人客服' });
    const other = await createAgent(t, admin, { name: '旁人客服' });
    await add({ varKey: 'moving' });
    const moving = await byKey('moving');
    for (const agent of [owner, other]) {
      await req('PUT', `/ai/agent/${agent}/variables`, { values: [{ variableId: moving.variableId, value: `值${agent}` }] });
    }
    expect(await req('PUT', '/ai/variable', variable({ variableId: moving.variableId, varKey: 'moving', scope: 'agent', agentId: owner }))).toMatchObject({ code: 200 });
    const values = await db().select().from(aiAgentVariable).where(eq(aiAgentVariable.variableId, moving.variableId));
    expect(values.map((v) => [v.agentId, v.value])).toEqual([[owner, `值${owner}`]]);
    expect((await req<{ data: VariableJson[] }>('GET', `/ai/agent/${other}/variables`)).data.map((v) => v.varKey)).not.toContain('moving');
  });

  it('deletes an unused variable together with the values agents gave it', async () => {
    const agent = await createAgent(t, admin, { name: '有值客服' });
    await add({ varKey: 'unused' });
    const unused = await byKey('unused');
    await req('PUT', `/ai/agent/${agent}/variables`, { values: [{ variableId: unused.variableId, value: '某值' }] });
    expect(await db().select().from(aiAgentVariable).where(eq(aiAgentVariable.variableId, unused.variableId))).toHaveLength(1);
    expect(await req('DELETE', `/ai/variable/${unused.variableId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await db().select().from(aiAgentVariable).where(eq(aiAgentVariable.variableId, unused.variableId))).toEqual([]);
  });
});

describe('export', () => {
  it('exports 变量数据 with labels for type and scope, the agent and where it is used', async () => {
    const agent = await createAgent(t, admin, { name: '导出变量客服', welcomeMessage: '{{exp.city}}欢迎您' });
    await add({ varKey: 'exp.city', label: '城市', varType: 'select', options: [{ label: '北京', value: '北京' }], defaultValue: '北京' });
    await add({ varKey: 'exp.own', label: '专属', scope: 'agent', agentId: agent });
    const sheet = await exportSheet(t.app, `${API}/ai/variable/export`, admin.headers, { varKey: 'exp.' });
    expect(sheet.header).toEqual(['变量编号', '变量键', '变量名称', '类型', '作用范围', '所属客服', '默认值', '兜底文本', '校验正则', '校验提示', '选项', '使用位置', '状态']);
    expect(sheet.rows.map((r) => [r['变量键'], r['类型'], r['作用范围'], r['所属客服'], r['选项'], r['使用位置'], r['状态']])).toEqual([
      ['exp.city', '选项', '全局', '', '北京=北京', '导出变量客服·欢迎语', '正常'],
      ['exp.own', '文本', '客服专属', '导出变量客服', '', '', '正常'],
    ]);
  });
});

describe('preview', () => {
  it('renders with system values, stored values, fallbacks and given values, listing what is missing', async () => {
    const agent = await createAgent(t, admin, { name: '预览客服' });
    await add({ varKey: 'pv.shop', defaultValue: '总店' });
    await add({ varKey: 'pv.tel', fallback: '客服电话' });
    await add({ varKey: 'pv.own', scope: 'agent', agentId: agent, defaultValue: '专属值' });
    const text = '{{agent_name}}|{{today}} {{weekday}}|{{pv.shop}}|{{pv.tel}}|{{pv.own}}|{{nothing}}';
    const withAgent = await req<{ data: { text: string; missing: string[] } }>('POST', '/ai/variable/preview', { text, agentId: agent });
    expect(withAgent.data).toEqual({ text: '预览客服|2026-03-02 星期一|总店|客服电话|专属值|', missing: ['nothing'] });
    const given = await req<{ data: { text: string; missing: string[] } }>('POST', '/ai/variable/preview', {
      text,
      values: { 'pv.shop': '分店', nothing: '有了' },
    });
    expect(given.data).toEqual({ text: '|2026-03-02 星期一|分店|客服电话||有了', missing: ['agent_name', 'pv.own'] });
    expect(await req('POST', '/ai/variable/preview', { text, agentId: 987654 })).toEqual({ code: 500, msg: '客服不存在' });
  });
});

describe("an agent's variable values", () => {
  it('lists the globals and its own with its values, saves valid values and clears empty ones', async () => {
    const agent = await createAgent(t, admin, { name: '设置变量客服', template: 'general' });
    const other = await createAgent(t, admin, { name: '别人家客服' });
    await add({ varKey: 'av.sla', label: '响应时效', varType: 'number', defaultValue: '30' });
    await add({ varKey: 'av.other', scope: 'agent', agentId: other });
    const sla = await byKey('av.sla');
    const phone = await byKey('contact_phone', agent);
    const foreign = await byKey('av.other', other);

    const before = await req<{ data: VariableJson[] }>('GET', `/ai/agent/${agent}/variables`);
    const keys = before.data.map((v) => v.varKey);
    expect(keys).toEqual(expect.arrayContaining(['av.sla', 'company_name', 'contact_phone', 'service_hours']));
    expect(keys).not.toContain('av.other');
    expect(before.data.find((v) => v.varKey === 'av.sla')).toMatchObject({ value: '', defaultValue: '30' });

    expect(
      await req('PUT', `/ai/agent/${agent}/variables`, {
        values: [
          { variableId: sla.variableId, value: '15' },
          { variableId: phone.variableId, value: '0571-88886666' },
        ],
      }),
    ).toEqual({ code: 200, msg: '操作成功' });
    const after = (await req<{ data: VariableJson[] }>('GET', `/ai/agent/${agent}/variables`)).data;
    expect(after.find((v) => v.varKey === 'av.sla')?.value).toBe('15');
    expect(after.find((v) => v.varKey === 'contact_phone')?.value).toBe('0571-88886666');

    await req('PUT', `/ai/agent/${agent}/variables`, { values: [{ variableId: sla.variableId, value: '' }] });
    expect((await req<{ data: VariableJson[] }>('GET', `/ai/agent/${agent}/variables`)).data.find((v) => v.varKey === 'av.sla')?.value).toBe('');

    expect(await req('PUT', `/ai/agent/${agent}/variables`, { values: [{ variableId: phone.variableId, value: '打我电话' }] })).toEqual({
      code: 500,
      msg: "变量'联系电话'的值不合法：请输入正确的电话号码",
    });
    expect(await req('PUT', `/ai/agent/${agent}/variables`, { values: [{ variableId: foreign.variableId, value: 'x' }] })).toEqual({ code: 500, msg: '变量不存在' });
    expect(await req('GET', '/ai/agent/987654/variables')).toEqual({ code: 500, msg: '客服不存在' });
  });
});

describe('permissions', () => {
  it.each([
    ['GET', '/ai/variable/list'],
    ['GET', '/ai/variable/100'],
    ['POST', '/ai/variable'],
    ['PUT', '/ai/variable'],
    ['DELETE', '/ai/variable/100'],
    ['POST', '/ai/variable/export'],
    ['GET', '/ai/agent/100/variables'],
    ['PUT', '/ai/agent/100/variables'],
    ['POST', '/ai/variable/preview'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    expect(await req(method, url, method === 'POST' || method === 'PUT' ? { varKey: 'x', label: 'x', values: [] } : undefined, nobody)).toEqual(FORBIDDEN);
  });
});
