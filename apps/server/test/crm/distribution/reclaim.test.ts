import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { crmCustomer, crmLead, crmLeadEvent } from '../../../src/db/schema';
import { reclaimOverdue } from '../../../src/modules/crm/distribution/reclaim';
import { resolveInvokeTarget } from '../../../src/modules/monitor/scheduler/registry';
import { createTestApp, type TestApp } from '../../helpers/app';
import { addRule, disableAllRules, leadsByIds, MINUTE, MONDAY_10AM, newLeads, setRuleStatus, salespeople } from './support';

let t: TestApp;
const db = () => t.deps.database.db;

beforeAll(async () => {
  t = await createTestApp({ startAt: MONDAY_10AM });
});

beforeEach(async () => {
  await disableAllRules(db());
});

const reclaimEvents = (leadIds: number[]) =>
  db().select().from(crmLeadEvent).where(inArray(crmLeadEvent.leadId, leadIds)).orderBy(crmLeadEvent.eventId).then((rows) => rows.filter((e) => e.kind === 'reclaim'));
const customerOwner = async (customerId: number) => (await db().select().from(crmCustomer).where(eq(crmCustomer.customerId, customerId)))[0].ownerId;

// The app's own reclaim timer may run a pass at any moment of a long run: the tests assert what
// became of the leads, never how many a particular call reclaimed.
describe('reclaim', () => {
  it('returns a lead nobody followed up within the time to the pool; followed-up and contacted ones stay', async () => {
    const [member] = await salespeople(db(), '拖延者');
    const ruleId = await addRule(t, { name: '回收公海', reclaimMinutes: 30, firstContactMinutes: 10, members: [{ userId: member }] });
    const [idle, followed, contacted] = await newLeads(t, 3);
    await db().update(crmLead).set({ lastFollowupTime: new Date(t.deps.now()) }).where(eq(crmLead.leadId, followed));
    await db().update(crmLead).set({ status: 'contacted' }).where(eq(crmLead.leadId, contacted));

    t.advance(30 * MINUTE);
    await reclaimOverdue(t.deps);
    expect((await leadsByIds(db(), [idle]))[0].status).toBe('assigned');
    t.advance(MINUTE);
    await reclaimOverdue(t.deps);
    const [lead, kept, stillContacted] = await leadsByIds(db(), [idle, followed, contacted]);
    expect(lead).toMatchObject({ status: 'new', ownerId: null, assignedTime: null, firstContactDeadline: null, ruleId });
    expect(kept).toMatchObject({ status: 'assigned', ownerId: member });
    expect(stillContacted).toMatchObject({ status: 'contacted', ownerId: member });
    expect(await customerOwner(lead.customerId)).toBeNull();
    expect(await reclaimEvents([idle, followed, contacted])).toMatchObject([
      { leadId: idle, kind: 'reclaim', fromStatus: 'assigned', toStatus: 'new', fromOwnerId: member, toOwnerId: null, ruleId, operatorName: 'system', reason: '规则“回收公海”，拖延者 分配后30分钟未跟进，退回公海' },
    ]);
    // A pooled lead is not reclaimed again.
    t.advance(60 * MINUTE);
    await reclaimOverdue(t.deps);
    expect(await reclaimEvents([idle])).toHaveLength(1);
  });

  it('hands a lapsed lead to the next available member, who gets a fresh deadline and the customer', async () => {
    const [a, b, c] = await salespeople(db(), '甲', '乙', '丙');
    const ruleId = await addRule(t, { name: '转下一位', reclaimMinutes: 15, reclaimTo: 'next', firstContactMinutes: 10, members: [{ userId: a }, { userId: b }, { userId: c }] });
    const [leadId] = await newLeads(t, 1);
    const [before] = await leadsByIds(db(), [leadId]);
    expect(before.ownerId).toBe(a);

    t.advance(16 * MINUTE);
    await reclaimOverdue(t.deps);
    const [moved] = await leadsByIds(db(), [leadId]);
    expect(moved).toMatchObject({ status: 'assigned', ownerId: b, ruleId });
    expect(moved.assignedTime?.getTime()).toBe(t.deps.now());
    expect(moved.firstContactDeadline?.getTime()).toBe(t.deps.now() + 10 * MINUTE);
    expect(await customerOwner(moved.customerId)).toBe(b);

    t.advance(16 * MINUTE);
    await reclaimOverdue(t.deps);
    expect((await leadsByIds(db(), [leadId]))[0].ownerId).toBe(c);
    expect((await reclaimEvents([leadId])).map((e) => [e.fromOwnerId, e.toOwnerId, e.reason])).toEqual([
      [a, b, '规则“转下一位”，甲 分配后15分钟未跟进，转给下一位成员（轮流分配：乙 今日 1）'],
      [b, c, '规则“转下一位”，乙 分配后15分钟未跟进，转给下一位成员（轮流分配：丙 今日 1）'],
    ]);
    // Reclaimed hand-outs count for the rotation: the next new lead goes on after 丙.
    const [next] = await newLeads(t, 1);
    expect((await leadsByIds(db(), [next]))[0].ownerId).toBe(a);
  });

  it('returns the lead to the pool when no other member can take it', async () => {
    const [only, full] = await salespeople(db(), '独苗', '满额');
    await addRule(t, { name: '无人接手', reclaimMinutes: 5, reclaimTo: 'next', members: [{ userId: only }, { userId: full, dailyCap: 1, enabled: false }] });
    const [leadId] = await newLeads(t, 1);
    t.advance(6 * MINUTE);
    await reclaimOverdue(t.deps);
    expect((await leadsByIds(db(), [leadId]))[0]).toMatchObject({ status: 'new', ownerId: null });
    expect((await reclaimEvents([leadId]))[0].reason).toBe('规则“无人接手”，独苗 分配后5分钟未跟进，没有可分配的成员（独苗 当前负责人、满额 成员已停用），退回公海');
  });

  it('leaves leads of a rule switched off, or without a reclaim time, alone', async () => {
    const [member] = await salespeople(db(), '不回收');
    const offRule = await addRule(t, { reclaimMinutes: 5, members: [{ userId: member }] });
    const [ofOff] = await newLeads(t, 1);
    await setRuleStatus(db(), offRule, '1');
    await addRule(t, { reclaimMinutes: 0, members: [{ userId: member }] });
    const [ofNever] = await newLeads(t, 1);
    t.advance(24 * 60 * MINUTE);
    expect(await reclaimOverdue(t.deps)).toBe(0);
    expect((await leadsByIds(db(), [ofOff, ofNever])).map((l) => l.status)).toEqual(['assigned', 'assigned']);
    t.advance(-24 * 60 * MINUTE);
  });

  it('two passes at once reclaim each lead once', async () => {
    const [a, b] = await salespeople(db(), '并发甲', '并发乙');
    await addRule(t, { reclaimMinutes: 1, reclaimTo: 'next', members: [{ userId: a }, { userId: b }] });
    const leads = await newLeads(t, 6);
    t.advance(2 * MINUTE);
    await Promise.all([reclaimOverdue(t.deps), reclaimOverdue(t.deps)]);
    expect(await reclaimEvents(leads)).toHaveLength(6);
    expect(new Set((await reclaimEvents(leads)).map((e) => e.leadId)).size).toBe(6);
  });

  it('runs as the scheduled job crmTask.reclaimLeads', async () => {
    const [a] = await salespeople(db(), '定时');
    await addRule(t, { reclaimMinutes: 1, members: [{ userId: a }] });
    const [leadId] = await newLeads(t, 1);
    t.advance(2 * MINUTE);
    const target = resolveInvokeTarget('crmTask.reclaimLeads');
    if (!target.ok) throw new Error(target.reason);
    expect(await target.run(t.deps)).toMatch(/^回收线索\d+条$/);
    expect((await leadsByIds(db(), [leadId]))[0].status).toBe('new');
  });
});
