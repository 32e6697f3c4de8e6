import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CRM_CONFIG } from '@acs/shared';
import { crmCustomer, crmLead, sysOperLog, sysUser } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { postgresAvailable } from '../../helpers/db';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { eventually } from '../../common/support';
import { createUser } from '../../system/user/support';
import {
  customerRow,
  eventsOf,
  FORBIDDEN,
  HOUR,
  leadRow,
  leadTestApp,
  leadUser,
  MONDAY_10AM,
  REP_MENUS,
  requester,
  seedLead,
  setConfig,
  type Requester,
  type Viewer,
} from './support';

const OK = { code: 200, msg: '操作成功' };

let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;
let nobody: LoggedIn;
let manager: Viewer;
let rep: Viewer;
let rep2: Viewer;
let outsider: number;
let req: Requester;

const PREFIX = 'act';

beforeAll(async () => {
  ({ t, admin, ry, nobody, req } = await leadTestApp(PREFIX));
  manager = await leadUser(t, 'act_manager', 105);
  rep = await leadUser(t, 'act_rep', 105, { menus: REP_MENUS });
  rep2 = await leadUser(t, 'act_rep2', 101, { menus: REP_MENUS });
  // 研发部门 (103) is outside ry's custom data scope (100, 101, 105).
  outsider = await createUser(t, 'act_rd', 103);
});

const assign = (body: object, who: LoggedIn = admin) => req('PUT', '/crm/lead/assign', body, who);
const release = (body: object, who: LoggedIn = admin) => req('PUT', '/crm/lead/release', body, who);
const claim = (leadIds: number[], who: LoggedIn) => req('POST', '/crm/lead/claim', { leadIds }, who);
const setStatus = (body: object, who: LoggedIn = admin) => req('PUT', '/crm/lead/status', body, who);

