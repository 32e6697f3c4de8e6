import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { crmDistributionMember, crmDistributionRule, sysOperLog, sysUser } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { userWithoutRoles } from '../../helpers/crud';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { eventually } from '../../common/support';
import type { Requester } from '../../ai/agent/support';
import { addRule, disableAllRules, FORBIDDEN, MONDAY_10AM, newLeads, requester, ruleBody, salespeople } from './support';

let t: TestApp;
let req: Requester;
let nobody: LoggedIn;
let ry: LoggedIn;
let alice: number;
let bob: number;
const db = () => t.deps.database.db;

interface RuleDetail {
  ruleId: number;
  name: string;
  priority: number;
  scope: { channels: string[]; agentIds: number[]; sources: string[] };
  method: string;
  firstContactMinutes: number;
  reclaimMinutes: number;
  reclaimTo: string;
  status: string;
  members: { userId: number; nickName: string; userName: string; deptName: string; userStatus: string; weight: number; dailyCap: number; sort: number; todayCount: number; holidays: string[] }[];
}

beforeAll(async () => {
  t = await createTestApp({ startAt: MONDAY_10AM });
  const admin = await loginAs(t.app, 'admin', 'admin123');
  req = requester(t, admin);
  nobody = await userWithoutRoles(t, 'nodist');
  ry = await loginAs(t.app, 'ry', 'admin123');
  [alice, bob] = await salespeople(db(), '爱丽丝', '鲍勃');
});

