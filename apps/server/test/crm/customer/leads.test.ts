import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildWorkbook } from '../../../src/core/list';
import { crmCustomer, crmLead, crmLeadEvent } from '../../../src/db/schema';
import { leadChannel } from '../../../src/modules/crm/notify/announce';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call, multipart } from '../../common/support';
import { addRule, disableAllRules, salespeople, setRuleStatus } from '../distribution/support';
import { addCustomer, API, request } from './support';

const TEMPLATE = ['客户名称', '手机号码', '微信号', '标签', '客户阶段', '负责人账号', '备注'];

let t: TestApp;
let admin: LoggedIn;
let manualRep: number;
let importRep: number;
let chatRep: number;
let owner: number;
let manualRule: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  [manualRep, importRep, chatRep, owner] = await salespeople(t.deps.database.db, '录入组', '导入组', '会话组', '指定人');
  await disableAllRules(t.deps.database.db);
  // First by priority, but only for chat leads: a staff-made lead must skip it.
  await addRule(t, { priority: 1, scope: { sources: ['chat'] }, members: [{ userId: chatRep }] });
  manualRule = await addRule(t, { priority: 2, scope: { channels: ['web'], sources: ['manual'] }, members: [{ userId: manualRep }] });
  await addRule(t, { priority: 3, scope: { sources: ['import'] }, members: [{ userId: importRep }] });
});

const db = () => t.deps.database.db;
const create = async (payload: object) => (await request<{ data: { customerId: number } }>(t, admin, 'POST', '/crm/customer', payload)).data.customerId;
const leadsOf = (customerIds: number[]) => db().select().from(crmLead).where(inArray(crmLead.customerId, customerIds)).orderBy(crmLead.leadId);
const eventsOf = (customerId: number) => db().select().from(crmLeadEvent).where(eq(crmLeadEvent.customerId, customerId)).orderBy(crmLeadEvent.eventId);
const idByPhone = async (phone: string) => (await db().select().from(crmCustomer).where(eq(crmCustomer.phone, phone)))[0].customerId;

/** The lead-assigned events each user's top bar hears while `act` runs. */
async function heard(userIds: number[], act: () => Promise<unknown>): Promise<Map<number, unknown[]>> {
  const events = new Map(userIds.map((id) => [id, [] as unknown[]]));
  const stops = userIds.map((id) => t.deps.pubsub.subscribe(leadChannel(id), (e) => events.get(id)?.push(e)));
  try {
    await act();
    await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    for (const stop of stops) stop();
  }
  return events;
}

async function upload(rows: (string | null)[][], updateSupport = false) {
  const data = await buildWorkbook('客户数据', TEMPLATE.map((header, i) => ({ header, value: (r: (string | null)[]) => r[i] ?? null })), rows);
  const form = await multipart([{ field: 'file', filename: 'customers.xlsx', data }]);
  return call(t.app, { method: 'POST', url: `${API}/crm/customer/importData?updateSupport=${updateSupport}`, headers: { ...admin.headers, ...form.headers }, payload: form.payload });
}

