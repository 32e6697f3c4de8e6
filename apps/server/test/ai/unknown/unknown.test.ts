import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { aiKnowledge, sysOperLog } from '../../../src/db/schema';
import { recordUnknownQuestion } from '../../../src/modules/ai/unknown/collect';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { userWithoutRoles } from '../../helpers/crud';
import { createAgent, FORBIDDEN, requester, type Requester } from '../agent/support';

const NOW = Date.UTC(2026, 3, 1, 4, 0);

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let req: Requester;

interface UnknownJson {
  unknownId: number;
  question: string;
  samples: string[];
  hits: number;
  outcome: string;
  candidates: { id: number; name: string; score: number }[];
  status: string;
  knowledgeId: number | null;
  lastTime: string;
  handledBy: string;
  handledTime: string | null;
}
/** The entry fields these tests read; none is a date, so the JSON has the row's own types. */
type KnowledgeJson = Pick<typeof aiKnowledge.$inferSelect, 'knowledgeId' | 'question' | 'similarQuestions' | 'answer' | 'status'>;

const unknownList = async (agentId: number, query = '') => req<{ rows: UnknownJson[]; total: number }>('GET', `/ai/agent/${agentId}/unknown/list${query}`);
const knowledge = async (agentId: number) => (await req<{ rows: KnowledgeJson[] }>('GET', `/ai/agent/${agentId}/knowledge/list?pageSize=100`)).rows;
const collect = (agentId: number, text: string, minutes = 0) =>
  recordUnknownQuestion(t.deps, { agentId, text, outcome: 'fallback', candidates: [], at: new Date(NOW + minutes * 60_000) });
const groupOf = async (agentId: number, question: string) => (await unknownList(agentId, '?status=pending&pageSize=100')).rows.find((r) => r.question === question)!;

beforeAll(async () => {
  t = await createTestApp({ startAt: NOW });
  admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
  nobody = await userWithoutRoles(t, 'nounknown');
});

/** An agent with one knowledge entry and the given collected messages (one minute apart, in order). */
async function agentWith(name: string, messages: string[]) {
  const agentId = await createAgent(t, admin, { name });
  await req('POST', `/ai/agent/${agentId}/knowledge`, { question: '运费怎么算', similarQuestions: ['邮费多少'], answer: '满99包邮' });
  const [entry] = await knowledge(agentId);
  for (const [i, text] of messages.entries()) await collect(agentId, text, i);
  return { agentId, entryId: entry.knowledgeId };
}

describe('GET /ai/agent/{agentId}/unknown/list', () => {
  it('lists the pending groups, most asked first, then by last time on request; finds by keyword in samples; pages', async () => {
    const { agentId } = await agentWith('未知列表客服', ['能开发票吗', '周末营业吗', '能开发票吗？', '能开发票不', '你们在哪']);
    const all = await unknownList(agentId);
    expect(all).toMatchObject({ code: 200, total: 3 });
    expect(all.rows.map((r) => [r.question, r.hits])).toEqual([
      ['能开发票吗', 3],
      ['你们在哪', 1],
      ['周末营业吗', 1],
    ]);
    expect(all.rows[0]).toMatchObject({ samples: ['能开发票不', '能开发票吗？'], outcome: 'fallback', status: 'pending', lastTime: '2026-04-01 12:03:00' });
    expect((await unknownList(agentId, '?orderByColumn=lastTime&isAsc=descending')).rows.map((r) => r.question)).toEqual(['你们在哪', '能开发票吗', '周末营业吗']);
    expect((await unknownList(agentId, '?keyword=' + encodeURIComponent('票不'))).rows.map((r) => r.question)).toEqual(['能开发票吗']);
    const page = await unknownList(agentId, '?pageNum=2&pageSize=2');
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.question)).toEqual(['周末营业吗']);
    expect((await unknownList(agentId, '?status=ignored')).total).toBe(0);
  });

  it('refuses an unknown status, sort column or agent', async () => {
    const { agentId } = await agentWith('未知校验客服', []);
    expect(await unknownList(agentId, '?status=done')).toEqual({ code: 500, msg: '状态只能是待处理、已处理或已忽略' });
    expect(await unknownList(agentId, '?orderByColumn=question')).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
    expect(await unknownList(987654)).toEqual({ code: 500, msg: '客服不存在' });
  });
});