describe('PUT /crm/lead/assign', () => {
  it('hands leads to a user by hand: owner, no rule or deadline, the customer adopted if unowned, logged with the reason', async () => {
    const a = await seedLead(t);
    const b = await seedLead(t);
    await t.deps.database.db.update(crmLead).set({ ruleId: 7, firstContactDeadline: new Date(MONDAY_10AM + HOUR) }).where(eq(crmLead.leadId, a.leadId));
    await t.deps.database.db.update(crmCustomer).set({ ownerId: manager.userId }).where(eq(crmCustomer.customerId, b.customerId));

    expect(await assign({ leadIds: [a.leadId, b.leadId], userId: rep.userId, reason: '大客户' })).toEqual(OK);

    expect(await leadRow(t, a.leadId)).toMatchObject({
      ownerId: rep.userId,
      status: 'assigned',
      assignedTime: new Date(MONDAY_10AM),
      ruleId: null,
      firstContactDeadline: null,
      updateBy: 'admin',
    });
    expect((await customerRow(t, a.customerId)).ownerId).toBe(rep.userId);
    expect((await customerRow(t, b.customerId)).ownerId).toBe(manager.userId);
    expect(await eventsOf(t, b.leadId)).toMatchObject([
      { kind: 'assign', fromStatus: 'new', toStatus: 'assigned', fromOwnerId: null, toOwnerId: rep.userId, reason: '手动分配：大客户', operatorId: 1, operatorName: '管理员' },
    ]);
    const log = await eventually(async () => {
      const [row] = await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '客户留资'), eq(sysOperLog.operUrl, '/prod-api/crm/lead/assign')));
      return row;
    });
    expect(log).toMatchObject({ businessType: 4, status: 0 });
  });

  it('reassigns an assigned or contacted lead', async () => {
    const a = await seedLead(t, { status: 'contacted', ownerId: rep.userId });
    expect(await assign({ leadIds: [a.leadId], userId: rep2.userId, reason: '换人跟进' })).toEqual(OK);
    expect(await leadRow(t, a.leadId)).toMatchObject({ ownerId: rep2.userId, status: 'assigned' });
    expect((await eventsOf(t, a.leadId))[0]).toMatchObject({ fromStatus: 'contacted', fromOwnerId: rep.userId, toOwnerId: rep2.userId });
  });

  it.each([
    ['converted', '线索状态不能从「已成交」变为「已分配」'],
    ['invalid', '线索状态不能从「无效」变为「已分配」'],
    ['duplicate', '线索状态不能从「重复」变为「已分配」'],
  ])('refuses a %s lead, changing none of the batch', async (status, msg) => {
    const fine = await seedLead(t);
    const closed = await seedLead(t, { status });
    expect(await assign({ leadIds: [fine.leadId, closed.leadId], userId: rep.userId, reason: '批量' })).toEqual({ code: 500, msg });
    expect(await leadRow(t, fine.leadId)).toMatchObject({ status: 'new', ownerId: null });
    expect(await eventsOf(t, fine.leadId)).toEqual([]);
  });

  it('refuses a disabled or missing user and a missing lead', async () => {
    const { leadId } = await seedLead(t);
    const disabled = await createUser(t, 'act_disabled', 105);
    await t.deps.database.db.update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, disabled));
    expect(await assign({ leadIds: [leadId], userId: disabled, reason: '试试' })).toEqual({ code: 500, msg: '负责人不存在或已停用' });
    expect(await assign({ leadIds: [leadId], userId: 999999, reason: '试试' })).toEqual({ code: 500, msg: '负责人不存在或已停用' });
    expect(await assign({ leadIds: [leadId, 999999], userId: rep.userId, reason: '试试' })).toEqual({ code: 500, msg: '线索不存在' });
    expect((await leadRow(t, leadId)).status).toBe('new');
  });

  it.each([
    [{ leadIds: [], userId: 2, reason: '原因' }, '请选择线索'],
    [{ leadIds: Array.from({ length: 501 }, (_, i) => i + 1), userId: 2, reason: '原因' }, '一次最多选择500条线索'],
    [{ leadIds: [1], reason: '原因' }, '请选择负责人'],
    [{ leadIds: [1], userId: 2, reason: ' ' }, '分配原因不能为空'],
    [{ leadIds: [1], userId: 2, reason: '因'.repeat(201) }, '分配原因长度不能超过200个字符'],
  ])('validates %o', async (body, msg) => {
    expect(await assign(body)).toMatchObject({ code: 500, msg: expect.stringContaining(msg) });
  });

  it('keeps to the data scope of ry: leads and assignees in scope only', async () => {
    const inScope = await seedLead(t);
    const owned = await seedLead(t, { status: 'assigned', ownerId: outsider });
    expect(await assign({ leadIds: [owned.leadId], userId: rep.userId, reason: '抢单' }, ry)).toEqual({ code: 500, msg: '没有权限访问客户数据！' });
    expect(await assign({ leadIds: [inScope.leadId], userId: outsider, reason: '给研发' }, ry)).toEqual({ code: 500, msg: '没有权限访问用户数据！' });
    expect(await assign({ leadIds: [inScope.leadId], userId: rep.userId, reason: '本组' }, ry)).toEqual(OK);
    expect((await leadRow(t, owned.leadId)).ownerId).toBe(outsider);
  });

  it('refuses users without crm:lead:assign', async () => {
    const { leadId } = await seedLead(t);
    expect(await assign({ leadIds: [leadId], userId: rep.userId, reason: '自己来' }, rep)).toEqual(FORBIDDEN);
    expect(await release({ leadIds: [leadId], reason: '不要了' }, rep)).toEqual(FORBIDDEN);
    expect(await assign({ leadIds: [leadId], userId: rep.userId, reason: '自己来' }, nobody)).toEqual(FORBIDDEN);
  });
});

describe('PUT /crm/lead/release', () => {
  it('returns leads to the pool without owner, rule or deadline', async () => {
    const { leadId } = await seedLead(t, { status: 'assigned', ownerId: rep.userId, firstContactDeadline: MONDAY_10AM + HOUR });
    expect(await release({ leadIds: [leadId], reason: '客户在外地' })).toEqual(OK);
    expect(await leadRow(t, leadId)).toMatchObject({ status: 'new', ownerId: null, assignedTime: null, firstContactDeadline: null, ruleId: null });
    expect(await eventsOf(t, leadId)).toMatchObject([{ kind: 'release', fromStatus: 'assigned', toStatus: 'new', fromOwnerId: rep.userId, toOwnerId: null, reason: '客户在外地' }]);
  });

  it('refuses a lead already in the pool and one out of scope', async () => {
    const pool = await seedLead(t);
    expect(await release({ leadIds: [pool.leadId], reason: '退回' })).toEqual({ code: 500, msg: '线索状态不能从「待分配」变为「待分配」' });
    const owned = await seedLead(t, { status: 'assigned', ownerId: outsider });
    expect(await release({ leadIds: [owned.leadId], reason: '退回' }, ry)).toEqual({ code: 500, msg: '没有权限访问客户数据！' });
    expect(await release({ leadIds: [owned.leadId] })).toMatchObject({ code: 500, msg: expect.stringContaining('退回原因不能为空') });
  });
});

