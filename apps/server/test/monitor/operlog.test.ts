import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysOperLog } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { exportSheet, userWithoutRoles } from '../helpers/crud';
import { loginAs, type LoggedIn } from '../helpers/login';
import { postgresAvailable } from '../helpers/db';
import { call, eventually } from '../common/support';
import { API, createUserWithMenus } from '../auth/support';

type Row = typeof sysOperLog.$inferSelect;
type WireRow = Omit<Row, 'operTime'> & { operTime: string; businessTypes: null };
type List = { rows: WireRow[]; total: number };

/** 2026-03-10 09:00:00 in China. */
const START = Date.UTC(2026, 2, 10, 1, 0, 0);
const at = (hhmm: string) => new Date(`2026-03-10T${hhmm}:00+08:00`);

const fixtures: (typeof sysOperLog.$inferInsert)[] = [
  { title: '岗位管理', businessType: 1, operName: 'alice', operIp: '10.0.0.1', status: 0, costTime: 30, operTime: at('08:00'), method: '/system/post', requestMethod: 'POST', operatorType: 1, deptName: '研发部门', operUrl: '/prod-api/system/post', operParam: '{"postCode":"x"}', jsonResult: '{"code":200,"msg":"操作成功"}' },
  { title: '用户管理', businessType: 2, operName: 'bob', operIp: '192.168.3.4', status: 1, costTime: 5, operTime: at('12:00'), errorMsg: '不允许操作超级管理员用户' },
  { title: '用户管理', businessType: 3, operName: 'alice', operIp: '192.168.3.5', status: 0, costTime: 120, operTime: at('23:59') },
];

