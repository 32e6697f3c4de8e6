import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { crmCustomer, crmDistributionRule, crmLead, crmLeadEvent, sysUser } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createAgent, visitor } from '../../ai/runtime/support';
import { addRule, captureNew, conversations, disableAllRules, leadsByIds, MINUTE, MONDAY_10AM, newLeads, ownerCounts, setRuleStatus, ruleEvents, salespeople } from './support';

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp({ startAt: MONDAY_10AM });
});

beforeEach(async () => {
  await disableAllRules(db());
});

const counts = async (leadIds: number[], userIds: number[]) => {
  const owners = await ownerCounts(db(), leadIds);
  return userIds.map((u) => owners.get(u) ?? 0);
};

describe('rule choice', () => {
  it('takes the first enabled rule by priority whose scope matches; an empty list matches anything', async () => {
    const [web, douyin, any, off] = await salespeople(db(), '网页组', '抖音组', '兜底', '停用规则');
    const agentId = await createAgent(t);
    await addRule(t, { priority: 1, status: '1', members: [{ userId: off }] });
    await addRule(t, { priority: 9, members: [{ userId: any }] });
    await addRule(t, { priority: 2, scope: { channels: ['douyin'] }, members: [{ userId: douyin }] });
    await addRule(t, { priority: 2, scope: { channels: ['web'], agentIds: [agentId], sources: ['chat'] }, members: [{ userId: web }] });

    const [fromAgent] = await newLeads(t, 1, { channel: 'web', agentId });
    const [fromDouyin] = await newLeads(t, 1, { channel: 'douyin', agentId });
    const [otherAgent] = await newLeads(t, 1, { channel: 'web', agentId: agentId + 1000 });
    const [boss] = await newLeads(t, 1, { channel: 'boss' });
    const owners = new Map((await leadsByIds(db(), [fromAgent, fromDouyin, otherAgent, boss])).map((l) => [l.leadId, l.ownerId]));
    expect([owners.get(fromAgent), owners.get(fromDouyin), owners.get(otherAgent), owners.get(boss)]).toEqual([web, douyin, any, any]);
  });

  it('between rules of one priority the older one wins', async () => {
    const [first, second] = await salespeople(db(), '先建', '后建');
    await addRule(t, { priority: 3, members: [{ userId: first }] });
    await addRule(t, { priority: 3, members: [{ userId: second }] });
    expect(await counts(await newLeads(t, 2), [first, second])).toEqual([2, 0]);
  });

  it('leaves the lead in the pool and records nothing when no rule matches', async () => {
    const [member] = await salespeople(db(), '只管抖音');
    await addRule(t, { scope: { channels: ['douyin'] }, members: [{ userId: member }] });
    const [leadId] = await newLeads(t, 1, { channel: 'web' });
    expect((await leadsByIds(db(), [leadId]))[0]).toMatchObject({ status: 'new', ownerId: null, ruleId: null });
    expect((await db().select().from(crmLeadEvent).where(eq(crmLeadEvent.leadId, leadId))).map((e) => e.kind)).toEqual(['capture']);
  });
});

