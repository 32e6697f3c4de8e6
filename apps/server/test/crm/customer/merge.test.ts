import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { aiConversation, crmCustomer, crmCustomerIdentity, crmFollowup, crmLead, crmLeadEvent, sysUser } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { createUser } from '../../system/user/support';
import { addConversation, addCustomer, addLead, request } from './support';

let t: TestApp;
let admin: LoggedIn;
let alice: number;
let bob: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  alice = await createUser(t, 'm_alice', 103);
  bob = await createUser(t, 'm_bob', 103);
});

const db = () => t.deps.database.db;
const customer = async (id: number) => (await db().select().from(crmCustomer).where(eq(crmCustomer.customerId, id)))[0];
const eventsOf = (id: number) => db().select().from(crmLeadEvent).where(eq(crmLeadEvent.customerId, id)).orderBy(crmLeadEvent.eventId);
const merge = (payload: object) => request(t, admin, 'PUT', '/crm/customer/merge', payload);

/** A customer with an identity, a conversation, a closed lead with a follow-up and a history entry. */
async function customerWithHistory(values: Partial<typeof crmCustomer.$inferInsert>, uid: string) {
  const id = await addCustomer(t, values);
  await db().insert(crmCustomerIdentity).values({ platform: 'web', uid, customerId: id });
  const conversationId = await addConversation(t, id, uid);
  const leadId = await addLead(t, id, { status: 'converted' });
  await db().insert(crmFollowup).values({ leadId, customerId: id, userId: 1, userName: 'admin', result: 'converted', createTime: new Date(t.deps.now()) });
  await db().insert(crmLeadEvent).values({ leadId, customerId: id, kind: 'status', createTime: new Date(t.deps.now()) });
  return { id, conversationId, leadId };
}

describe('PUT /crm/customer/merge', () => {
  it('moves everything of the source to the target, takes the picked fields, unites tags and records the merge', async () => {
    const target = await customerWithHistory(
      { name: '目标', phone: '', wechat: 'target_wx', tags: ['VIP'], ownerId: alice, stage: 'lead', remark: '目标备注', firstSeenTime: new Date(2_000_000) },
      'merge-target',
    );
    const source = await customerWithHistory(
      { name: '来源', phone: '13700001111', wechat: 'source_wx', tags: ['VIP', '北京'], ownerId: bob, stage: 'customer', firstSeenTime: new Date(1_000_000) },
      'merge-source',
    );
    expect(await merge({ targetId: target.id, sourceId: source.id, pick: { ownerId: 'source', stage: 'source', wechat: 'target' } })).toEqual({ code: 200, msg: '操作成功' });

    expect(await customer(source.id)).toBeUndefined();
    expect(await customer(target.id)).toMatchObject({
      name: '目标',
      // Not picked and empty on the target: the source's.
      phone: '13700001111',
      wechat: 'target_wx',
      ownerId: bob,
      stage: 'customer',
      remark: '目标备注',
      tags: ['VIP', '北京'],
      firstSeenTime: new Date(1_000_000),
    });
    const identities = await db().select().from(crmCustomerIdentity).where(inArray(crmCustomerIdentity.uid, ['merge-target', 'merge-source']));
    expect(identities.map((i) => i.customerId)).toEqual([target.id, target.id]);
    const conversations = await db().select().from(aiConversation).where(inArray(aiConversation.conversationId, [target.conversationId, source.conversationId]));
    expect(conversations.map((c) => c.customerId)).toEqual([target.id, target.id]);
    expect((await db().select().from(crmLead).where(eq(crmLead.customerId, target.id))).map((l) => l.leadId).sort()).toEqual([target.leadId, source.leadId].sort());
    expect(await db().select().from(crmFollowup).where(eq(crmFollowup.customerId, target.id))).toHaveLength(2);
    const events = await eventsOf(target.id);
    expect(events.filter((e) => e.kind === 'status')).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({
      kind: 'merge',
      leadId: null,
      operatorName: 'admin',
      fromOwnerId: alice,
      toOwnerId: bob,
      reason: `将客户“来源”（编号${source.id}）合并到客户“目标”（编号${target.id}），采用被合并客户的手机号、负责人、阶段`,
    });
  });

  it.each([
    [{ targetId: 100, sourceId: 100 }, '不能将客户与自身合并'],
    [{ sourceId: 100 }, '目标客户不能为空'],
    [{ targetId: 100, sourceId: 101, pick: { name: 'both' } }, '合并字段只能取目标客户或源客户的值'],
    [{ targetId: 999998, sourceId: 999999 }, '客户不存在'],
  ])('refuses %o', async (payload, msg) => {
    expect(await merge(payload)).toEqual({ code: 500, msg });
  });

  it('refuses a merge whose tags would pass the limit', async () => {
    const a = await addCustomer(t, { name: '甲', tags: Array.from({ length: 15 }, (_, i) => `a${i}`) });
    const b = await addCustomer(t, { name: '乙', tags: Array.from({ length: 10 }, (_, i) => `b${i}`) });
    expect(await merge({ targetId: a, sourceId: b })).toEqual({ code: 500, msg: '合并后标签超过20个，请先移除部分标签' });
    expect(await customer(b)).toBeDefined();
  });

  it('is atomic: a failure at the last step leaves both customers as they were', async () => {
    const target = await customerWithHistory({ name: '原子目标' }, 'atomic-target');
    const source = await customerWithHistory({ name: '原子来源' }, 'atomic-source');
    // The source's deletion, which comes after everything has moved, fails.
    await db().execute(sql.raw(`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`));
    await db().execute(
      sql.raw(`create trigger refuse_source before delete on crm_customer for each row when (old.customer_id = ${source.id}) execute function refuse_delete()`),
    );
    try {
      expect(await merge({ targetId: target.id, sourceId: source.id })).toMatchObject({ code: 500 });
    } finally {
      await db().execute(sql.raw('drop trigger refuse_source on crm_customer'));
    }
    expect(await customer(source.id)).toMatchObject({ name: '原子来源' });
    const [identity] = await db().select().from(crmCustomerIdentity).where(eq(crmCustomerIdentity.uid, 'atomic-source'));
    expect(identity.customerId).toBe(source.id);
    const [conv] = await db().select().from(aiConversation).where(eq(aiConversation.conversationId, source.conversationId));
    expect(conv.customerId).toBe(source.id);
    expect((await db().select().from(crmLead).where(eq(crmLead.leadId, source.leadId)))[0].customerId).toBe(source.id);
    expect(await eventsOf(target.id)).toHaveLength(1);
  });
});

