import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LeadStatus, MessageHit } from '@acs/shared';
import { aiConversation, aiStatDaily, crmCustomer, crmLead, crmLeadEvent, sysOperLog } from '../../../src/db/schema';
import { appendMessages, type NewMessage } from '../../../src/modules/ai/runtime/messages';
import { closeConversation, handoffMessages, takeover } from '../../../src/modules/ai/runtime/transitions';
import { rebuildDays, rollupPass } from '../../../src/modules/ai/csData/rollup';
import type { CsDataRow as Row } from '../../../src/modules/ai/csData/list';
import type { Metrics } from '../../../src/modules/ai/csData/rows';
import type { CsDataCharts } from '../../../src/modules/ai/csData/charts';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { exportSheet, userWithoutRoles } from '../../helpers/crud';
import { call, eventually } from '../../common/support';
import { API, createAgent } from '../runtime/support';

/**
 * A hand-built week: Monday 2 March 2026 (D1), Tuesday (D2), and Wednesday (D3, today, 10:00 in China).
 * Conversations, messages, handoffs and leads are written at their China times while the fake clock
 * walks forward, the handoffs and closes through the runtime's own transitions.
 */
const D1 = '2026-03-02';
const D2 = '2026-03-03';
const D3 = '2026-03-04';
const D4 = '2026-03-05';
const cn = (day: string, time: string) => Date.parse(`${day}T${time}+08:00`);

let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;
let nobody: LoggedIn;
let a1: number;
let a2: number;
let firstLead: number;
const db = () => t.deps.database.db;
const staff = { userId: 1, nickName: '若依' };

function moveTo(at: number) {
  const by = at - t.deps.now();
  if (by < 0) throw new Error('the fake clock only moves forward');
  t.advance(by);
}

let visitorSeq = 0;
async function conversation(agentId: number, channel: string, at: number): Promise<number> {
  moveTo(at);
  const [row] = await db()
    .insert(aiConversation)
    .values({ agentId, channel, visitorId: `v-${++visitorSeq}`, createTime: new Date(at) })
    .returning({ id: aiConversation.conversationId });
  return row.id;
}

async function say(conversationId: number, at: number, messages: NewMessage[], patch?: { status: string; handoffReason: string }) {
  moveTo(at);
  await appendMessages(db(), conversationId, messages, at, { patch });
}
const customer = (content = '你好'): NewMessage => ({ sender: 'customer', content });
const ai = (hit: MessageHit, promptTokens = 0, completionTokens = 0): NewMessage => ({ sender: 'ai', content: '答复', hit, promptTokens, completionTokens });

async function lead(agentId: number | null, channel: string, at: number, status: LeadStatus): Promise<number> {
  moveTo(at);
  const when = new Date(at);
  const [c] = await db()
    .insert(crmCustomer)
    .values({ source: channel, firstSeenTime: when, lastSeenTime: when })
    .returning({ id: crmCustomer.customerId });
  const [l] = await db()
    .insert(crmLead)
    .values({ customerId: c.id, agentId, channel, status, capturedTime: when, createTime: when })
    .returning({ id: crmLead.leadId });
  return l.id;
}

interface ListBody {
  rows: Row[];
  total: number;
  totals: Metrics;
}
interface ChartsBody {
  data: CsDataCharts;
}

const get = <T>(url: string, who: LoggedIn = admin) => call<T>(t.app, { method: 'GET', url: API + url, headers: who.headers });
const range = (from: string, to: string) => `params%5BbeginTime%5D=${from}&params%5BendTime%5D=${to}`;
const list = (query = range(D1, D3), who?: LoggedIn) => get<ListBody>(`/ai/csData/list?${query}`, who);
const key = (r: Row) => `${r.day} ${r.agentName} ${r.channel}`;

const ZERO = { conversations: 0, customerMessages: 0, aiReplies: 0, leads: 0, contacted: 0, converted: 0, handoffs: 0, aiResolved: 0, knowledgeHits: 0, tokens: 0 };

