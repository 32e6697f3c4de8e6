import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { crmFollowup } from '../../../src/db/schema';
import type { TestApp } from '../../helpers/app';
import type { LoggedIn } from '../../helpers/login';
import { createUser } from '../../system/user/support';
import { customerRow, eventsOf, FORBIDDEN, leadRow, leadTestApp, leadUser, MONDAY_10AM, REP_MENUS, seedLead, type Requester, type Viewer } from './support';

const OK = { code: 200, msg: '操作成功' };

let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;
let nobody: LoggedIn;
let rep: Viewer;
let other: Viewer;
let req: Requester;

const PREFIX = 'fu';

beforeAll(async () => {
  ({ t, admin, ry, nobody, req } = await leadTestApp(PREFIX));
  rep = await leadUser(t, 'fu_rep', 105, { menus: REP_MENUS });
  other = await leadUser(t, 'fu_other', 105, { menus: REP_MENUS });
});

const followup = (leadId: number, body: object, who: LoggedIn = rep) => req('POST', `/crm/lead/${leadId}/followup`, body, who);
const mine = (status = 'assigned') => seedLead(t, { status, ownerId: rep.userId });

describe('POST /crm/lead/{leadId}/followup', () => {
  it('records the follow-up, its times, and moves an assigned lead to contacted', async () => {
    const { leadId, customerId } = await mine();
    expect(await followup(leadId, { result: 'contacted', note: '约了周三上门', nextContactTime: '2026-03-04 14:30:00' })).toEqual(OK);
    const [row] = await t.deps.database.db.select().from(crmFollowup).where(eq(crmFollowup.leadId, leadId));
    expect(row).toMatchObject({ customerId, userId: rep.userId, userName: 'fu_rep', result: 'contacted', note: '约了周三上门', nextContactTime: new Date('2026-03-04T06:30:00Z') });
    expect(await leadRow(t, leadId)).toMatchObject({ status: 'contacted', lastFollowupTime: new Date(MONDAY_10AM), nextContactTime: new Date('2026-03-04T06:30:00Z') });
    expect(await eventsOf(t, leadId)).toMatchObject([
      { kind: 'followup', fromStatus: 'assigned', toStatus: 'contacted', reason: '已沟通：约了周三上门', operatorId: rep.userId },
      { kind: 'status', fromStatus: 'assigned', toStatus: 'contacted', reason: '跟进结果：已沟通' },
    ]);
  });

  it.each([
    ['assigned', 'no_answer', 'assigned'],
    ['assigned', 'interested', 'contacted'],
    ['contacted', 'contacted', 'contacted'],
    ['contacted', 'no_answer', 'contacted'],
    ['assigned', 'invalid', 'invalid'],
    ['contacted', 'converted', 'converted'],
  ])('a %s lead with result %s becomes %s', async (from, result, to) => {
    const { leadId } = await mine(from);
    expect(await followup(leadId, { result })).toEqual(OK);
    expect((await leadRow(t, leadId)).status).toBe(to);
    const kinds = (await eventsOf(t, leadId)).map((e) => e.kind);
    expect(kinds).toEqual(from === to ? ['followup'] : ['followup', 'status']);
  });

  it('a converted follow-up makes the customer a 客户, and a converted lead takes no further moves', async () => {
    const { leadId, customerId } = await mine('contacted');
    expect(await followup(leadId, { result: 'converted', note: '签了一年' })).toEqual(OK);
    expect((await customerRow(t, customerId)).stage).toBe('customer');
    expect(await followup(leadId, { result: 'contacted' })).toEqual({ code: 500, msg: '线索状态不能从「已成交」变为「已联系」' });
    expect(await followup(leadId, { result: 'no_answer' })).toEqual({ code: 500, msg: '线索状态不能从「已成交」变为「已成交」' });
  });

  it.each([
    ['invalid', 'contacted', '线索状态不能从「无效」变为「已联系」'],
    ['duplicate', 'interested', '线索状态不能从「重复」变为「已联系」'],
  ])('refuses a %s lead a %s follow-up, recording nothing', async (status, result, msg) => {
    const { leadId } = await mine(status);
    expect(await followup(leadId, { result })).toEqual({ code: 500, msg });
    expect(await t.deps.database.db.select().from(crmFollowup).where(eq(crmFollowup.leadId, leadId))).toEqual([]);
    expect(await eventsOf(t, leadId)).toEqual([]);
  });

  it('asks for a pool lead to be claimed or assigned first', async () => {
    const { leadId } = await seedLead(t);
    expect(await followup(leadId, { result: 'contacted' })).toEqual({ code: 500, msg: '请先领取或分配线索' });
    expect(await followup(leadId, { result: 'contacted' }, admin)).toEqual({ code: 500, msg: '请先领取或分配线索' });
  });

  it('is for the owner, or someone who may assign leads', async () => {
    const { leadId } = await mine();
    expect(await followup(leadId, { result: 'contacted' }, other)).toEqual({ code: 500, msg: '只能操作自己负责的线索' });
    expect(await followup(leadId, { result: 'contacted', note: '主管代为跟进' }, admin)).toEqual(OK);
    expect((await leadRow(t, leadId)).ownerId).toBe(rep.userId);
  });

  it.each([
    [{ result: 'contacted', nextContactTime: '2026-03-02 09:59:00' }, '下次联系时间必须晚于当前时间'],
    [{ result: 'contacted', nextContactTime: '2026-02-30 10:00:00' }, '下次联系时间格式不正确'],
    [{ result: 'called' }, '请选择跟进结果'],
    [{ note: '没结果' }, '请选择跟进结果'],
    [{ result: 'contacted', note: '字'.repeat(1001) }, '跟进内容长度不能超过1000个字符'],
  ])('validates %o', async (body, msg) => {
    const { leadId } = await mine();
    expect(await followup(leadId, body)).toMatchObject({ code: 500, msg: expect.stringContaining(msg) });
    expect((await leadRow(t, leadId)).lastFollowupTime).toBeNull();
  });

  it('an empty next contact time clears it', async () => {
    const { leadId } = await mine();
    expect(await followup(leadId, { result: 'no_answer', nextContactTime: '2026-03-03 09:00' })).toEqual(OK);
    expect(await followup(leadId, { result: 'no_answer', nextContactTime: '' })).toEqual(OK);
    expect((await leadRow(t, leadId)).nextContactTime).toBeNull();
  });

  it('keeps to the data scope and the permission', async () => {
    const outsider = await createUser(t, 'fu_rd', 103);
    const { leadId } = await seedLead(t, { status: 'assigned', ownerId: outsider });
    expect(await followup(leadId, { result: 'contacted' }, ry)).toEqual({ code: 500, msg: '没有权限访问客户数据！' });
    expect(await followup(leadId, { result: 'contacted' }, nobody)).toEqual(FORBIDDEN);
    expect(await followup(999999, { result: 'contacted' }, admin)).toEqual({ code: 500, msg: '线索不存在' });
  });
});