describe('PUT /crm/customer/tags', () => {
  it('adds tags to each customer, recording only those that changed', async () => {
    const a = await addCustomer(t, { name: '标签甲', tags: ['老客'] });
    const b = await addCustomer(t, { name: '标签乙', tags: ['VIP'] });
    expect(await request(t, admin, 'PUT', '/crm/customer/tags', { customerIds: [a, b], tags: [' VIP ', '展会'], mode: 'add' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await customer(a)).tags).toEqual(['老客', 'VIP', '展会']);
    expect((await customer(b)).tags).toEqual(['VIP', '展会']);
    expect((await eventsOf(a))[0]).toMatchObject({ kind: 'edit', operatorName: 'admin', reason: '批量添加标签：添加标签：VIP、展会' });
    expect((await eventsOf(b))[0].reason).toBe('批量添加标签：添加标签：展会');

    expect((await request(t, admin, 'PUT', '/crm/customer/tags', { customerIds: [a, b], tags: ['VIP'], mode: 'remove' })).code).toBe(200);
    expect((await customer(a)).tags).toEqual(['老客', '展会']);
    expect((await customer(b)).tags).toEqual(['展会']);
    expect((await eventsOf(b)).at(-1)?.reason).toBe('批量移除标签：移除标签：VIP');
  });

  it('changes none when one customer would pass the tag limit', async () => {
    const ok = await addCustomer(t, { name: '未满' });
    const full = await addCustomer(t, { name: '已满', tags: Array.from({ length: 20 }, (_, i) => `t${i}`) });
    expect(await request(t, admin, 'PUT', '/crm/customer/tags', { customerIds: [ok, full], tags: ['新'], mode: 'add' })).toEqual({
      code: 500,
      msg: `客户“已满”（编号${full}）的标签将超过20个`,
    });
    expect((await customer(ok)).tags).toEqual([]);
    expect(await eventsOf(ok)).toEqual([]);
  });

  it.each([
    [{ customerIds: [], tags: ['x'], mode: 'add' }, '请选择客户'],
    [{ customerIds: Array.from({ length: 501 }, (_, i) => i + 1), tags: ['x'], mode: 'add' }, '一次最多选择500个客户'],
    [{ customerIds: [1], tags: [' '], mode: 'add' }, '请填写标签'],
    [{ customerIds: [1], tags: ['x'], mode: 'set' }, '标签操作只能是添加或移除'],
  ])('refuses %o', async (payload, msg) => {
    expect(await request(t, admin, 'PUT', '/crm/customer/tags', payload)).toEqual({ code: 500, msg });
  });
});

describe('PUT /crm/customer/owner', () => {
  it('gives the customers to an owner and back to no one, each change in its history', async () => {
    const a = await addCustomer(t, { name: '归属甲', ownerId: alice });
    const b = await addCustomer(t, { name: '归属乙' });
    expect(await request(t, admin, 'PUT', '/crm/customer/owner', { customerIds: [a, b], ownerId: bob })).toEqual({ code: 200, msg: '操作成功' });
    expect([(await customer(a)).ownerId, (await customer(b)).ownerId]).toEqual([bob, bob]);
    expect((await eventsOf(a))[0]).toMatchObject({ kind: 'edit', fromOwnerId: alice, toOwnerId: bob, reason: '批量修改负责人：负责人：m_alice → m_bob' });
    expect((await eventsOf(b))[0]).toMatchObject({ fromOwnerId: null, toOwnerId: bob });

    expect((await request(t, admin, 'PUT', '/crm/customer/owner', { customerIds: [a], ownerId: null })).code).toBe(200);
    expect((await customer(a)).ownerId).toBeNull();
  });

  it('refuses an owner who cannot sign in', async () => {
    const off = await createUser(t, 'm_off', 103);
    await db().update(sysUser).set({ delFlag: '2' }).where(eq(sysUser.userId, off));
    const a = await addCustomer(t, { name: '归属丙' });
    expect(await request(t, admin, 'PUT', '/crm/customer/owner', { customerIds: [a], ownerId: off })).toEqual({ code: 500, msg: '负责人不存在或已停用' });
    expect(await request(t, admin, 'PUT', '/crm/customer/owner', { customerIds: [a] })).toEqual({ code: 500, msg: '负责人编号必须是数字' });
  });
});
