import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiConversation, aiMessage, crmCustomer, crmCustomerIdentity, crmFollowup, crmLead, crmLeadEvent, sysUser } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { createUser } from '../../system/user/support';
import { addConversation, addCustomer, addLead, addMessages, request } from './support';

let t: TestApp;
let admin: LoggedIn;
let staff: number;
let disabled: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  staff = await createUser(t, 'sales_a', 103);
  disabled = await createUser(t, 'sales_off', 103);
  await t.deps.database.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, disabled));
});

const db = () => t.deps.database.db;
const create = (payload: object) => request<{ data?: { customerId: number } }>(t, admin, 'POST', '/crm/customer', payload);
const edit = (payload: object) => request(t, admin, 'PUT', '/crm/customer', payload);
const customer = async (id: number) => (await db().select().from(crmCustomer).where(eq(crmCustomer.customerId, id)))[0];
const eventsOf = (id: number) => db().select().from(crmLeadEvent).where(eq(crmLeadEvent.customerId, id)).orderBy(crmLeadEvent.eventId);

describe('POST /crm/customer', () => {
  it.each([
    [{ phone: '12345' }, '请输入正确的手机号码'],
    [{ phone: '138****5678' }, '请输入正确的手机号码'],
    [{ wechat: '1abc' }, '请输入正确的微信号'],
    [{ name: '名'.repeat(51) }, '客户名称长度不能超过50个字符'],
    [{ name: '张三', tags: ['标'.repeat(21)] }, '标签长度不能超过20个字符'],
    [{ name: '张三', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, '标签不能超过20个'],
    [{ name: '张三', remark: '备'.repeat(501) }, '备注长度不能超过500个字符'],
    [{ name: '张三', stage: 'vip' }, '客户阶段只能是访客、线索或客户'],
    [{ name: '张三', ownerId: 'x' }, '负责人编号必须是数字'],
    [{ name: '张三', ownerId: 999999 }, '负责人不存在或已停用'],
    [{ name: '  ', phone: '', wechat: '' }, '请至少填写客户名称、手机号或微信号'],
  ])('refuses %o: %s', async (payload, msg) => {
    const before = await db().select().from(crmCustomer);
    expect(await create(payload)).toEqual({ code: 500, msg });
    expect(await db().select().from(crmCustomer)).toHaveLength(before.length);
  });

  it('refuses a disabled owner', async () => {
    expect(await create({ name: '赵', ownerId: disabled })).toEqual({ code: 500, msg: '负责人不存在或已停用' });
  });

  it('stores a manual customer: normalised phone, trimmed and distinct tags, stage lead when contact details are given', async () => {
    const body = await create({ name: ' 张三 ', phone: '+86 139-0000-1111', wechat: 'ZS_wechat', tags: [' VIP ', 'VIP', '', '北京'], ownerId: staff, remark: '展会' });
    expect(body.code).toBe(200);
    expect(await customer(body.data!.customerId)).toMatchObject({
      name: '张三',
      phone: '13900001111',
      wechat: 'ZS_wechat',
      tags: ['VIP', '北京'],
      ownerId: staff,
      remark: '展会',
      source: 'manual',
      stage: 'lead',
      createBy: 'admin',
    });
  });

  it('keeps a customer known by name only a visitor, and takes the stage given', async () => {
    const visitor = await create({ name: '只留名字' });
    expect(await customer(visitor.data!.customerId)).toMatchObject({ stage: 'visitor', phone: '', wechat: '' });
    const won = await create({ phone: '13900002222', stage: 'customer' });
    expect((await customer(won.data!.customerId)).stage).toBe('customer');
  });

  it('refuses a phone or WeChat id another customer has, naming that customer', async () => {
    const id = (await create({ name: '王重复', phone: '13900003333', wechat: 'dup_wechat' })).data!.customerId;
    expect(await create({ name: '新', phone: '139 0000 3333' })).toEqual({ code: 500, msg: `手机号13900003333已属于客户“王重复”（编号${id}）` });
    expect(await create({ name: '新', wechat: 'DUP_WeChat' })).toEqual({ code: 500, msg: `微信号DUP_WeChat已属于客户“王重复”（编号${id}）` });
  });
});

describe('PUT /crm/customer', () => {
  it('changes the fields given, keeps the absent ones and records what changed', async () => {
    const id = await addCustomer(t, { name: '钱七', phone: '13900004444', wechat: 'qian7_wx', tags: ['老客'], stage: 'visitor', remark: '旧' });
    expect(await edit({ customerId: id, name: '钱七七', phone: '13900005555', tags: ['老客', '意向强'], ownerId: staff, remark: '新' })).toEqual({
      code: 200,
      msg: '操作成功',
    });
    expect(await customer(id)).toMatchObject({ name: '钱七七', phone: '13900005555', wechat: 'qian7_wx', tags: ['老客', '意向强'], ownerId: staff, stage: 'lead', updateBy: 'admin' });
    const [event] = await eventsOf(id);
    expect(event).toMatchObject({ kind: 'edit', leadId: null, operatorId: 1, operatorName: 'admin', fromOwnerId: null, toOwnerId: staff });
    expect(event.reason).toBe(
      '编辑客户：姓名：钱七 → 钱七七；手机号：139****4444 → 139****5555；添加标签：意向强；负责人：（空） → sales_a；阶段：访客 → 线索；修改了备注',
    );
  });

  it('clears a field sent empty, and records nothing when nothing changed', async () => {
    const id = await addCustomer(t, { name: '孙八', wechat: 'sun8_wx', ownerId: staff });
    expect((await edit({ customerId: id, wechat: '', ownerId: null })).code).toBe(200);
    expect(await customer(id)).toMatchObject({ wechat: '', ownerId: null });
    expect((await edit({ customerId: id, name: '孙八' })).code).toBe(200);
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ fromOwnerId: staff, toOwnerId: null, reason: '编辑客户：微信号：sun8_wx → （空）；负责人：sales_a → （空）' });
  });

  it('refuses a number of another customer, but not the customer keeping its own', async () => {
    const other = await addCustomer(t, { name: '周九', phone: '13900006666' });
    const id = await addCustomer(t, { name: '吴十', phone: '13900007777' });
    expect(await edit({ customerId: id, phone: '13900006666' })).toEqual({ code: 500, msg: `手机号13900006666已属于客户“周九”（编号${other}）` });
    expect((await edit({ customerId: id, phone: '13900007777', name: '吴十一' })).code).toBe(200);
    expect((await customer(id)).phone).toBe('13900007777');
  });

  it.each([
    [{ name: '无编号' }, '客户编号不能为空'],
    [{ customerId: 999999, name: '不存在' }, '客户不存在'],
    [{ customerId: 100, phone: '1234' }, '请输入正确的手机号码'],
  ])('refuses %o', async (payload, msg) => {
    expect(await edit(payload)).toEqual({ code: 500, msg });
  });

  it('refuses a new owner who is disabled', async () => {
    const id = await addCustomer(t, { name: '郑' });
    expect(await edit({ customerId: id, ownerId: disabled })).toEqual({ code: 500, msg: '负责人不存在或已停用' });
    expect((await customer(id)).ownerId).toBeNull();
  });
});