beforeAll(async () => {
  t = await createTestApp({ startAt: cn(D1, '08:00:00') });
  await userWithoutRoles(t, 'nocsdata');
  a1 = await createAgent(t, { name: '售前客服' });
  a2 = await createAgent(t, { name: '售后客服' });

  // D1. A page opened without a word, and a debug chat: neither counts.
  await conversation(a1, 'web', cn(D1, '08:30:00'));
  const debug = await conversation(a1, 'debug', cn(D1, '08:40:00'));
  await say(debug, cn(D1, '08:40:00'), [customer(), ai({ type: 'rule' }, 5, 5)]);

  // Answered in 0.5 s, then from a knowledge entry; a lead; closed by the AI's side: resolved.
  const c1 = await conversation(a1, 'web', cn(D1, '09:00:00'));
  await say(c1, cn(D1, '09:00:00'), [customer()]);
  await say(c1, cn(D1, '09:00:00.500'), [ai({ type: 'rule', id: 1 })]);
  await say(c1, cn(D1, '09:01:00'), [customer('价格')]);
  await say(c1, cn(D1, '09:01:02'), [ai({ type: 'knowledge', id: 7, score: 0.9 }, 10, 20)]);
  firstLead = await lead(a1, 'web', cn(D1, '09:01:02'), 'new');
  moveTo(cn(D1, '09:05:00'));
  await closeConversation(t.deps, c1);

  // Answered in 4 s by the fallback, which handed off; staff took over, replied and closed: not resolved by AI.
  const c2 = await conversation(a1, 'web', cn(D1, '10:00:00'));
  await say(c2, cn(D1, '10:00:00'), [customer('转人工')]);
  await say(c2, cn(D1, '10:00:04'), [ai({ type: 'fallback' }), ...handoffMessages('客户要求转人工')], { status: 'waiting', handoffReason: '客户要求转人工' });
  moveTo(cn(D1, '10:02:00'));
  await takeover(t.deps, c2, staff);
  await say(c2, cn(D1, '10:02:30'), [{ sender: 'staff', content: '您好', senderId: 1 }]);
  moveTo(cn(D1, '10:10:00'));
  await closeConversation(t.deps, c2);

  // A Douyin customer at 23:59 answered at 00:01 the next day: the conversation is D1's, the reply D2's.
  const c3 = await conversation(a1, 'douyin', cn(D1, '23:59:00'));
  await say(c3, cn(D1, '23:59:00'), [customer()]);
  await say(c3, cn(D2, '00:01:00'), [ai({ type: 'model', name: 'gpt' }, 100, 50)]);

  // D2, 00:01: staff take over at once and answer in 30 s.
  const c4 = await conversation(a2, 'web', cn(D2, '00:01:00'));
  await say(c4, cn(D2, '00:01:00'), [customer('我的手机13800001111')]);
  // Contacted once, invalid since: it still counts as contacted.
  const contactedOnce = await lead(a2, 'web', cn(D2, '00:01:00'), 'invalid');
  await db().insert(crmLeadEvent).values({ leadId: contactedOnce, customerId: 0, kind: 'status', fromStatus: 'assigned', toStatus: 'contacted', createTime: new Date(t.deps.now()) });
  moveTo(cn(D2, '00:01:10'));
  await takeover(t.deps, c4, staff);
  await say(c4, cn(D2, '00:01:30'), [{ sender: 'staff', content: '好的', senderId: 1 }]);
  await lead(a2, 'web', cn(D2, '12:00:00'), 'converted');
  // A duplicate of an open lead and a landing-page lead without an agent: not the agents' leads.
  await lead(a2, 'web', cn(D2, '12:30:00'), 'duplicate');
  await lead(null, 'web', cn(D2, '13:00:00'), 'new');

  // D3 (today): answered in 2 s.
  const c5 = await conversation(a1, 'web', cn(D3, '09:00:00'));
  await say(c5, cn(D3, '09:00:00'), [customer()]);
  await say(c5, cn(D3, '09:00:02'), [ai({ type: 'rule' })]);
  moveTo(cn(D3, '10:00:00'));
  await signIn();
});