describe('POST /ai/agent/{agentId}/unknown/{unknownId}/attach', () => {
  it('adds the question as a similar phrasing of the entry, marks the group added, and the engine answers it next', async () => {
    const { agentId, entryId } = await agentWith('添加问法客服', ['寄到新疆要加钱吗', '寄到新疆要加钱吗？', '寄新疆要加钱吗']);
    const group = await groupOf(agentId, '寄到新疆要加钱吗');
    expect(await req('POST', `/ai/agent/${agentId}/unknown/${group.unknownId}/attach`, { knowledgeId: entryId })).toEqual({ code: 200, msg: '操作成功' });
    expect((await knowledge(agentId))[0].similarQuestions).toEqual(['邮费多少', '寄到新疆要加钱吗']);
    const handled = (await unknownList(agentId, '?status=handled')).rows;
    expect(handled).toEqual([expect.objectContaining({ unknownId: group.unknownId, status: 'added', knowledgeId: entryId, handledBy: 'admin', handledTime: '2026-04-01 12:00:00' })]);
    expect((await unknownList(agentId)).total).toBe(0);
    // The agent's cached bundle was dropped: the test box answers with the entry now.
    const tested = await req<{ data: { hit: { type: string; id?: number } } }>('POST', `/ai/agent/${agentId}/reply/test`, { content: '寄到新疆要加钱吗' });
    expect(tested.data.hit).toMatchObject({ type: 'knowledge', id: entryId });
    const [log] = await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, 'AI客服回复'), eq(sysOperLog.operUrl, `/prod-api/ai/agent/${agentId}/unknown/${group.unknownId}/attach`)));
    expect(log).toMatchObject({ businessType: 2, status: 0 });
  });

  it('with includeSamples also adds the other phrasings, without repeats; keeps a disabled entry disabled', async () => {
    const { agentId, entryId } = await agentWith('含样本客服', ['包邮吗', '包邮吗？', '包邮不', '包邮吗？']);
    await req('PUT', `/ai/agent/${agentId}/knowledge/changeStatus`, { knowledgeId: entryId, status: '1' });
    const group = await groupOf(agentId, '包邮吗');
    expect(await req('POST', `/ai/agent/${agentId}/unknown/${group.unknownId}/attach`, { knowledgeId: entryId, includeSamples: true })).toMatchObject({ code: 200 });
    const [entry] = await knowledge(agentId);
    expect(entry.status).toBe('1');
    expect(entry.similarQuestions).toEqual(['邮费多少', '包邮吗', '包邮吗？', '包邮不']);
  });

  it('refuses more phrasings than an entry may have, and changes nothing', async () => {
    const { agentId, entryId } = await agentWith('问法上限客服', ['退货要多久']);
    const full = Array.from({ length: 20 }, (_, i) => `运费问法${i}`);
    await req('PUT', `/ai/agent/${agentId}/knowledge`, { knowledgeId: entryId, question: '运费怎么算', similarQuestions: full, answer: '满99包邮' });
    const group = await groupOf(agentId, '退货要多久');
    expect(await req('POST', `/ai/agent/${agentId}/unknown/${group.unknownId}/attach`, { knowledgeId: entryId })).toEqual({
      code: 500,
      msg: "知识'运费怎么算'的相似问法将超过20个，请先删减后再添加",
    });
    expect((await knowledge(agentId))[0].similarQuestions).toEqual(full);
    expect((await groupOf(agentId, '退货要多久')).status).toBe('pending');
  });

  it('refuses a group of another agent, a handled group, an entry of another agent, and bad bodies', async () => {
    const a = await agentWith('甲客服', ['怎么联系客服']);
    const b = await agentWith('乙客服', ['有没有优惠券']);
    const groupA = await groupOf(a.agentId, '怎么联系客服');
    const groupB = await groupOf(b.agentId, '有没有优惠券');
    const gone = { code: 500, msg: '未知问题不存在或已处理' };
    expect(await req('POST', `/ai/agent/${a.agentId}/unknown/${groupB.unknownId}/attach`, { knowledgeId: a.entryId })).toEqual(gone);
    expect(await req('POST', `/ai/agent/${a.agentId}/unknown/${groupA.unknownId}/attach`, { knowledgeId: b.entryId })).toEqual({ code: 500, msg: '知识条目不存在' });
    expect(await req('POST', `/ai/agent/${a.agentId}/unknown/${groupA.unknownId}/attach`, {})).toEqual({ code: 500, msg: '知识编号不能为空' });
    expect(await req('POST', `/ai/agent/${a.agentId}/unknown/${groupA.unknownId}/attach`, { knowledgeId: a.entryId, includeSamples: 'yes' })).toEqual({
      code: 500,
      msg: '是否包含其他问法必须是布尔值',
    });
    await req('POST', `/ai/agent/${a.agentId}/unknown/${groupA.unknownId}/attach`, { knowledgeId: a.entryId });
    expect(await req('POST', `/ai/agent/${a.agentId}/unknown/${groupA.unknownId}/attach`, { knowledgeId: a.entryId })).toEqual(gone);
    expect(await req('POST', `/ai/agent/${a.agentId}/unknown/${groupA.unknownId}/create`, { answer: '拨打热线' })).toEqual(gone);
  });
});