describe('操作日志 /monitor/operlog', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let nobody: LoggedIn;

  const req = <T = Record<string, unknown>>(method: 'GET' | 'DELETE' | 'PUT', url: string, payload?: object, who: LoggedIn = admin) =>
    call<T>(t.app, { method, url: API + url, payload, headers: who.headers });
  const list = (query: string, who: LoggedIn = admin) => req<List>('GET', `/monitor/operlog/list${query}`, undefined, who);
  const titles = async (query: string) => (await list(query)).rows.map((r) => `${r.title}/${r.operName}`);

  beforeAll(async () => {
    t = await createTestApp({ startAt: START });
    await t.deps.database.db.delete(sysOperLog);
    await t.deps.database.db.insert(sysOperLog).values(fixtures);
    admin = await loginAs(t.app, 'admin', 'admin123');
    nobody = await userWithoutRoles(t, 'nooper');
  });

  it('lists newest id first in the SysOperLog shape', async () => {
    const body = await list('?pageNum=1&pageSize=2');
    expect(body).toMatchObject({ code: 200, msg: '查询成功', total: 3 });
    expect(body.rows.map((r) => r.businessType)).toEqual([3, 2]);
    const first = (await list('?title=岗位')).rows[0];
    expect(Object.keys(first).sort()).toEqual(
      ['businessType', 'businessTypes', 'costTime', 'deptName', 'errorMsg', 'jsonResult', 'method', 'operId', 'operIp', 'operLocation', 'operName', 'operParam', 'operTime', 'operUrl', 'operatorType', 'requestMethod', 'status', 'title'].sort(),
    );
    expect(first).toMatchObject({ businessType: 1, businessTypes: null, status: 0, costTime: 30, operTime: '2026-03-10 08:00:00', operatorType: 1, deptName: '研发部门' });
  });

  it.each([
    ['?title=用户', ['用户管理/alice', '用户管理/bob']],
    ['?operName=ali', ['用户管理/alice', '岗位管理/alice']],
    ['?operIp=192.168.3', ['用户管理/alice', '用户管理/bob']],
    ['?businessType=2', ['用户管理/bob']],
    ['?businessType=0', []],
    ['?businessType=&status=', ['用户管理/alice', '用户管理/bob', '岗位管理/alice']],
    ['?businessTypes=1,3', ['用户管理/alice', '岗位管理/alice']],
    ['?businessTypes=1&businessTypes=2', ['用户管理/bob', '岗位管理/alice']],
    ['?businessTypes%5B0%5D=2&businessTypes%5B1%5D=3', ['用户管理/alice', '用户管理/bob']],
    ['?status=1', ['用户管理/bob']],
    ['?params%5BbeginTime%5D=2026-03-10%2012:00:00&params%5BendTime%5D=2026-03-10%2023:59:59', ['用户管理/alice', '用户管理/bob']],
    ['?params%5BbeginTime%5D=2026-03-10%2000:00:00&params%5BendTime%5D=2026-03-10%2011:59:59', ['岗位管理/alice']],
    ['?orderByColumn=costTime&isAsc=ascending', ['用户管理/bob', '岗位管理/alice', '用户管理/alice']],
    ['?orderByColumn=operTime&isAsc=descending', ['用户管理/alice', '用户管理/bob', '岗位管理/alice']],
    ['?orderByColumn=operName&isAsc=desc', ['用户管理/bob', '用户管理/alice', '岗位管理/alice']],
  ])('filters and sorts: %s', async (query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  it.each([
    ['?businessType=x', '业务类型必须是整数'],
    ['?businessTypes=1,abc', '业务类型必须是整数'],
    ['?status=2', '操作状态只能是0或1'],
    ['?orderByColumn=oper_param', '参数不符合规范，不能进行查询'],
    [`?title=${'模'.repeat(51)}`, '系统模块长度不能超过50个字符'],
  ])('refuses %s: %s', async (query, msg) => {
    expect(await list(query)).toMatchObject({ code: 500, msg: expect.stringContaining(msg) });
  });

  it('records real calls with secrets masked and business failures as 异常', async () => {
    const userId = await createUserWithMenus(t.deps, 'pwduser', []);
    const secret = 'NewSecret#2026';
    expect((await req('PUT', '/system/user/resetPwd', { userId, password: secret })).code).toBe(200);
    expect((await req('PUT', '/system/user/resetPwd', { userId: 1, password: secret })).code).toBe(500);
    const rows = await eventually(async () => {
      const found = (await list('?title=用户管理&businessType=2')).rows.filter((r) => r.operUrl === `${API}/system/user/resetPwd`);
      return found.length === 2 ? found : null;
    });
    for (const row of rows) {
      expect(row.operParam).not.toContain(secret);
      expect(row.operParam).not.toContain('password');
    }
    const [failed, succeeded] = rows;
    expect(succeeded).toMatchObject({ status: 0, operName: 'admin', requestMethod: 'PUT', operParam: JSON.stringify({ userId }) });
    expect(JSON.parse(succeeded.jsonResult)).toEqual({ code: 200, msg: '操作成功' });
    expect(failed).toMatchObject({ status: 1, errorMsg: '不允许操作超级管理员用户' });
  });

  it('exports 操作日志 with the contract columns, labels and the filters applied', async () => {
    const sheet = await exportSheet(t.app, `${API}/monitor/operlog/export`, admin.headers, { operName: 'alice', 'businessTypes[0]': '1' });
    expect(sheet.header).toEqual([
      '操作序号', '操作模块', '业务类型', '请求方法', '请求方式', '操作类别', '操作人员', '部门名称', '请求地址', '操作地址',
      '操作地点', '请求参数', '返回参数', '状态', '错误消息', '操作时间', '消耗时间',
    ]);
    expect(sheet.rows).toHaveLength(1);
    expect(sheet.rows[0]).toMatchObject({ 操作模块: '岗位管理', 业务类型: '新增', 操作类别: '后台用户', 状态: '正常', 操作时间: '2026-03-10 08:00:00', 消耗时间: '30毫秒', 请求参数: '{"postCode":"x"}' });
  });

  it('deletes chosen rows, and 清空 removes all with numbering starting again (the clean itself is logged)', async () => {
    const bob = (await list('?operName=bob')).rows[0];
    expect(await req('DELETE', `/monitor/operlog/${bob.operId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await list('?operName=bob')).total).toBe(0);
    expect(await req('DELETE', `/monitor/operlog/${bob.operId}`)).toEqual({ code: 500, msg: '操作失败' });

    expect(await req('DELETE', '/monitor/operlog/clean')).toEqual({ code: 200, msg: '操作成功' });
    const after = await eventually(async () => {
      const rows = await t.deps.database.db.select().from(sysOperLog);
      return rows.length > 0 ? rows : null;
    });
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ operId: 100, title: '操作日志', businessType: 9 });
    expect(await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.operName, 'alice'))).toEqual([]);
  });

  it.each([
    ['GET', '/monitor/operlog/list'],
    ['POST', '/monitor/operlog/export'],
    ['DELETE', '/monitor/operlog/1'],
    ['DELETE', '/monitor/operlog/clean'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    expect(await call(t.app, { method, url: API + url, headers: nobody.headers })).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });
});

describe.runIf(postgresAvailable)('操作日志 on PostgreSQL', () => {
  it('lists, filters by types and cleans', async () => {
    const t = await createTestApp({ postgres: true, startAt: START });
    await t.deps.database.db.delete(sysOperLog);
    await t.deps.database.db.insert(sysOperLog).values(fixtures);
    const admin = await loginAs(t.app, 'admin', 'admin123');
    const list = (q: string) => call<List>(t.app, { method: 'GET', url: `${API}/monitor/operlog/list${q}`, headers: admin.headers });
    expect((await list('?businessTypes=1,3&params%5BbeginTime%5D=2026-03-10%2000:00:00')).rows.map((r) => r.businessType)).toEqual([3, 1]);
    expect((await call(t.app, { method: 'DELETE', url: `${API}/monitor/operlog/clean`, headers: admin.headers })).code).toBe(200);
    expect((await list('?businessTypes=1,3')).total).toBe(0);
  });
});