/** Sessions expire after 30 idle minutes of the fake clock: everyone signs in again after it jumps. */
async function signIn() {
  admin = await loginAs(t.app, 'admin', 'admin123');
  ry = await loginAs(t.app, 'ry', 'admin123');
  nobody = await loginAs(t.app, 'nocsdata', 'admin123');
}

const EXPECTED: Record<string, Partial<Row>> = {
  [`${D3} 售前客服 web`]: { ...ZERO, conversations: 1, customerMessages: 1, aiReplies: 1, captureRate: 0, aiResolvedRate: 0, knowledgeHitRate: 0, firstResponseMedian: 2.5 },
  [`${D2} 售后客服 web`]: {
    ...ZERO,
    conversations: 1,
    customerMessages: 1,
    leads: 2,
    contacted: 2,
    converted: 1,
    handoffs: 1,
    captureRate: 2,
    aiResolvedRate: 0,
    knowledgeHitRate: null,
    firstResponseMedian: 45,
  },
  [`${D2} 售前客服 douyin`]: { ...ZERO, aiReplies: 1, tokens: 150, captureRate: null, aiResolvedRate: null, knowledgeHitRate: 0, firstResponseMedian: null },
  [`${D1} 售前客服 web`]: {
    ...ZERO,
    conversations: 2,
    customerMessages: 3,
    aiReplies: 3,
    knowledgeHits: 1,
    tokens: 30,
    leads: 1,
    handoffs: 1,
    aiResolved: 1,
    captureRate: 0.5,
    aiResolvedRate: 0.5,
    knowledgeHitRate: 0.3333,
    // 0.5 s and 4 s: the median falls at the top of the first bucket (0–1 s).
    firstResponseMedian: 1,
  },
  [`${D1} 售前客服 douyin`]: { ...ZERO, conversations: 1, customerMessages: 1, captureRate: 0, aiResolvedRate: 0, knowledgeHitRate: null, firstResponseMedian: 210 },
};