describe('POST /crm/lead/claim', () => {
  it('makes pool leads the caller\'s, logged as claims', async () => {
    const { leadId, customerId } = await seedLead(t);
    expect(await claim([leadId], rep)).toEqual(OK);
    expect(await leadRow(t, leadId)).toMatchObject({ ownerId: rep.userId, status: 'assigned', assignedTime: new Date(MONDAY_10AM), ruleId: null });
    expect((await customerRow(t, customerId)).ownerId).toBe(rep.userId);
    expect(await eventsOf(t, leadId)).toMatchObject([{ kind: 'claim', fromStatus: 'new', toStatus: 'assigned', toOwnerId: rep.userId, operatorId: rep.userId, reason: '公海领取' }]);
  });

  it('refuses leads outside the pool', async () => {
    const taken = await seedLead(t, { status: 'assigned', ownerId: rep2.userId });
    expect(await claim([taken.leadId], rep)).toEqual({ code: 500, msg: '线索已被他人领取' });
    const mine = await seedLead(t, { status: 'assigned', ownerId: rep.userId });
    expect(await claim([mine.leadId], rep)).toEqual({ code: 500, msg: '线索已由您负责' });
    const invalid = await seedLead(t, { status: 'invalid' });
    expect(await claim([invalid.leadId], rep)).toEqual({ code: 500, msg: '线索状态不能从「无效」变为「已分配」' });
    expect(await claim([999999], rep)).toEqual({ code: 500, msg: '线索不存在' });
    expect(await claim(Array.from({ length: 51 }, (_, i) => i + 1), rep)).toMatchObject({ code: 500, msg: expect.stringContaining('一次最多选择50条线索') });
  });

  it('refuses users without crm:lead:claim', async () => {
    const { leadId } = await seedLead(t);
    const viewer = await leadUser(t, 'act_viewer', 105, { menus: [2100, 2102, 2120] });
    expect(await claim([leadId], viewer)).toEqual(FORBIDDEN);
    expect(await claim([leadId], nobody)).toEqual(FORBIDDEN);
  });
});

describe('PUT /crm/lead/status', () => {
  it('lets the owner mark a lead invalid, and someone who may assign reopen it to the pool', async () => {
    const { leadId } = await seedLead(t, { status: 'assigned', ownerId: rep.userId });
    expect(await setStatus({ leadId, status: 'invalid', reason: '空号' }, rep)).toEqual(OK);
    expect(await leadRow(t, leadId)).toMatchObject({ status: 'invalid', ownerId: rep.userId });
    expect(await setStatus({ leadId, status: 'new', reason: '号码其实有效' }, rep)).toEqual(OK);
    expect(await leadRow(t, leadId)).toMatchObject({ status: 'new', ownerId: null, assignedTime: null });
    expect(await eventsOf(t, leadId)).toMatchObject([
      { kind: 'status', fromStatus: 'assigned', toStatus: 'invalid', reason: '空号', fromOwnerId: rep.userId, toOwnerId: rep.userId },
      { kind: 'status', fromStatus: 'invalid', toStatus: 'new', reason: '号码其实有效', fromOwnerId: rep.userId, toOwnerId: null },
    ]);
  });

  it('converting makes the customer a 客户', async () => {
    const { leadId, customerId } = await seedLead(t, { status: 'contacted', ownerId: rep.userId });
    expect(await setStatus({ leadId, status: 'converted', reason: '已签约' }, rep)).toEqual(OK);
    expect((await customerRow(t, customerId)).stage).toBe('customer');
    expect(await setStatus({ leadId, status: 'invalid', reason: '反悔' })).toEqual({ code: 500, msg: '线索状态不能从「已成交」变为「无效」' });
  });

  it.each([
    ['new', 'contacted', '线索状态不能从「待分配」变为「已联系」'],
    ['new', 'converted', '线索状态不能从「待分配」变为「已成交」'],
    ['invalid', 'contacted', '线索状态不能从「无效」变为「已联系」'],
    ['duplicate', 'new', '线索状态不能从「重复」变为「待分配」'],
  ])('refuses %s → %s', async (from, to, msg) => {
    const { leadId } = await seedLead(t, { status: from });
    expect(await setStatus({ leadId, status: to, reason: '试试' })).toEqual({ code: 500, msg });
    expect((await leadRow(t, leadId)).status).toBe(from);
  });

  it('refuses other people\'s leads to a user who may not assign, the same status, and owners set by hand', async () => {
    const { leadId } = await seedLead(t, { status: 'assigned', ownerId: rep2.userId });
    expect(await setStatus({ leadId, status: 'invalid', reason: '不是我的' }, rep)).toEqual({ code: 500, msg: '只能操作自己负责的线索' });
    expect(await setStatus({ leadId, status: 'contacted', reason: '联系过' }, manager)).toEqual(OK);
    expect(await setStatus({ leadId, status: 'contacted', reason: '又联系' }, manager)).toEqual({ code: 500, msg: '线索状态没有变化' });
    expect(await setStatus({ leadId, status: 'assigned', reason: '分配' })).toMatchObject({ code: 500, msg: expect.stringContaining('线索状态只能改为待分配、已联系、已成交或无效') });
    expect(await setStatus({ leadId, status: 'invalid' })).toMatchObject({ code: 500, msg: expect.stringContaining('变更原因不能为空') });
  });

  it('keeps to the data scope and the permission', async () => {
    const { leadId } = await seedLead(t, { status: 'assigned', ownerId: outsider });
    expect(await setStatus({ leadId, status: 'invalid', reason: '无效' }, ry)).toEqual({ code: 500, msg: '没有权限访问客户数据！' });
    expect(await setStatus({ leadId, status: 'invalid', reason: '无效' }, nobody)).toEqual(FORBIDDEN);
  });
});