describe('POST /ai/agent/{agentId}/unknown/{unknownId}/create', () => {
  it('creates an entry from the group question by default, or from the question given, and marks the group created', async () => {
    const { agentId } = await agentWith('新建知识客服', ['支持分期付款吗', '能开发票吗']);
    const installments = await groupOf(agentId, '支持分期付款吗');
    expect(await req('POST', `/ai/agent/${agentId}/unknown/${installments.unknownId}/create`, { answer: '支持花呗分期' })).toEqual({ code: 200, msg: '操作成功' });
    const invoice = await groupOf(agentId, '能开发票吗');
    expect(
      await req('POST', `/ai/agent/${agentId}/unknown/${invoice.unknownId}/create`, { question: '可以开发票吗', similarQuestions: ['能开发票吗'], answer: '可以', status: '1' }),
    ).toMatchObject({ code: 200 });
    const entries = await knowledge(agentId);
    const created = entries.find((e) => e.question === '支持分期付款吗')!;
    expect(created).toMatchObject({ similarQuestions: [], answer: '支持花呗分期', status: '0' });
    expect(entries.find((e) => e.question === '可以开发票吗')).toMatchObject({ similarQuestions: ['能开发票吗'], answer: '可以', status: '1' });
    const handled = (await unknownList(agentId, '?status=handled&orderByColumn=lastTime&isAsc=ascending')).rows;
    expect(handled.map((r) => [r.question, r.status, r.knowledgeId])).toEqual([
      ['支持分期付款吗', 'created', created.knowledgeId],
      ['能开发票吗', 'created', entries.find((e) => e.question === '可以开发票吗')!.knowledgeId],
    ]);
  });

  it('validates like 添加问答 and refuses a question the agent already has, leaving the group pending', async () => {
    const { agentId } = await agentWith('新建校验客服', ['邮费怎么算']);
    const group = await groupOf(agentId, '邮费怎么算');
    const url = `/ai/agent/${agentId}/unknown/${group.unknownId}/create`;
    expect(await req('POST', url, {})).toEqual({ code: 500, msg: '答案不能为空' });
    expect(await req('POST', url, { answer: '答'.repeat(5001) })).toEqual({ code: 500, msg: '答案长度不能超过5000个字符' });
    expect(await req('POST', url, { answer: 'a', similarQuestions: ['问'.repeat(201)] })).toEqual({ code: 500, msg: '相似问法长度不能超过200个字符' });
    expect(await req('POST', url, { question: '运费怎么算', answer: 'a' })).toEqual({ code: 500, msg: "新增问题'运费怎么算'失败，问题已存在" });
    expect((await groupOf(agentId, '邮费怎么算')).status).toBe('pending');
  });
});

