import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildWorkbook } from '../../../src/core/list';
import { aiKnowledge, aiReplyRule } from '../../../src/db/schema';
import { recordHit } from '../../../src/modules/ai/reply/hits';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { exportSheet, userWithoutRoles } from '../../helpers/crud';
import { call, multipart } from '../../common/support';
import { API, createAgent, FORBIDDEN, requester, type Requester } from '../agent/support';

const NOW = Date.UTC(2026, 2, 1, 4, 0);
const entry = { question: '发货时间', answer: '48小时内发货' };

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let agentId: number;
let req: Requester;
const db = () => t.deps.database.db;

interface KnowledgeJson {
  knowledgeId: number;
  question: string;
  similarQuestions: string[];
  answer: string;
  status: string;
  hitCount: number;
  lastHitTime: string | null;
}

const list = async (id: number, query = '') => req<{ rows: KnowledgeJson[]; total: number }>('GET', `/ai/agent/${id}/knowledge/list${query}`);

beforeAll(async () => {
  t = await createTestApp({ startAt: NOW });
  admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
  nobody = await userWithoutRoles(t, 'noknow');
  agentId = await createAgent(t, admin, { name: '知识客服' });
});

describe('knowledge entries', () => {
  it('adds with cleaned phrasings, reads, edits, switches and deletes', async () => {
    expect(
      await req('POST', `/ai/agent/${agentId}/knowledge`, {
        question: '支持货到付款吗？',
        similarQuestions: ['能货到付款吗', '能货到付款吗', '支持货到付款吗？', '可以到付吗'],
        answer: '支持，签收时付款即可。',
      }),
    ).toEqual({ code: 200, msg: '操作成功' });
    const [entry] = (await list(agentId)).rows;
    expect(entry).toMatchObject({ question: '支持货到付款吗？', similarQuestions: ['能货到付款吗', '可以到付吗'], status: '0', hitCount: 0 });
    expect((await req<{ data: KnowledgeJson }>('GET', `/ai/agent/${agentId}/knowledge/${entry.knowledgeId}`)).data.answer).toBe('支持，签收时付款即可。');

    expect(
      await req('PUT', `/ai/agent/${agentId}/knowledge`, { knowledgeId: entry.knowledgeId, question: '支持货到付款吗？', answer: '暂不支持货到付款。' }),
    ).toMatchObject({ code: 200 });
    expect((await list(agentId)).rows[0]).toMatchObject({ answer: '暂不支持货到付款。', similarQuestions: [] });
    await req('PUT', `/ai/agent/${agentId}/knowledge/changeStatus`, { knowledgeId: entry.knowledgeId, status: '1' });
    expect((await list(agentId, '?status=1')).rows.map((r) => r.knowledgeId)).toEqual([entry.knowledgeId]);

    expect(await req('DELETE', `/ai/agent/${agentId}/knowledge/${entry.knowledgeId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await list(agentId)).total).toBe(0);
    expect(await req('GET', `/ai/agent/${agentId}/knowledge/${entry.knowledgeId}`)).toEqual({ code: 500, msg: '知识条目不存在' });
  });

  it('refuses a question the agent already has, on add and on edit', async () => {
    const id = await createAgent(t, admin, { name: '重复问题客服' });
    await req('POST', `/ai/agent/${id}/knowledge`, { question: '怎么退货', answer: 'a' });
    await req('POST', `/ai/agent/${id}/knowledge`, { question: '怎么换货', answer: 'b' });
    expect(await req('POST', `/ai/agent/${id}/knowledge`, { question: '怎么退货', answer: 'c' })).toEqual({ code: 500, msg: "新增问题'怎么退货'失败，问题已存在" });
    const other = (await list(id)).rows.find((r) => r.question === '怎么换货')!;
    expect(await req('PUT', `/ai/agent/${id}/knowledge`, { knowledgeId: other.knowledgeId, question: '怎么退货', answer: 'b' })).toEqual({
      code: 500,
      msg: "修改问题'怎么退货'失败，问题已存在",
    });
  });

  it.each(
    (
      [
        [{ ...entry, question: '' }, '问题不能为空'],
        [{ ...entry, question: '问'.repeat(501) }, '问题长度不能超过500个字符'],
        [{ ...entry, similarQuestions: Array.from({ length: 21 }, (_, i) => `问法${i}`) }, '相似问法不能超过20个'],
        [{ ...entry, similarQuestions: ['问'.repeat(201)] }, '相似问法长度不能超过200个字符'],
        [{ ...entry, similarQuestions: [' '] }, '相似问法不能为空'],
        [{ ...entry, answer: ' ' }, '答案不能为空'],
        [{ ...entry, answer: '答'.repeat(5001) }, '答案长度不能超过5000个字符'],
      ] as [Record<string, unknown>, string][]
    ).map(([body, msg]) => ({ body, msg })),
  )('validates → $msg', async ({ body, msg }) => {
    expect(await req('POST', `/ai/agent/${agentId}/knowledge`, body)).toEqual({ code: 500, msg });
  });

  it('finds by keyword in the question, the phrasings or the answer; sorts by hits; pages', async () => {
    const id = await createAgent(t, admin, { name: '检索客服' });
    await req('POST', `/ai/agent/${id}/knowledge`, { question: '营业时间', similarQuestions: ['几点开门'], answer: '每天九点到晚上九点' });
    await req('POST', `/ai/agent/${id}/knowledge`, { question: '停车', answer: '商场地下停车场免费两小时' });
    await req('POST', `/ai/agent/${id}/knowledge`, { question: '会员', answer: '消费满百元即可办理' });
    const byQuestion = (rows: KnowledgeJson[]) => rows.map((r) => r.question);
    expect(byQuestion((await list(id, '?keyword=' + encodeURIComponent('开门'))).rows)).toEqual(['营业时间']);
    expect(byQuestion((await list(id, '?keyword=' + encodeURIComponent('免费'))).rows)).toEqual(['停车']);
    expect(byQuestion((await list(id, '?keyword=' + encodeURIComponent('会员'))).rows)).toEqual(['会员']);
    // Newest first unless asked otherwise.
    expect(byQuestion((await list(id)).rows)).toEqual(['会员', '停车', '营业时间']);
    const parking = (await list(id, '?keyword=' + encodeURIComponent('停车'))).rows[0];
    await recordHit(t.deps, { type: 'knowledge', id: parking.knowledgeId });
    await recordHit(t.deps, { type: 'knowledge', id: parking.knowledgeId });
    const byHits = await list(id, '?orderByColumn=hitCount&isAsc=descending');
    expect(byQuestion(byHits.rows)[0]).toBe('停车');
    expect(byHits.rows[0]).toMatchObject({ hitCount: 2, lastHitTime: '2026-03-01 12:00:00' });
    const page = await list(id, '?pageNum=2&pageSize=2');
    expect(page.total).toBe(3);
    expect(byQuestion(page.rows)).toEqual(['营业时间']);
  });
});

describe('hits', () => {
  it('counts answers given by a rule or a knowledge entry, and nothing else', async () => {
    const id = await createAgent(t, admin, { name: '命中客服', template: 'general' });
    const [rule] = await db().select().from(aiReplyRule).where(eq(aiReplyRule.agentId, id)).limit(1);
    const [k] = await db().select().from(aiKnowledge).where(eq(aiKnowledge.agentId, id)).limit(1);
    await recordHit(t.deps, { type: 'rule', id: rule.ruleId, name: rule.pattern });
    await recordHit(t.deps, { type: 'knowledge', id: k.knowledgeId, score: 0.9 });
    await recordHit(t.deps, { type: 'fallback' });
    await recordHit(t.deps, { type: 'model', name: 'deepseek-chat' });
    const [ruleAfter] = await db().select().from(aiReplyRule).where(eq(aiReplyRule.ruleId, rule.ruleId));
    const [kAfter] = await db().select().from(aiKnowledge).where(eq(aiKnowledge.knowledgeId, k.knowledgeId));
    expect(ruleAfter).toMatchObject({ hitCount: 1, lastHitTime: new Date(NOW) });
    expect(kAfter).toMatchObject({ hitCount: 1, lastHitTime: new Date(NOW) });
    const others = await db().select().from(aiReplyRule).where(eq(aiReplyRule.agentId, id));
    expect(others.filter((r) => r.ruleId !== rule.ruleId).every((r) => r.hitCount === 0)).toBe(true);
  });
});

describe('knowledge Excel', () => {
  const columns = ['问题', '相似问法', '答案', '状态'];
  const sheet = (rows: (string | null)[][]) => buildWorkbook('知识库', columns.map((header, i) => ({ header, value: (r: (string | null)[]) => r[i] ?? null })), rows);
  const upload = async (id: number, rows: (string | null)[][], updateSupport = false) => {
    const form = await multipart([{ field: 'file', filename: 'knowledge.xlsx', data: await sheet(rows) }]);
    return call(t.app, {
      method: 'POST',
      url: `${API}/ai/agent/${id}/knowledge/importData?updateSupport=${updateSupport}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('offers a template with the import columns', async () => {
    const template = await exportSheet(t.app, `${API}/ai/agent/${agentId}/knowledge/importTemplate`, admin.headers);
    expect(template).toEqual({ header: columns, rows: [] });
  });

  it('imports every row or none, reporting each failing row', async () => {
    const id = await createAgent(t, admin, { name: '导入客服' });
    await req('POST', `/ai/agent/${id}/knowledge`, { question: '已有问题', answer: '旧答案' });
    const bad = await upload(id, [
      ['新问题一', '问法甲\n问法乙', '答案一', '启用'],
      ['已有问题', '', '新答案', ''],
      ['新问题二', '', '', '停用'],
      ['新问题一', '', '又一个', ''],
      ['新问题三', '', '答案三', '暂停'],
    ]);
    expect(bad).toEqual({
      code: 500,
      msg:
        '很抱歉，导入失败！共 4 条数据格式不正确，错误如下：<br/>1、问题 已有问题 已存在<br/>2、问题 新问题二 导入失败：答案不能为空' +
        '<br/>3、问题 新问题一 导入失败：与文件中前面的行问题重复<br/>4、问题 新问题三 导入失败：状态只能是0或1',
    });
    expect((await list(id)).rows.map((r) => r.question)).toEqual(['已有问题']);

    const good = await upload(id, [
      ['新问题一', '问法甲\n问法乙', '答案一', '启用'],
      ['新问题二', '问法丙 | 问法丁', '答案二', '停用'],
    ]);
    expect(good).toEqual({ code: 200, msg: '恭喜您，数据已全部导入成功！共 2 条，数据如下：<br/>1、问题 新问题一 导入成功<br/>2、问题 新问题二 导入成功' });
    const rows = (await list(id, '?orderByColumn=knowledgeId&isAsc=asc')).rows;
    expect(rows.map((r) => [r.question, r.similarQuestions, r.answer, r.status])).toEqual([
      ['已有问题', [], '旧答案', '0'],
      ['新问题一', ['问法甲', '问法乙'], '答案一', '0'],
      ['新问题二', ['问法丙', '问法丁'], '答案二', '1'],
    ]);

    const updated = await upload(id, [['已有问题', '老问法', '新答案', '正常']], true);
    expect(updated).toEqual({ code: 200, msg: '恭喜您，数据已全部导入成功！共 1 条，数据如下：<br/>1、问题 已有问题 更新成功' });
    expect((await list(id, '?keyword=' + encodeURIComponent('已有问题'))).rows[0]).toMatchObject({ answer: '新答案', similarQuestions: ['老问法'] });

    expect(await upload(id, [])).toEqual({ code: 500, msg: '导入知识库数据不能为空！' });
  });

  it('exports the entries with their phrasings one per line, status label and hits, filtered', async () => {
    const id = await createAgent(t, admin, { name: '导出客服' });
    await req('POST', `/ai/agent/${id}/knowledge`, { question: '退货', similarQuestions: ['怎么退', '能退吗'], answer: '七天无理由', status: '1' });
    await req('POST', `/ai/agent/${id}/knowledge`, { question: '发票', answer: '可以开' });
    const all = await exportSheet(t.app, `${API}/ai/agent/${id}/knowledge/export`, admin.headers);
    expect(all.header).toEqual(['问题', '相似问法', '答案', '状态', '命中次数', '最后命中时间']);
    expect(all.rows).toEqual([
      { 问题: '发票', 相似问法: '', 答案: '可以开', 状态: '启用', 命中次数: '0' },
      { 问题: '退货', 相似问法: '怎么退\n能退吗', 答案: '七天无理由', 状态: '停用', 命中次数: '0' },
    ]);
    const filtered = await exportSheet(t.app, `${API}/ai/agent/${id}/knowledge/export`, admin.headers, { keyword: '退' });
    expect(filtered.rows.map((r) => r['问题'])).toEqual(['退货']);
    // What was exported imports back into another agent unchanged.
    const copy = await createAgent(t, admin, { name: '导入回去' });
    const file = await multipart([
      {
        field: 'file',
        filename: 'k.xlsx',
        data: (
          await t.app.inject({
            method: 'POST',
            url: `${API}/ai/agent/${id}/knowledge/export`,
            headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
            payload: '',
          })
        ).rawPayload,
      },
    ]);
    const back = await call(t.app, {
      method: 'POST',
      url: `${API}/ai/agent/${copy}/knowledge/importData`,
      headers: { ...admin.headers, ...file.headers },
      payload: file.payload,
    });
    expect(back).toMatchObject({ code: 200 });
    expect((await list(copy, '?keyword=' + encodeURIComponent('退货'))).rows[0]).toMatchObject({ similarQuestions: ['怎么退', '能退吗'], status: '1' });
  });
});

describe('permissions', () => {
  it.each([
    ['GET', '/knowledge/list'],
    ['GET', '/knowledge/1'],
    ['POST', '/knowledge'],
    ['PUT', '/knowledge'],
    ['PUT', '/knowledge/changeStatus'],
    ['DELETE', '/knowledge/1'],
    ['POST', '/knowledge/export'],
    ['POST', '/knowledge/importData'],
    ['POST', '/knowledge/importTemplate'],
  ] as const)('%s %s answers 403 without ai:agent:reply', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' || path.includes('import') || path.includes('export') ? undefined : { ...entry, knowledgeId: 1, status: '0' };
    expect(await req(method, `/ai/agent/${agentId}${path}`, body, nobody)).toEqual(FORBIDDEN);
  });
});