describe('客服数据 metrics', () => {
  it('counts each day × agent × channel from conversations, messages, handoffs and leads, newest day first', async () => {
    const body = await list();
    expect(body.code).toBe(200);
    expect(body.rows.map(key)).toEqual(Object.keys(EXPECTED));
    for (const row of body.rows) expect(row, key(row)).toMatchObject(EXPECTED[key(row)]);
    expect(body.rows[0]).toMatchObject({ agentId: a1, day: D3 });
  });

  it('puts a conversation at 23:59 China time on its day and one at 00:01 on the next, a reply on the day it was sent', async () => {
    const rows = (await list(range(D1, D1))).rows;
    expect(rows.find((r) => r.channel === 'douyin')).toMatchObject({ conversations: 1, customerMessages: 1, aiReplies: 0 });
    expect(rows.some((r) => r.agentId === a2)).toBe(false);
    const next = (await list(range(D2, D2))).rows;
    expect(next.find((r) => r.channel === 'douyin')).toMatchObject({ conversations: 0, aiReplies: 1 });
    expect(next.find((r) => r.agentId === a2)).toMatchObject({ conversations: 1 });
  });

  it('totals the whole filtered range, not the page, with the median of the summed histograms', async () => {
    const body = await list(`${range(D1, D3)}&pageNum=1&pageSize=2`);
    expect(body.rows).toHaveLength(2);
    expect(body.total).toBe(5);
    expect(body.totals).toEqual({
      conversations: 5,
      customerMessages: 6,
      aiReplies: 5,
      leads: 3,
      contacted: 2,
      converted: 1,
      handoffs: 2,
      aiResolved: 1,
      knowledgeHits: 1,
      tokens: 180,
      captureRate: 0.6,
      aiResolvedRate: 0.2,
      knowledgeHitRate: 0.2,
      // 0.5, 2, 4, 30 and 120 s: the third of five falls in the 3–5 s bucket.
      firstResponseMedian: 4,
    });
    expect((await list(`${range(D1, D3)}&pageNum=3&pageSize=2`)).rows.map(key)).toEqual([`${D1} 售前客服 douyin`]);
    // Past the end: the last page, as the other lists answer.
    const past = await list(`${range(D1, D3)}&pageNum=9&pageSize=2`);
    expect(past.rows.map(key)).toEqual([`${D1} 售前客服 douyin`]);
    expect(past.totals).toEqual(body.totals);
  });

  it('filters by agent, channel and days, and sorts by a metric or a rate', async () => {
    expect((await list(`${range(D1, D3)}&agentId=${a2}`)).rows.map(key)).toEqual([`${D2} 售后客服 web`]);
    expect((await list(`${range(D1, D3)}&channel=douyin`)).rows.map(key)).toEqual([`${D2} 售前客服 douyin`, `${D1} 售前客服 douyin`]);
    const d2 = await list(range(D2, D2));
    expect(d2.rows.map(key)).toEqual([`${D2} 售后客服 web`, `${D2} 售前客服 douyin`]);
    expect(d2.totals).toMatchObject({ conversations: 1, aiReplies: 1, leads: 2, tokens: 150 });
    expect((await list(`${range(D1, D3)}&orderByColumn=customerMessages&isAsc=descending`)).rows[0]).toMatchObject({ day: D1, channel: 'web' });
    // Rates of nothing sort last either way.
    const byRate = (await list(`${range(D1, D3)}&orderByColumn=captureRate&isAsc=ascending`)).rows.map((r) => r.captureRate);
    expect(byRate).toEqual([0, 0, 0.5, 2, null]);
    expect((await list(`${range(D1, D3)}&agentId=${a1}&channel=boss`)).rows).toEqual([]);
  });

  it('shows the last seven days up to today by default and never days after today', async () => {
    const charts = await get<ChartsBody>('/ai/csData/charts');
    expect(charts.data.trend.map((p) => p.day)).toEqual(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', D1, D2, D3]);
    const ahead = await get<ChartsBody>(`/ai/csData/charts?${range(D3, '2026-03-10')}`);
    expect(ahead.data.trend.map((p) => p.day)).toEqual([D3]);
    expect((await list(range(D3, D1))).rows).toEqual([]);
  });

  it('charts the trend per day, the split per channel and the lead funnel', async () => {
    const { data } = await get<ChartsBody>(`/ai/csData/charts?${range(D1, D3)}`);
    expect(data.trend).toEqual([
      { day: D1, conversations: 3, leads: 1, handoffs: 1, captureRate: 0.3333 },
      { day: D2, conversations: 1, leads: 2, handoffs: 1, captureRate: 2 },
      { day: D3, conversations: 1, leads: 0, handoffs: 0, captureRate: 0 },
    ]);
    expect(data.channels.map((c) => [c.channel, c.conversations, c.leads, c.tokens])).toEqual([
      ['web', 4, 3, 30],
      ['douyin', 1, 0, 150],
    ]);
    expect(data.funnel).toEqual([
      { stage: 'conversations', value: 5 },
      { stage: 'leads', value: 3 },
      { stage: 'contacted', value: 2 },
      { stage: 'converted', value: 1 },
    ]);
  });

  it('refuses a debug channel, an unknown sort column and an impossible day', async () => {
    expect(await list(`${range(D1, D3)}&channel=debug`)).toEqual({ code: 500, msg: '渠道只能是网页、抖音或BOSS直聘' });
    expect(await list(`${range(D1, D3)}&orderByColumn=firstResponseHist`)).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
    expect(await list(range('2026-02-30', D3))).toEqual({ code: 500, msg: '开始时间格式不正确' });
    expect(await list(`${range(D1, D3)}&agentId=abc`)).toEqual({ code: 500, msg: 'AI客服编号必须是正整数' });
  });
});

describe('客服数据 rollup', () => {
  it('stores past days equal to the live computation and leaves today live', async () => {
    const live = await list();
    expect(await rollupPass(t.deps)).toEqual({ from: D1, to: D2 });
    const stored = await db().select().from(aiStatDaily);
    expect(stored.map((s) => s.day).sort()).toEqual([D1, D1, D2, D2]);
    expect(await list()).toEqual(live);
    // Rebuilding a day again changes nothing.
    await rebuildDays(t.deps, { from: D1, to: D1 });
    expect(await list()).toEqual(live);
  });

  it('rebuilds the last days on the next pass, so a late follow-up reaches its day', async () => {
    await db().update(crmLead).set({ status: 'contacted' }).where(eq(crmLead.leadId, firstLead));
    const before = (await list(range(D1, D1))).rows.find((r) => r.channel === 'web');
    expect(before?.contacted).toBe(0);
    moveTo(cn(D4, '00:30:00'));
    await signIn();
    expect(await rollupPass(t.deps)).toEqual({ from: D1, to: D3 });
    expect((await list(range(D1, D1))).rows.find((r) => r.channel === 'web')?.contacted).toBe(1);
    const today = await list(range(D4, D4));
    expect(today.rows).toEqual([]);
    expect(await db().select().from(aiStatDaily).where(eq(aiStatDaily.day, D4))).toEqual([]);
    expect((await list(range(D3, D3))).rows.map(key)).toEqual([`${D3} 售前客服 web`]);
  });
});

describe('客服数据 export', () => {
  it('exports every row of the filters with Chinese headers and the totals row, and logs it', async () => {
    const { header, rows } = await exportSheet(t.app, `${API}/ai/csData/export`, admin.headers, { 'params[beginTime]': D1, 'params[endTime]': D3 });
    expect(header).toEqual([
      '日期',
      'AI客服',
      '渠道',
      '会话数',
      '客户消息数',
      'AI回复数',
      '留资数',
      '留资率',
      '已联系',
      '已成交',
      '转人工数',
      'AI解决数',
      'AI解决率',
      '首次响应中位数(秒)',
      '知识库命中数',
      '知识库命中率',
      '模型Tokens',
    ]);
    expect(rows).toHaveLength(6);
    expect(rows[3]).toMatchObject({ 日期: D1, AI客服: '售前客服', 渠道: '网页', 会话数: '2', 留资率: '50.00%', 知识库命中率: '33.33%', '首次响应中位数(秒)': '1' });
    expect(rows[5]).toMatchObject({ 日期: '合计', 会话数: '5', 留资数: '3', 留资率: '60.00%', 已联系: '3', 模型Tokens: '180' });
    await eventually(async () => (await db().select().from(sysOperLog).where(and(eq(sysOperLog.title, '客服数据'), eq(sysOperLog.businessType, 5)))).length > 0);
  });
});

describe('客服数据 access', () => {
  it('refuses users without the permissions', async () => {
    const FORBIDDEN = { code: 403, msg: '没有权限，请联系管理员授权' };
    expect(await list(range(D1, D3), nobody)).toEqual(FORBIDDEN);
    expect(await get('/ai/csData/charts', nobody)).toEqual(FORBIDDEN);
    expect(await get('/ai/csData/agents', nobody)).toEqual(FORBIDDEN);
    const res = await t.app.inject({ method: 'POST', url: `${API}/ai/csData/export`, headers: nobody.headers });
    expect(res.json()).toEqual(FORBIDDEN);
  });

  it("shows a role with a custom data scope only the agents whose owners it covers", async () => {
    const mine = await createAgent(t, { name: '测试部客服', createBy: 'ry' });
    const c = await conversation(mine, 'boss', cn(D4, '09:00:00'));
    await say(c, cn(D4, '09:00:00'), [customer()]);
    await signIn();
    const range14 = range(D1, D4);
    expect((await list(range14, ry)).rows.map(key)).toEqual([`${D4} 测试部客服 boss`]);
    expect((await list(range14, ry)).totals.conversations).toBe(1);
    expect((await get<{ data: { name: string }[] }>('/ai/csData/agents', ry)).data.map((a) => a.name)).toEqual(['测试部客服']);
    expect((await get<ChartsBody>(`/ai/csData/charts?${range14}&channel=web`, ry)).data.funnel[0]).toEqual({ stage: 'conversations', value: 0 });
    expect((await list(range14)).rows).toHaveLength(6);
    expect((await get<{ data: { name: string }[] }>('/ai/csData/agents')).data.map((a) => a.name)).toEqual(['售前客服', '售后客服', '测试部客服']);
  });
});