describe('DELETE /crm/customer/{customerIds}', () => {
  it('refuses, for all of them, while one has a lead being worked', async () => {
    const done = await addCustomer(t, { name: '已成交' });
    await addLead(t, done, { status: 'converted' });
    const busy = await addCustomer(t, { name: '跟进中' });
    await addLead(t, busy, { status: 'assigned', ownerId: staff });
    expect(await request(t, admin, 'DELETE', `/crm/customer/${done},${busy}`)).toEqual({ code: 500, msg: '客户“跟进中”还有跟进中的线索，不能删除' });
    expect(await customer(done)).toBeDefined();
  });

  it('removes the customer with its identities and closed leads; its conversations keep their messages, unlinked', async () => {
    const id = await addCustomer(t, { name: '要删除' });
    await db().insert(crmCustomerIdentity).values({ platform: 'web', uid: 'visitor-deleted', customerId: id });
    const conversationId = await addConversation(t, id);
    await addMessages(t, conversationId, ['你好', '再见']);
    const leadId = await addLead(t, id, { status: 'invalid' });
    await db().insert(crmFollowup).values({ leadId, customerId: id, userId: 1, userName: 'admin', result: 'invalid', createTime: new Date(t.deps.now()) });
    await db().insert(crmLeadEvent).values({ leadId, customerId: id, kind: 'status', createTime: new Date(t.deps.now()) });

    expect(await request(t, admin, 'DELETE', `/crm/customer/${id}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await customer(id)).toBeUndefined();
    expect(await db().select().from(crmCustomerIdentity).where(eq(crmCustomerIdentity.customerId, id))).toEqual([]);
    expect(await db().select().from(crmLead).where(eq(crmLead.customerId, id))).toEqual([]);
    expect(await db().select().from(crmFollowup).where(eq(crmFollowup.customerId, id))).toEqual([]);
    expect(await eventsOf(id)).toEqual([]);
    const [conv] = await db().select().from(aiConversation).where(eq(aiConversation.conversationId, conversationId));
    expect(conv.customerId).toBeNull();
    expect(await db().select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId))).toHaveLength(2);
  });

  it('answers a failure when none of the customers exists', async () => {
    expect(await request(t, admin, 'DELETE', '/crm/customer/999998')).toEqual({ code: 500, msg: '操作失败' });
  });
});