describe('POST /crm/customer: the new customer’s lead', () => {
  it('goes through the distribution rules as a 手工录入 lead and is announced to its new owner', async () => {
    let id = 0;
    const events = await heard([manualRep, chatRep], async () => {
      id = await create({ name: '录入甲', phone: '13600001111' });
    });
    const [lead] = await leadsOf([id]);
    expect(lead).toMatchObject({ source: 'manual', channel: 'web', conversationId: null, name: '录入甲', phone: '13600001111', status: 'assigned', ownerId: manualRep, ruleId: manualRule });
    expect(lead.fields).toEqual([
      { field: 'name', value: '录入甲', method: 'manual', evidence: '手工录入' },
      { field: 'phone', value: '13600001111', method: 'manual', evidence: '手工录入' },
    ]);
    expect((await eventsOf(id)).map((e) => [e.kind, e.toStatus, e.toOwnerId, e.ruleId])).toEqual([
      ['capture', 'new', null, null],
      ['assign', 'assigned', manualRep, manualRule],
    ]);
    expect((await eventsOf(id))[0].reason).toBe('手工录入');
    expect((await db().select().from(crmCustomer).where(eq(crmCustomer.customerId, id)))[0]).toMatchObject({ ownerId: manualRep, stage: 'lead' });
    expect(events.get(manualRep)).toMatchObject([{ type: 'lead-assigned', userId: manualRep, lead: { leadId: lead.leadId } }]);
    expect(events.get(chatRep)).toEqual([]);
  });

  it('goes straight to the owner named on the form, with the operator on its history', async () => {
    let id = 0;
    const events = await heard([owner, manualRep], async () => {
      id = await create({ name: '录入乙', wechat: 'lu_ru_yi', ownerId: owner });
    });
    const [lead] = await leadsOf([id]);
    expect(lead).toMatchObject({ source: 'manual', wechat: 'lu_ru_yi', status: 'assigned', ownerId: owner, ruleId: null, updateBy: 'admin' });
    expect(lead.assignedTime?.getTime()).toBe(t.deps.now());
    expect((await eventsOf(id)).at(-1)).toMatchObject({
      kind: 'assign',
      fromStatus: 'new',
      toStatus: 'assigned',
      toOwnerId: owner,
      ruleId: null,
      operatorName: 'admin',
      reason: '手动录入时指定负责人',
    });
    expect(events.get(owner)).toMatchObject([{ userId: owner, lead: { leadId: lead.leadId } }]);
    expect(events.get(manualRep)).toEqual([]);
  });

  it('is not made for a customer known by name only', async () => {
    const id = await create({ name: '只有名字' });
    expect(await leadsOf([id])).toEqual([]);
    expect(await eventsOf(id)).toEqual([]);
  });

  it('is not made for a customer entered as already won (stage 客户)', async () => {
    const id = await create({ name: '老客户', phone: '13600003333', stage: 'customer' });
    expect(await leadsOf([id])).toEqual([]);
  });

  it('stays in the pool when no rule takes 手工录入 leads', async () => {
    await setRuleStatus(db(), manualRule, '1');
    try {
      const id = await create({ name: '录入丙', phone: '13600002222' });
      expect(await leadsOf([id])).toMatchObject([{ source: 'manual', status: 'new', ownerId: null }]);
    } finally {
      await setRuleStatus(db(), manualRule, '0');
    }
  });
});

describe('POST /crm/customer/importData: the new customers’ leads', () => {
  it('gives each new row an 导入 lead through the rules, and an updated customer none', async () => {
    const known = await addCustomer(t, { name: '老客户', phone: '13600003333', stage: 'lead' });
    let report: unknown;
    const events = await heard([importRep], async () => {
      report = await upload(
        [
          ['导入甲', '13600004444', '', '', '', '', ''],
          ['导入乙', '', 'dao_ru_yi', '', '', '', ''],
          ['老客户', '13600003333', '', '新标签', '', '', ''],
        ],
        true,
      );
    });
    expect(report).toMatchObject({ code: 200 });
    const [first, second] = [await idByPhone('13600004444'), (await db().select().from(crmCustomer).where(eq(crmCustomer.wechat, 'dao_ru_yi')))[0].customerId];
    const leads = await leadsOf([first, second, known]);
    expect(leads.map((l) => [l.customerId, l.source, l.channel, l.status, l.ownerId])).toEqual([
      [first, 'import', 'web', 'assigned', importRep],
      [second, 'import', 'web', 'assigned', importRep],
    ]);
    expect((await eventsOf(first))[0]).toMatchObject({ kind: 'capture', reason: '导入' });
    expect(events.get(importRep)).toHaveLength(2);
  });

  it('leaves no lead behind when the import fails', async () => {
    expect(await upload([['导入丙', '13600005555', '', '', '', '', ''], ['坏行', '12345', '', '', '', '', '']])).toMatchObject({ code: 500 });
    expect(await db().select().from(crmLead).where(eq(crmLead.phone, '13600005555'))).toEqual([]);
  });
});
