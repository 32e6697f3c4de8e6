import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { crmApply, crmCustomer, crmCustomerIdentity, crmLead, crmLeadEvent } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { addRule, disableAllRules, salespeople } from '../distribution/support';
import { API, appliesOf, form, HOUR, MONDAY_10AM, submit } from './support';

/** The /home application form (POST /crm/apply/submit): anonymous, validated, rate limited, merged per phone. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ startAt: MONDAY_10AM });
  await disableAllRules(t.deps.database.db);
});

const db = () => t.deps.database.db;
const leadOf = async (leadId: number | null) => (await db().select().from(crmLead).where(eq(crmLead.leadId, leadId!)))[0];

describe('validation', () => {
  it.each<[Record<string, unknown>, string]>([
    [{ phone: '1234567' }, '请输入正确的手机号码'],
    [{ phone: '' }, '请输入正确的手机号码'],
    [{ consent: false }, '请阅读并同意隐私说明'],
    [{ consent: undefined }, '请阅读并同意隐私说明'],
    [{ name: '  ' }, '姓名不能为空'],
    [{ name: '名'.repeat(51) }, '姓名长度不能超过50个字符'],
    [{ company: '公'.repeat(101) }, '公司名称长度不能超过100个字符'],
    [{ need: '需'.repeat(501) }, '需求描述长度不能超过500个字符'],
  ])('refuses %j with “%s” and stores nothing', async (values, msg) => {
    const before = (await db().select().from(crmApply)).length;
    expect(await submit(t, form({ phone: '13700009999', ...values }))).toEqual({ code: 500, msg });
    expect(await db().select().from(crmApply)).toHaveLength(before);
    expect(await db().select().from(crmCustomer).where(eq(crmCustomer.phone, '13700009999'))).toHaveLength(0);
  });

  it('refuses a body larger than a form could be', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/crm/apply/submit`, payload: form({ need: 'x'.repeat(9000) }), remoteAddress: '10.200.0.1' });
    expect(res.json()).toEqual({ code: 500, msg: '请求数据过大，最大允许8KB' });
  });
});

describe('an application', () => {
  it('stores the record, a customer (source apply) and a new lead with source apply on channel web', async () => {
    expect(await submit(t, form({ phone: '+86 139-0000-0001', name: ' 王小明 ' }))).toEqual({ code: 200, msg: '操作成功' });
    const [apply] = await appliesOf(t, '13900000001');
    expect(apply).toMatchObject({ name: '王小明', company: '星河科技', status: 'new', repeatCount: 0, consent: true, userAgent: 'vitest-phone' });
    const [customer] = await db().select().from(crmCustomer).where(eq(crmCustomer.customerId, apply.customerId!));
    expect(customer).toMatchObject({ name: '王小明', phone: '13900000001', source: 'apply', stage: 'lead' });
    const identities = await db().select().from(crmCustomerIdentity).where(eq(crmCustomerIdentity.customerId, customer.customerId));
    expect(identities).toEqual([{ platform: 'apply', uid: '13900000001', customerId: customer.customerId }]);
    const lead = await leadOf(apply.leadId);
    expect(lead).toMatchObject({ source: 'apply', channel: 'web', status: 'new', conversationId: null, agentId: null, ownerId: null, phone: '13900000001' });
    const events = await db().select().from(crmLeadEvent).where(eq(crmLeadEvent.leadId, lead.leadId));
    expect(events.map((e) => [e.kind, e.reason])).toEqual([['capture', '官网申请']]);
  });

  it('merges the same phone within 24 hours into one record, and starts a new one after', async () => {
    const phone = '13900000002';
    await submit(t, form({ phone, name: '赵一', company: '' }));
    t.advance(23 * HOUR);
    await submit(t, form({ phone, name: '赵一一', company: '新公司', need: '第二次' }));
    let records = await appliesOf(t, phone);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ name: '赵一一', company: '新公司', need: '第二次', repeatCount: 1 });
    expect(records[0].lastApplyTime.getTime()).toBe(t.deps.now());
    expect(records[0].createTime.getTime()).toBe(t.deps.now() - 23 * HOUR);
    // Both went into one lead: the second capture found the customer's open application lead.
    const leads = await db().select().from(crmLead).where(eq(crmLead.customerId, records[0].customerId!));
    expect(leads).toHaveLength(1);

    // The window runs from the last application.
    t.advance(23 * HOUR);
    await submit(t, form({ phone }));
    expect((await appliesOf(t, phone)).map((r) => r.repeatCount)).toEqual([2]);
    t.advance(25 * HOUR);
    await submit(t, form({ phone }));
    records = await appliesOf(t, phone);
    expect(records.map((r) => r.repeatCount).sort()).toEqual([0, 2]);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    expect(await submit(t, form({ phone: '13900000003', website: 'http://spam.example' }))).toEqual({ code: 200, msg: '操作成功' });
    expect(await appliesOf(t, '13900000003')).toHaveLength(0);
    expect(await db().select().from(crmCustomer).where(eq(crmCustomer.phone, '13900000003'))).toHaveLength(0);
  });

  it('refuses the sixth submission from one address within 10 minutes, other addresses go on', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 5; i++) expect(await submit(t, form({ phone: `1390000010${i}` }), ip)).toMatchObject({ code: 200 });
    expect(await submit(t, form({ phone: '13900000109' }), ip)).toEqual({ code: 500, msg: '操作过于频繁，请稍后再试' });
    expect(await appliesOf(t, '13900000109')).toHaveLength(0);
    expect(await submit(t, form({ phone: '13900000109' }), '10.77.0.2')).toMatchObject({ code: 200 });
    t.advance(10 * 60_000);
    expect(await submit(t, form({ phone: '13900000108' }), ip)).toMatchObject({ code: 200 });
  });

  it('is handed out by the distribution rules like a chat lead (a rule scoped to applications)', async () => {
    const [sales] = await salespeople(db(), '官网销售');
    const ruleId = await addRule(t, { scope: { sources: ['apply'] }, members: [{ userId: sales }] });
    await submit(t, form({ phone: '13900000004' }));
    const [apply] = await appliesOf(t, '13900000004');
    expect(await leadOf(apply.leadId)).toMatchObject({ status: 'assigned', ownerId: sales, ruleId, source: 'apply' });
    const kinds = await db().select().from(crmLeadEvent).where(eq(crmLeadEvent.leadId, apply.leadId!));
    expect(kinds.map((e) => e.kind)).toEqual(['capture', 'assign']);
    await disableAllRules(db());
  });

  it('files an application of a customer the chat already knows under that customer', async () => {
    const [existing] = await db()
      .insert(crmCustomer)
      .values({ name: '老客户', phone: '13900000005', source: 'web', stage: 'lead', firstSeenTime: new Date(MONDAY_10AM), lastSeenTime: new Date(MONDAY_10AM), createTime: new Date(MONDAY_10AM) })
      .returning();
    await submit(t, form({ phone: '13900000005', name: '新名字' }));
    const [apply] = await appliesOf(t, '13900000005');
    expect(apply.customerId).toBe(existing.customerId);
    // The name the customer was known by stays; the record keeps what was typed.
    expect((await db().select().from(crmCustomer).where(eq(crmCustomer.customerId, existing.customerId)))[0].name).toBe('老客户');
    expect(apply.name).toBe('新名字');
    expect((await db().select().from(crmApply).where(eq(crmApply.customerId, existing.customerId))).length).toBe(1);
  });
});