describe('assignment', () => {
  it('sets owner, status, rule, times and the customer’s owner, and logs the reason', async () => {
    const [member] = await salespeople(db(), '张三');
    const ruleId = await addRule(t, { name: '售前组', method: 'weighted', firstContactMinutes: 30, members: [{ userId: member, dailyCap: 10 }] });
    const [leadId] = await newLeads(t, 1);
    const [lead] = await leadsByIds(db(), [leadId]);
    expect(lead).toMatchObject({ status: 'assigned', ownerId: member, ruleId, updateBy: 'system' });
    expect(lead.assignedTime?.getTime()).toBe(t.deps.now());
    expect(lead.firstContactDeadline?.getTime()).toBe(t.deps.now() + 30 * MINUTE);
    expect((await db().select().from(crmCustomer).where(eq(crmCustomer.customerId, lead.customerId)))[0].ownerId).toBe(member);
    const [event] = await ruleEvents(db(), ruleId);
    expect(event).toMatchObject({ kind: 'assign', leadId, fromStatus: 'new', toStatus: 'assigned', toOwnerId: member, operatorName: 'system', reason: '规则“售前组”，按权重分配：张三 今日 1/10' });
    expect((await db().select().from(crmDistributionRule).where(eq(crmDistributionRule.ruleId, ruleId)))[0].assignedCount).toBe(1);
  });

  it('gives no first-contact deadline when the rule has none, and keeps a customer’s existing owner', async () => {
    const [member, keeper] = await salespeople(db(), '新人', '老客户经理');
    await addRule(t, { members: [{ userId: member }] });
    const [conv] = await conversations(db(), 1, { now: t.deps.now() });
    const first = await captureNew(db(), conv, t.deps.now());
    const [lead] = await leadsByIds(db(), [first.leadId as number]);
    expect(lead).toMatchObject({ ownerId: member, firstContactDeadline: null });
    await db().update(crmCustomer).set({ ownerId: keeper }).where(eq(crmCustomer.customerId, first.customerId));
    await db().update(crmLead).set({ status: 'converted' }).where(eq(crmLead.leadId, lead.leadId));
    // The customer comes back with a new lead: it is assigned, the customer stays with their manager.
    const again = await captureNew(db(), { ...conv, customerId: first.customerId }, t.deps.now());
    expect(again).toMatchObject({ customerId: first.customerId, leadCreated: true });
    expect((await leadsByIds(db(), [again.leadId as number]))[0].ownerId).toBe(member);
    expect((await db().select().from(crmCustomer).where(eq(crmCustomer.customerId, first.customerId)))[0].ownerId).toBe(keeper);
  });

  it('a lead a customer gives in the real web chat is assigned at once', async () => {
    const [member] = await salespeople(db(), '在线销售');
    const agentId = await createAgent(t);
    const ruleId = await addRule(t, { scope: { channels: ['web'], agentIds: [agentId] }, members: [{ userId: member }] });
    const v = await visitor(t, agentId);
    expect((await v.send('我的手机是13912345678，请联系我')).code).toBe(200);
    const [lead] = await db().select().from(crmLead).where(eq(crmLead.conversationId, v.conversationId));
    expect(lead).toMatchObject({ phone: '13912345678', status: 'assigned', ownerId: member, ruleId });
  });
});

describe('methods', () => {
  it('round robin goes round the members in order, and on from the last one served', async () => {
    const users = await salespeople(db(), '甲', '乙', '丙');
    const ruleId = await addRule(t, { members: users.map((userId) => ({ userId })) });
    const first = await newLeads(t, 4);
    expect((await leadsByIds(db(), first)).map((l) => l.ownerId)).toEqual([users[0], users[1], users[2], users[0]]);
    // Off for a while, then on again: the rotation continues where it stopped.
    await setRuleStatus(db(), ruleId, '1');
    await setRuleStatus(db(), ruleId, '0');
    const later = await newLeads(t, 2);
    expect((await leadsByIds(db(), later)).map((l) => l.ownerId)).toEqual([users[1], users[2]]);
  });

  it('round robin skips a disabled member and a deactivated user, and counts differ by at most one', async () => {
    const [a, b, c, d] = await salespeople(db(), '甲一', '乙一', '丙一', '丁一');
    await addRule(t, { members: [{ userId: a }, { userId: b, enabled: false }, { userId: c }, { userId: d }] });
    await db().update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, d));
    expect(await counts(await newLeads(t, 7), [a, b, c, d])).toEqual([4, 0, 3, 0]);
  });

  it('weighted shares follow the weights exactly', async () => {
    const users = await salespeople(db(), '权1', '权2', '权3');
    await addRule(t, { method: 'weighted', members: users.map((userId, i) => ({ userId, weight: i + 1 })) });
    const leads = await newLeads(t, 12);
    expect(await counts(leads, users)).toEqual([2, 4, 6]);
    // Every prefix is within one lead of its share, not only the end.
    const owners = (await leadsByIds(db(), leads)).map((l) => l.ownerId);
    owners.forEach((_, i) => {
      users.forEach((u, k) => {
        const got = owners.slice(0, i + 1).filter((o) => o === u).length;
        expect(Math.abs(got - ((k + 1) * (i + 1)) / 6)).toBeLessThan(1);
      });
    });
  });

  it('least loaded gives the lead to whoever has the fewest open leads', async () => {
    const [busy, free] = await salespeople(db(), '忙碌', '空闲');
    await addRule(t, { method: 'least_loaded', members: [{ userId: busy }, { userId: free }] });
    const earlier = await newLeads(t, 2);
    await db().update(crmLead).set({ ownerId: busy, status: 'contacted' }).where(inArray(crmLead.leadId, earlier));
    const [closed] = await newLeads(t, 1);
    // A converted lead is no load.
    await db().update(crmLead).set({ status: 'converted' }).where(eq(crmLead.leadId, closed));
    const leads = await newLeads(t, 4);
    // free reaches busy's 2 open leads, then they alternate.
    expect((await leadsByIds(db(), leads)).map((l) => l.ownerId)).toEqual([free, free, busy, free]);
    const [event] = (await db().select().from(crmLeadEvent).where(eq(crmLeadEvent.leadId, leads[3])).orderBy(crmLeadEvent.eventId)).filter((e) => e.kind === 'assign');
    expect(event.reason).toMatch(/负载最少优先：空闲 今日 \d+，此前跟进中 2$/);
  });
});

