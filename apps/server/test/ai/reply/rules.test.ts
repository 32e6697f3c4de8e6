import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aiReplyRule, sysOperLog } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { userWithoutRoles } from '../../helpers/crud';
import { eventually } from '../../common/support';
import { createAgent, FORBIDDEN, requester, type Requester } from '../agent/support';

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let agentId: number;
let otherAgentId: number;
let req: Requester;

interface RuleJson {
  ruleId: number;
  matchType: string;
  pattern: string;
  reply: string;
  priority: number;
  status: string;
  hitCount: number;
  createBy: string;
}

const rules = async (query = '') => (await req<{ rows: RuleJson[]; total: number }>('GET', `/ai/agent/${agentId}/rule/list${query}`)).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
  nobody = await userWithoutRoles(t, 'norule');
  agentId = await createAgent(t, admin, { name: '规则客服' });
  otherAgentId = await createAgent(t, admin, { name: '别的客服' });
});

describe('reply rules', () => {
  it('adds, lists in engine order (priority, then oldest), edits, switches and deletes', async () => {
    expect(await req('POST', `/ai/agent/${agentId}/rule`, { matchType: 'keyword', pattern: '退货|退款', reply: '七天无理由退货' })).toEqual({
      code: 200,
      msg: '操作成功',
    });
    await req('POST', `/ai/agent/${agentId}/rule`, { matchType: 'exact', pattern: '在吗', reply: '在的', priority: 5 });
    await req('POST', `/ai/agent/${agentId}/rule`, { matchType: 'regex', pattern: '^\\d{11}$', reply: '收到号码', status: '1' });
    const listed = await rules();
    expect(listed.map((r) => [r.pattern, r.priority, r.status])).toEqual([
      ['在吗', 5, '0'],
      ['退货|退款', 0, '0'],
      ['^\\d{11}$', 0, '1'],
    ]);
    expect(listed[0]).toMatchObject({ matchType: 'exact', hitCount: 0, createBy: 'admin' });

    expect((await rules('?keyword=' + encodeURIComponent('七天'))).map((r) => r.pattern)).toEqual(['退货|退款']);
    expect((await rules('?matchType=regex')).map((r) => r.pattern)).toEqual(['^\\d{11}$']);
    expect((await rules('?status=1')).map((r) => r.pattern)).toEqual(['^\\d{11}$']);

    const id = listed[1].ruleId;
    expect((await req<{ data: RuleJson }>('GET', `/ai/agent/${agentId}/rule/${id}`)).data).toMatchObject({ pattern: '退货|退款' });
    expect(await req('PUT', `/ai/agent/${agentId}/rule`, { ruleId: id, matchType: 'keyword', pattern: '退货', reply: '请联系售后', priority: 9 })).toMatchObject({
      code: 200,
    });
    expect((await rules())[0]).toMatchObject({ ruleId: id, pattern: '退货', reply: '请联系售后' });
    expect(await req('PUT', `/ai/agent/${agentId}/rule/changeStatus`, { ruleId: id, status: '1' })).toMatchObject({ code: 200 });
    expect((await req<{ data: RuleJson }>('GET', `/ai/agent/${agentId}/rule/${id}`)).data.status).toBe('1');

    expect(await req('DELETE', `/ai/agent/${agentId}/rule/${listed.map((r) => r.ruleId).join(',')}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await rules()).toEqual([]);
    await eventually(async () => {
      const logs = await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, 'AI客服回复'), eq(sysOperLog.businessType, 3)));
      return logs.length > 0;
    });
  });

  it("keeps each agent's rules to itself", async () => {
    await req('POST', `/ai/agent/${otherAgentId}/rule`, { matchType: 'keyword', pattern: '别人的', reply: '不是你的' });
    const [foreign] = await t.deps.database.db.select().from(aiReplyRule).where(eq(aiReplyRule.agentId, otherAgentId));
    expect(await req('GET', `/ai/agent/${agentId}/rule/${foreign.ruleId}`)).toEqual({ code: 500, msg: '回复规则不存在' });
    expect(await req('PUT', `/ai/agent/${agentId}/rule`, { ruleId: foreign.ruleId, matchType: 'keyword', pattern: 'x', reply: 'y' })).toEqual({
      code: 500,
      msg: '回复规则不存在',
    });
    expect(await req('DELETE', `/ai/agent/${agentId}/rule/${foreign.ruleId}`)).toEqual({ code: 500, msg: '操作失败' });
    expect(await t.deps.database.db.select().from(aiReplyRule).where(eq(aiReplyRule.ruleId, foreign.ruleId))).toHaveLength(1);
    expect(await req('GET', '/ai/agent/987654/rule/list')).toEqual({ code: 500, msg: '客服不存在' });
    expect(await req('POST', '/ai/agent/987654/rule', { matchType: 'keyword', pattern: 'x', reply: 'y' })).toEqual({ code: 500, msg: '客服不存在' });
  });

  const rule = { matchType: 'keyword', pattern: '价格', reply: '请咨询', priority: 0 };
  it.each(
    (
      [
        [{ ...rule, matchType: 'fuzzy' }, '匹配方式只能是关键词包含、完全匹配或正则'],
        [{ ...rule, pattern: ' ' }, '匹配内容不能为空'],
        [{ ...rule, pattern: '长'.repeat(501) }, '匹配内容长度不能超过500个字符'],
        [{ ...rule, pattern: '|，、' }, '关键词不能为空'],
        [{ ...rule, matchType: 'regex', pattern: '(a+)+$' }, '正则表达式不合法：不支持嵌套的重复（如 (a+)+），请简化'],
        [{ ...rule, matchType: 'regex', pattern: '.*' }, '正则表达式不合法：会匹配任何消息'],
        [{ ...rule, reply: '' }, '回复内容不能为空'],
        [{ ...rule, reply: '长'.repeat(2001) }, '回复内容长度不能超过2000个字符'],
        [{ ...rule, priority: -1 }, '优先级取值范围为0~9999'],
        [{ ...rule, priority: 1.5 }, '优先级必须是整数'],
        [{ ...rule, status: '2' }, '状态只能是0或1'],
      ] as [Record<string, unknown>, string][]
    ).map(([body, msg]) => ({ body, msg })),
  )('validates → $msg', async ({ body, msg }) => {
    expect(await req('POST', `/ai/agent/${agentId}/rule`, body)).toEqual({ code: 500, msg });
  });

  it('reports a regular expression that does not compile', async () => {
    const res = await req('POST', `/ai/agent/${agentId}/rule`, { ...rule, matchType: 'regex', pattern: '([a-z' });
    expect(res.code).toBe(500);
    expect(res.msg).toMatch(/^正则表达式不合法：/);
  });

  it.each([
    ['GET', '/rule/list'],
    ['GET', '/rule/1'],
    ['POST', '/rule'],
    ['PUT', '/rule'],
    ['PUT', '/rule/changeStatus'],
    ['DELETE', '/rule/1'],
  ] as const)('%s %s answers 403 without ai:agent:reply', async (method, path) => {
    expect(await req(method, `/ai/agent/${agentId}${path}`, method === 'GET' || method === 'DELETE' ? undefined : { ...rule, ruleId: 1, status: '0' }, nobody)).toEqual(
      FORBIDDEN,
    );
  });
});
