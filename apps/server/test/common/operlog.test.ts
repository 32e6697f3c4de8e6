import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { sysOperLog } from '../../src/db/schema';
import { operParamOf } from '../../src/core/operlog';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { call, eventually } from './support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
});

const logCount = async () => (await t.deps.database.db.select().from(sysOperLog)).length;
const logAfter = (count: number) =>
  eventually(async () => {
    const rows = await t.deps.database.db.select().from(sysOperLog).orderBy(desc(sysOperLog.operId));
    return rows.length > count ? rows[0] : undefined;
  });

describe('operation log', () => {
  it('records a failed password change with the passwords stripped and status 1', async () => {
    const before = await logCount();
    const body = await call(t.app, {
      method: 'PUT',
      url: `${API}/system/user/profile/updatePwd`,
      payload: { oldPassword: 'wrong-password', newPassword: 'whatever1' },
      headers: admin.headers,
    });
    expect(body.msg).toBe('修改密码失败，旧密码错误');
    const row = await logAfter(before);
    expect(row).toMatchObject({
      title: '个人信息',
      businessType: 2,
      requestMethod: 'PUT',
      operatorType: 1,
      operName: 'admin',
      deptName: '研发部门',
      operUrl: `${API}/system/user/profile/updatePwd`,
      method: '/system/user/profile/updatePwd',
      status: 1,
      errorMsg: '修改密码失败，旧密码错误',
      operLocation: '内网IP',
    });
    expect(row.operParam).not.toContain('wrong-password');
    expect(row.operParam).not.toContain('whatever1');
    expect(JSON.parse(row.jsonResult)).toEqual({ code: 500, msg: '修改密码失败，旧密码错误' });
    expect(row.operTime?.getTime()).toBe(t.deps.now());
    expect(row.costTime).toBeGreaterThanOrEqual(0);
  });

  it('records a successful profile change with status 0 and its parameters', async () => {
    const before = await logCount();
    await call(t.app, {
      method: 'PUT',
      url: `${API}/system/user/profile`,
      payload: { nickName: '管理员', email: 'ry@163.com', phonenumber: '15888888888', sex: '1' },
      headers: admin.headers,
    });
    const row = await logAfter(before);
    expect(row).toMatchObject({ title: '个人信息', status: 0, errorMsg: '' });
    expect(JSON.parse(row.operParam)).toEqual({ nickName: '管理员', email: 'ry@163.com', phonenumber: '15888888888', sex: '1' });
    expect(JSON.parse(row.jsonResult)).toEqual({ code: 200, msg: '操作成功' });
  });

  it('does not log routes without config.operLog', async () => {
    const before = await logCount();
    await call(t.app, { method: 'GET', url: `${API}/system/user/profile`, headers: admin.headers });
    await new Promise((r) => setTimeout(r, 100));
    expect(await logCount()).toBe(before);
  });

  it('never fails the response when the log cannot be written', async () => {
    const { db } = t.deps.database;
    await db.execute(sql`alter table sys_oper_log rename to sys_oper_log_away`);
    try {
      const body = await call(t.app, {
        method: 'PUT',
        url: `${API}/system/user/profile`,
        payload: { nickName: '管理员2', email: 'ry@163.com', phonenumber: '15888888888', sex: '1' },
        headers: admin.headers,
      });
      expect(body).toEqual({ code: 200, msg: '操作成功' });
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await db.execute(sql`alter table sys_oper_log_away rename to sys_oper_log`);
    }
  });
});

describe('operParamOf', () => {
  it('prefers query parameters and strips passwords at any depth', () => {
    expect(operParamOf({ method: 'PUT', query: { oldPassword: 'a', newPassword: 'b', x: '1' }, body: undefined, params: {} })).toBe('{"x":"1"}');
    expect(
      operParamOf({ method: 'POST', query: {}, body: { user: { password: 'p', name: 'n' }, confirmPassword: 'c' }, params: { ids: '1,2' } }),
    ).toBe('{"user":{"name":"n"}} {"ids":"1,2"}');
    expect(operParamOf({ method: 'GET', query: {}, body: undefined, params: { id: '1' } })).toBe('');
  });

  it('truncates to 2000 characters', () => {
    expect(operParamOf({ method: 'POST', query: {}, body: { text: 'x'.repeat(5000) }, params: {} })).toHaveLength(2000);
  });
});