describe('distribution rules', () => {
  it('adds, reads with members, lists with filters, edits, switches off and deletes a rule', async () => {
    const ruleId = await addRule(t, {
      name: '售前组',
      priority: 5,
      method: 'weighted',
      scope: { channels: ['web', 'web'], sources: ['chat'] },
      firstContactMinutes: 30,
      reclaimMinutes: 120,
      reclaimTo: 'next',
      members: [
        { userId: bob, weight: 3, dailyCap: 10, holidays: ['2026-05-01', '2026-01-01', '2026-05-01'] },
        { userId: alice, workHours: [{ day: 1, start: '09:00', end: '18:00' }] },
      ],
    });
    const got = await req<{ data: RuleDetail }>('GET', `/crm/distribution/${ruleId}`);
    expect(got.data).toMatchObject({
      name: '售前组',
      priority: 5,
      method: 'weighted',
      scope: { channels: ['web'], agentIds: [], sources: ['chat'] },
      firstContactMinutes: 30,
      reclaimMinutes: 120,
      reclaimTo: 'next',
      status: '0',
    });
    // Members keep the order given, with their user, department and today's count.
    expect(got.data.members).toMatchObject([
      { userId: bob, nickName: '鲍勃', deptName: '测试部门', userStatus: '0', weight: 3, dailyCap: 10, sort: 0, todayCount: 0, holidays: ['2026-01-01', '2026-05-01'] },
      { userId: alice, nickName: '爱丽丝', weight: 1, dailyCap: 0, sort: 1, todayCount: 0 },
    ]);

    const list = await req<{ rows: { ruleId: number; members: { nickName: string }[]; todayAssigned: number }[]; total: number }>(
      'GET',
      `/crm/distribution/list?name=${encodeURIComponent('售前')}&method=weighted&status=0`,
    );
    expect(list.total).toBe(1);
    expect(list.rows[0]).toMatchObject({ ruleId, members: [{ nickName: '鲍勃' }, { nickName: '爱丽丝' }], todayAssigned: 0 });
    expect((await req<{ total: number }>('GET', '/crm/distribution/list?method=least_loaded&name=' + encodeURIComponent('售前'))).total).toBe(0);

    expect(await req('PUT', '/crm/distribution', ruleBody({ ruleId, name: '售前一组', method: 'least_loaded', members: [{ userId: alice }] }))).toEqual({ code: 200, msg: '操作成功' });
    const edited = await req<{ data: RuleDetail }>('GET', `/crm/distribution/${ruleId}`);
    expect(edited.data).toMatchObject({ name: '售前一组', method: 'least_loaded', priority: 0, reclaimMinutes: 0, reclaimTo: 'pool', scope: { channels: [], agentIds: [], sources: [] } });
    expect(edited.data.members.map((m) => m.userId)).toEqual([alice]);

    expect(await req('PUT', '/crm/distribution/changeStatus', { ruleId, status: '1' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await db().select().from(crmDistributionRule).where(eq(crmDistributionRule.ruleId, ruleId)))[0]).toMatchObject({ status: '1', updateBy: 'admin' });

    expect(await req('DELETE', `/crm/distribution/${ruleId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await req('GET', `/crm/distribution/${ruleId}`)).toEqual({ code: 500, msg: '分配规则不存在' });
    expect(await db().select().from(crmDistributionMember).where(eq(crmDistributionMember.ruleId, ruleId))).toEqual([]);
    await eventually(async () => {
      const logs = await db().select().from(sysOperLog).where(and(eq(sysOperLog.title, '员工分配'), eq(sysOperLog.businessType, 3)));
      return logs.length > 0;
    });
  });

  it('refuses a second rule of the same name, on add and on edit', async () => {
    const first = await addRule(t, { name: '重名规则', members: [{ userId: alice }] });
    expect(await req('POST', '/crm/distribution', ruleBody({ name: '重名规则', members: [{ userId: bob }] }))).toEqual({ code: 500, msg: "新增规则'重名规则'失败，规则名称已存在" });
    const second = await addRule(t, { name: '另一规则', members: [{ userId: bob }] });
    expect(await req('PUT', '/crm/distribution', ruleBody({ ruleId: second, name: '重名规则', members: [{ userId: bob }] }))).toEqual({
      code: 500,
      msg: "修改规则'重名规则'失败，规则名称已存在",
    });
    // Saving a rule under its own name is no clash.
    expect(await req('PUT', '/crm/distribution', ruleBody({ ruleId: first, name: '重名规则', members: [{ userId: bob }] }))).toMatchObject({ code: 200 });
    expect(await req('PUT', '/crm/distribution', ruleBody({ ruleId: 987654, members: [{ userId: bob }] }))).toEqual({ code: 500, msg: '分配规则不存在' });
    expect(await req('PUT', '/crm/distribution/changeStatus', { ruleId: 987654, status: '0' })).toEqual({ code: 500, msg: '分配规则不存在' });
  });

  it('refuses members who are not active users', async () => {
    const [gone, off] = await salespeople(db(), '离职者', '停用者');
    await db().update(sysUser).set({ delFlag: '2' }).where(eq(sysUser.userId, gone));
    await db().update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, off));
    expect(await req('POST', '/crm/distribution', ruleBody({ members: [{ userId: alice }, { userId: off }] }))).toEqual({ code: 500, msg: "成员'停用者'已停用，不能加入分配规则" });
    expect(await req('POST', '/crm/distribution', ruleBody({ members: [{ userId: gone }] }))).toEqual({ code: 500, msg: `成员用户（编号${gone}）不存在` });
    expect(await req('POST', '/crm/distribution', ruleBody({ members: [{ userId: 987654 }] }))).toEqual({ code: 500, msg: '成员用户（编号987654）不存在' });
  });

  const name51 = '规'.repeat(51);
  it.each(
    (
      [
        [{ name: '' }, '规则名称不能为空'],
        [{ name: '  ' }, '规则名称不能为空'],
        [{ name: name51 }, '规则名称长度不能超过50个字符'],
        [{ method: 'random' }, '分配方式只能是轮流分配、按权重分配或负载最少优先'],
        [{ method: undefined }, '分配方式只能是轮流分配、按权重分配或负载最少优先'],
        [{ priority: 1.5 }, '优先级必须是0到9999之间的整数'],
        [{ priority: -1 }, '优先级必须是0到9999之间的整数'],
        [{ scope: { channels: ['wechat'] } }, '适用渠道只能是网页、抖音或BOSS直聘'],
        [{ scope: { sources: ['phone'] } }, '线索来源只能是会话留资、官网申请、导入或手工录入'],
        [{ scope: { agentIds: [987654] } }, '适用客服（编号987654）不存在'],
        [{ firstContactMinutes: 10_081 }, '首次联系时限必须是0到10080之间的整数（分钟，0为不限）'],
        [{ reclaimMinutes: 43_201 }, '回收时间必须是0到43200之间的整数（分钟，0为不回收）'],
        [{ reclaimMinutes: -5 }, '回收时间必须是0到43200之间的整数（分钟，0为不回收）'],
        [{ reclaimTo: 'boss' }, '回收去向只能是退回公海或转给下一位成员'],
        [{ webhookKind: 'slack' }, '机器人类型只能是企业微信、钉钉或飞书'],
        [{ webhookUrl: 'ftp://robot' }, '机器人地址必须以http://或https://开头'],
        [{ webhookUrl: 'https://qyapi.weixin.qq.com/x' }, '填写机器人地址时请选择机器人类型'],
        [{ webhookUrl: `https://a.cn/${'x'.repeat(500)}`, webhookKind: 'wecom' }, '机器人地址长度不能超过500个字符'],
        [{ members: [] }, '请至少添加一名成员'],
        [{ members: undefined }, '请至少添加一名成员'],
        [{ members: Array.from({ length: 101 }, (_, i) => ({ userId: i + 1 })) }, '成员不能超过100个'],
        [{ members: 'DUP' }, '成员不能重复'],
        [{ members: [{ userId: 'x' }] }, '成员用户不能为空'],
        [{ members: [{ weight: 0 }] }, '权重必须是1到100之间的整数'],
        [{ members: [{ weight: 101 }] }, '权重必须是1到100之间的整数'],
        [{ members: [{ dailyCap: 10_001 }] }, '每日上限必须是0到10000之间的整数（0为不限）'],
        [{ members: [{ workHours: [{ day: 8, start: '09:00', end: '18:00' }] }] }, '工作日必须是1到7之间的整数'],
        [{ members: [{ workHours: [{ day: 1, start: '9:00', end: '18:00' }] }] }, '开始时间格式应为HH:mm'],
        [{ members: [{ workHours: [{ day: 1, start: '09:00', end: '24:01' }] }] }, '结束时间格式应为HH:mm'],
        [{ members: [{ workHours: [{ day: 1, start: '18:00', end: '09:00' }] }] }, '工作时间的开始时间必须早于结束时间'],
        [{ members: [{ workHours: Array.from({ length: 51 }, () => ({ day: 1, start: '09:00', end: '10:00' })) }] }, '工作时间段不能超过50个'],
        [{ members: [{ holidays: ['2026-02-30'] }] }, '休息日格式应为YYYY-MM-DD'],
        [{ members: [{ holidays: ['2026/05/01'] }] }, '休息日格式应为YYYY-MM-DD'],
        [{ members: [{ holidays: Array.from({ length: 367 }, () => '2026-05-01') }] }, '休息日不能超过366个'],
        [{ members: [{ webhookUrl: 'https://oapi.dingtalk.com/robot' }] }, '填写机器人地址时请选择机器人类型'],
        [{ members: [{ enabled: 'yes' }] }, '成员启用状态必须是true或false'],
        [{ status: '2' }, '状态只能是0或1'],
      ] as [Record<string, unknown>, string][]
    ).map(([body, msg]) => ({ body, msg })),
  )('validates → $msg', async ({ body, msg }) => {
    // Members given in a case are alice with the case's settings; other cases have alice as she is.
    const given = body.members;
    const members = !('members' in body)
      ? [{ userId: alice }]
      : given === 'DUP'
        ? [{ userId: alice }, { userId: alice }]
        : Array.isArray(given)
          ? given.map((m: Record<string, unknown>) => ({ userId: alice, ...m }))
          : given;
    const before = await db().select().from(crmDistributionRule);
    expect(await req('POST', '/crm/distribution', { ...ruleBody({ members: [] }), ...body, members })).toEqual({ code: 500, msg });
    expect(await db().select().from(crmDistributionRule)).toHaveLength(before.length);
  });

  it('accepts a period ending at midnight', async () => {
    expect(await req('POST', '/crm/distribution', ruleBody({ members: [{ userId: alice, workHours: [{ day: 7, start: '20:00', end: '24:00' }] }] }))).toMatchObject({ code: 200 });
  });

  it('lists the rule’s assignments with the member and lead, paged and filtered by kind', async () => {
    await disableAllRules(db());
    const ruleId = await addRule(t, { name: '日志规则', members: [{ userId: alice }, { userId: bob }] });
    await newLeads(t, 3);
    const log = await req<{ rows: { kind: string; toOwnerName: string; reason: string; leadId: number }[]; total: number }>('GET', `/crm/distribution/${ruleId}/log?pageSize=2`);
    expect(log.total).toBe(3);
    expect(log.rows.map((r) => r.toOwnerName)).toEqual(['爱丽丝', '鲍勃']);
    expect(log.rows[1].reason).toBe('规则“日志规则”，轮流分配：鲍勃 今日 1');
    expect((await req<{ total: number }>('GET', `/crm/distribution/${ruleId}/log?kind=reclaim`)).total).toBe(0);
    expect(await req('GET', `/crm/distribution/987654/log`)).toEqual({ code: 500, msg: '分配规则不存在' });
    const listed = await req<{ rows: { ruleId: number; todayAssigned: number }[] }>('GET', `/crm/distribution/list?name=${encodeURIComponent('日志规则')}`);
    expect(listed.rows[0].todayAssigned).toBe(3);
  });

  it('refuses users without the permission, and lets 普通角色 read', async () => {
    const ruleId = await addRule(t, { members: [{ userId: alice }] });
    for (const [method, url, payload] of [
      ['GET', '/crm/distribution/list'],
      ['GET', `/crm/distribution/${ruleId}`],
      ['GET', `/crm/distribution/${ruleId}/log`],
      ['POST', '/crm/distribution/simulate', { ruleId, count: 1 }],
      ['POST', '/crm/distribution', ruleBody({ members: [{ userId: alice }] })],
      ['PUT', '/crm/distribution', ruleBody({ ruleId, members: [{ userId: alice }] })],
      ['PUT', '/crm/distribution/changeStatus', { ruleId, status: '1' }],
      ['DELETE', `/crm/distribution/${ruleId}`],
    ] as ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][]) {
      expect(await req(method, url, payload, nobody), `${method} ${url}`).toEqual(FORBIDDEN);
    }
    expect(await req('GET', `/crm/distribution/${ruleId}`, undefined, ry)).toMatchObject({ code: 200 });
    expect((await db().select().from(crmDistributionRule).where(eq(crmDistributionRule.ruleId, ruleId)))[0].status).toBe('0');
  });
});