// After the others: it moves the clock past the sessions' expiry.
describe('the daily claim cap', () => {
  it('holds to the daily cap of crm.lead.claimDailyCap per China day', async () => {
    await setConfig(t, CRM_CONFIG.claimDailyCap.key, '2');
    try {
      const capped = await leadUser(t, 'act_capped', 105, { menus: REP_MENUS });
      const [a, b, c, d] = await Promise.all([seedLead(t), seedLead(t), seedLead(t), seedLead(t)]);
      expect(await claim([a.leadId], capped)).toEqual(OK);
      expect(await claim([b.leadId, c.leadId], capped)).toEqual({ code: 500, msg: '今日领取已达上限（2条），今日还可领取1条' });
      expect(await claim([b.leadId], capped)).toEqual(OK);
      expect(await claim([c.leadId], capped)).toEqual({ code: 500, msg: '今日领取已达上限（2条）' });
      expect(await leadRow(t, c.leadId)).toMatchObject({ status: 'new', ownerId: null });
      // Someone else's count is their own.
      expect(await claim([c.leadId], rep2)).toEqual(OK);

      // 14 hours on is the next China day (00:00 Tuesday): the count starts again.
      t.advance(14 * HOUR);
      const again = await loginAs(t.app, 'act_capped', 'admin123');
      expect(await claim([d.leadId], again)).toEqual(OK);
    } finally {
      await setConfig(t, CRM_CONFIG.claimDailyCap.key, String(CRM_CONFIG.claimDailyCap.default));
    }
  });

});

describe.each([['PGlite', false], ...(postgresAvailable ? [['PostgreSQL', true] as [string, boolean]] : [])] as [string, boolean][])(
  'two users claiming one lead at once (%s)',
  (_name, postgres) => {
    let app: TestApp;
    beforeAll(async () => {
      app = postgres ? await createTestApp({ postgres, startAt: MONDAY_10AM }) : t;
    });

    it('gives it to exactly one of them', async () => {
      const first = await leadUser(app, `race_a_${postgres}`, 105, { menus: REP_MENUS });
      const second = await leadUser(app, `race_b_${postgres}`, 105, { menus: REP_MENUS });
      const claimOn = requester(app, first);
      for (let round = 0; round < 5; round++) {
        const { leadId } = await seedLead(app);
        const results = await Promise.all([first, second].map((who) => claimOn('POST', '/crm/lead/claim', { leadIds: [leadId] }, who)));
        expect(results.map((r) => r.msg).sort()).toEqual(['操作成功', '线索已被他人领取']);
        const winner = results[0].code === 200 ? first : second;
        expect((await leadRow(app, leadId)).ownerId).toBe(winner.userId);
        expect((await eventsOf(app, leadId)).map((e) => [e.kind, e.toOwnerId])).toEqual([['claim', winner.userId]]);
      }
    });
  },
);