describe('availability', () => {
  it('never exceeds a daily cap; once everyone is full the lead stays in the pool with the reason', async () => {
    const [a, b] = await salespeople(db(), '限二', '限三');
    const ruleId = await addRule(t, { name: '限额', members: [{ userId: a, dailyCap: 2 }, { userId: b, dailyCap: 3 }] });
    const leads = await newLeads(t, 7);
    expect(await counts(leads, [a, b])).toEqual([2, 3]);
    const pooled = (await leadsByIds(db(), leads)).filter((l) => l.ownerId === null);
    expect(pooled.map((l) => l.status)).toEqual(['new', 'new']);
    const events = (await ruleEvents(db(), ruleId)).filter((e) => e.leadId === pooled[0].leadId);
    expect(events).toMatchObject([{ kind: 'assign', toStatus: 'new', toOwnerId: null, reason: '规则“限额”，没有可分配的成员（限二 已达今日上限 2/2、限三 已达今日上限 3/3），线索留在公海' }]);
  });

  it('the cap counts from the start of the China day', async () => {
    const [member] = await salespeople(db(), '每日一条');
    await addRule(t, { members: [{ userId: member, dailyCap: 1 }] });
    expect(await counts(await newLeads(t, 2), [member])).toEqual([1]);
    // 10:00 → 23:59 is the same day; one minute later it is the next.
    t.advance(14 * 60 * MINUTE - MINUTE);
    expect(await counts(await newLeads(t, 1), [member])).toEqual([0]);
    t.advance(MINUTE);
    expect(await counts(await newLeads(t, 1), [member])).toEqual([1]);
    t.advance(-14 * 60 * MINUTE);
  });

  it('gives leads only to members within their working hours and not on a holiday', async () => {
    const [morning, tuesday, holiday, always] = await salespeople(db(), '上午班', '周二班', '休假', '全天');
    const ruleId = await addRule(t, {
      name: '排班',
      members: [
        { userId: morning, workHours: [{ day: 1, start: '09:00', end: '12:00' }] },
        { userId: tuesday, workHours: [{ day: 2, start: '00:00', end: '24:00' }] },
        { userId: holiday, holidays: ['2026-03-02'] },
        { userId: always },
      ],
    });
    expect(await counts(await newLeads(t, 4), [morning, tuesday, holiday, always])).toEqual([2, 0, 0, 2]);
    // 12:00 ends the morning shift (the end is exclusive).
    t.advance(2 * 60 * MINUTE);
    expect(await counts(await newLeads(t, 2), [morning, tuesday, holiday, always])).toEqual([0, 0, 0, 2]);
    t.advance(-2 * 60 * MINUTE);
    await db().update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, always));
    t.advance(3 * 60 * MINUTE);
    const [pooled] = await newLeads(t, 1);
    t.advance(-3 * 60 * MINUTE);
    const [event] = (await ruleEvents(db(), ruleId)).filter((e) => e.leadId === pooled);
    expect(event.reason).toBe('规则“排班”，没有可分配的成员（上午班 不在工作时间、周二班 不在工作时间、休假 休息日、全天 用户已停用或已删除），线索留在公海');
  });
});
