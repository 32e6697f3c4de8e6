import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crmDistributionRule, crmLead, crmLeadEvent } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs } from '../../helpers/login';
import type { Requester } from '../../ai/agent/support';
import { addRule, disableAllRules, MONDAY_10AM, newLeads, ownerCounts, requester, ruleBody, salespeople } from './support';

let t: TestApp;
let req: Requester;
const db = () => t.deps.database.db;

interface Simulation {
  ruleId: number | null;
  ruleName: string;
  method: string;
  ruleEnabled: boolean;
  scopeMatched: boolean;
  count: number;
  unassigned: number;
  members: { userId: number; nickName: string; wouldGet: number; todayBefore: number; cap: number; capReached: boolean; skippedReason?: string }[];
}

const simulate = async (body: object) => {
  const res = await req<{ data: Simulation }>('POST', '/crm/distribution/simulate', body);
  if (res.code !== 200) throw new Error(res.msg);
  return res.data;
};

/** Rows the simulator must never write. */
const footprint = async () => ({
  leads: (await db().select().from(crmLead)).length,
  events: (await db().select().from(crmLeadEvent)).length,
  rules: await db().select().from(crmDistributionRule).orderBy(crmDistributionRule.ruleId),
});

beforeAll(async () => {
  t = await createTestApp({ startAt: MONDAY_10AM });
  req = requester(t, await loginAs(t.app, 'admin', 'admin123'));
});

beforeEach(async () => {
  await disableAllRules(db());
});

describe('simulator', () => {
  it.each(['round_robin', 'weighted', 'least_loaded'])('%s: predicts what the engine then does, from today’s counts, writing nothing', async (method) => {
    const users = await salespeople(db(), `${method}甲`, `${method}乙`, `${method}丙`, `${method}丁`);
    const ruleId = await addRule(t, {
      method,
      members: [
        { userId: users[0], weight: 5, dailyCap: 6 },
        { userId: users[1], weight: 2 },
        { userId: users[2], weight: 3, workHours: [{ day: 2, start: '09:00', end: '18:00' }] },
        { userId: users[3], weight: 1, dailyCap: 20 },
      ],
    });
    // Some of today's leads already handed out, so the simulation starts mid-rotation.
    await newLeads(t, 3);
    const before = await footprint();
    const sim = await simulate({ ruleId, count: 17 });
    expect(await footprint()).toEqual(before);
    expect(sim).toMatchObject({ ruleId, method, ruleEnabled: true, scopeMatched: true, count: 17, unassigned: 0 });
    expect(sim.members[2]).toMatchObject({ wouldGet: 0, skippedReason: '不在工作时间' });
    expect(sim.members.reduce((n, m) => n + m.wouldGet, 0)).toBe(17);

    const leads = await newLeads(t, 17);
    const owners = await ownerCounts(db(), leads);
    expect(sim.members.map((m) => m.wouldGet)).toEqual(users.map((u) => owners.get(u) ?? 0));
    // The first member's cap of 6 is never passed.
    const first = sim.members[0];
    expect(first.todayBefore + first.wouldGet).toBeLessThanOrEqual(6);
  });

  it('shows caps: who is full before, who fills up, and how many leads would stay in the pool', async () => {
    const [a, b] = await salespeople(db(), '满了', '快满');
    const ruleId = await addRule(t, { name: '容量', members: [{ userId: a, dailyCap: 1 }, { userId: b, dailyCap: 3 }] });
    await newLeads(t, 2);
    const sim = await simulate({ ruleId, count: 5 });
    expect(sim).toMatchObject({ ruleName: '容量', unassigned: 3 });
    expect(sim.members).toEqual([
      { userId: a, nickName: '满了', weight: 1, wouldGet: 0, todayBefore: 1, cap: 1, capReached: true, skippedReason: '已达今日上限' },
      { userId: b, nickName: '快满', weight: 1, wouldGet: 2, todayBefore: 1, cap: 3, capReached: true },
    ]);
  });

  it('runs the rule being edited in the dialog, with the saved rule’s counts when it has an id', async () => {
    const [a, b] = await salespeople(db(), '编辑甲', '编辑乙');
    const ruleId = await addRule(t, { members: [{ userId: a }, { userId: b }] });
    await newLeads(t, 2);
    const unsaved = await simulate({ count: 4, rule: ruleBody({ method: 'weighted', members: [{ userId: a, weight: 3 }, { userId: b }] }) });
    expect(unsaved.ruleId).toBeNull();
    expect(unsaved.members.map((m) => [m.todayBefore, m.wouldGet])).toEqual([
      [0, 3],
      [0, 1],
    ]);
    const edited = await simulate({ count: 4, rule: ruleBody({ ruleId, method: 'weighted', members: [{ userId: a, weight: 3 }, { userId: b }] }) });
    // Today each already had one: of 6 in all, 3:1 is a share of 4.5 : 1.5, so 5 : 1.
    expect(edited.members.map((m) => [m.todayBefore, m.wouldGet])).toEqual([
      [1, 4],
      [1, 0],
    ]);
  });

  it('without a rule, runs the rule the engine would pick for the lead described', async () => {
    const [web, douyin] = await salespeople(db(), '网页', '抖音');
    const webRule = await addRule(t, { scope: { channels: ['web'] }, members: [{ userId: web }] });
    const douyinRule = await addRule(t, { scope: { channels: ['douyin'] }, members: [{ userId: douyin }] });
    expect((await simulate({ count: 2 })).ruleId).toBe(webRule);
    expect((await simulate({ count: 2, channel: 'douyin' })).ruleId).toBe(douyinRule);
    expect(await req('POST', '/crm/distribution/simulate', { count: 2, channel: 'boss' })).toEqual({ code: 500, msg: '没有匹配的启用规则，线索会留在公海' });
  });

  it('says when the lead described is outside the rule’s scope, or the rule is off', async () => {
    const [member] = await salespeople(db(), '范围外');
    const ruleId = await addRule(t, { status: '1', scope: { channels: ['douyin'], sources: ['chat'] }, members: [{ userId: member }] });
    const sim = await simulate({ ruleId, count: 3, channel: 'web' });
    expect(sim).toMatchObject({ ruleEnabled: false, scopeMatched: false, unassigned: 3, members: [{ userId: member, wouldGet: 0 }] });
    expect((await simulate({ ruleId, count: 3, source: 'chat' })).scopeMatched).toBe(true);
  });

  it.each([
    [{ count: 0 }, '模拟线索数必须是1到1000之间的整数'],
    [{ count: 1001 }, '模拟线索数必须是1到1000之间的整数'],
    [{}, '模拟线索数必须是1到1000之间的整数'],
    [{ count: 1, ruleId: 987654 }, '分配规则不存在'],
    [{ count: 1, channel: 'fax' }, '适用渠道只能是网页、抖音或BOSS直聘'],
    [{ count: 1, rule: { name: '', method: 'weighted', members: [] } }, '规则名称不能为空'],
  ])('validates %j → %s', async (body, msg) => {
    expect(await req('POST', '/crm/distribution/simulate', body)).toEqual({ code: 500, msg });
  });
});