describe('ignore, restore and delete', () => {
  it('ignores a batch, restores it, deletes; refuses the whole batch when one group is not theirs or not in that status', async () => {
    const { agentId } = await agentWith('忽略客服', ['你是机器人吗', '今天天气怎么样', '讲个笑话']);
    const other = await agentWith('别家客服', ['你叫什么名字']);
    const ids = (await unknownList(agentId)).rows.map((r) => r.unknownId);
    const foreign = (await unknownList(other.agentId)).rows[0].unknownId;

    expect(await req('PUT', `/ai/agent/${agentId}/unknown/ignore`, { unknownIds: [ids[0], foreign] })).toEqual({ code: 500, msg: '未知问题不存在或已处理' });
    expect((await unknownList(agentId)).total).toBe(3);

    expect(await req('PUT', `/ai/agent/${agentId}/unknown/ignore`, { unknownIds: [ids[0], ids[1]] })).toEqual({ code: 200, msg: '操作成功' });
    const ignored = await unknownList(agentId, '?status=ignored');
    expect(ignored.rows.map((r) => r.unknownId).sort()).toEqual([ids[0], ids[1]].sort());
    expect(ignored.rows[0]).toMatchObject({ handledBy: 'admin', handledTime: '2026-04-01 12:00:00' });
    expect(await req('PUT', `/ai/agent/${agentId}/unknown/ignore`, { unknownIds: [ids[0]] })).toEqual({ code: 500, msg: '未知问题不存在或已处理' });

    expect(await req('PUT', `/ai/agent/${agentId}/unknown/restore`, { unknownIds: [ids[0], ids[2]] })).toEqual({ code: 500, msg: '未知问题不存在或未被忽略' });
    expect(await req('PUT', `/ai/agent/${agentId}/unknown/restore`, { unknownIds: [ids[0]] })).toEqual({ code: 200, msg: '操作成功' });
    expect((await groupOf(agentId, (await unknownList(agentId)).rows.find((r) => r.unknownId === ids[0])!.question))).toMatchObject({ handledBy: '', handledTime: null });

    expect(await req('PUT', `/ai/agent/${agentId}/unknown/ignore`, { unknownIds: [] })).toEqual({ code: 500, msg: '请选择未知问题' });
    expect(await req('PUT', `/ai/agent/${agentId}/unknown/ignore`, { unknownIds: ['x'] })).toEqual({ code: 500, msg: '未知问题编号不能为空' });

    expect(await req('DELETE', `/ai/agent/${agentId}/unknown/${ids[2]},${foreign}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await unknownList(agentId)).rows.map((r) => r.unknownId)).toEqual([ids[0]]);
    expect((await unknownList(other.agentId)).total).toBe(1);
    expect(await req('DELETE', `/ai/agent/${agentId}/unknown/${foreign}`)).toEqual({ code: 500, msg: '操作失败' });
  });
});

describe('permissions', () => {
  let permAgents = 0;
  it.each([
    ['GET', '/unknown/list', undefined],
    ['POST', '/unknown/1/attach', { knowledgeId: 1 }],
    ['POST', '/unknown/1/create', { answer: 'a' }],
    ['PUT', '/unknown/ignore', { unknownIds: [1] }],
    ['PUT', '/unknown/restore', { unknownIds: [1] }],
    ['DELETE', '/unknown/1', undefined],
  ] as const)('%s %s answers 403 without ai:agent:reply', async (method, path, body) => {
    const { agentId } = await agentWith(`权限客服${++permAgents}`, ['你好吗']);
    expect(await req(method, `/ai/agent/${agentId}${path}`, body, nobody)).toEqual(FORBIDDEN);
    expect((await unknownList(agentId)).total).toBe(1);
  });
});
