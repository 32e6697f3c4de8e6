import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildWorkbook, readSheet } from '../../../src/core/list';
import { CacheKey } from '../../../src/core/cache-keys';
import { sysConfig, sysOperLog, sysUserRole } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call, eventually, multipart } from '../../common/support';
import { API, createAndLogin, createRole, userRow } from './support';

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({ startAt: Date.UTC(2026, 10, 22, 2, 0, 0) });
  admin = await loginAs(t.app, 'admin', 'admin123');
  const bareRole = await createRole(t, 'bare', '1', []);
  nobody = await createAndLogin(t, 'nobody', 103, [bareRole]);
});

type Json = Record<string, unknown>;
const req = <T = Json>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = admin) =>
  call<T>(t.app, { method, url: `${API}${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

const newUser = (over: Json = {}) => ({
  userName: 'zhangsan',
  nickName: '张三',
  password: 'abc123',
  deptId: 105,
  phonenumber: '13800000001',
  email: 'zs@example.com',
  sex: '0',
  status: '0',
  postIds: [2],
  roleIds: [2],
  ...over,
});

async function setChrtype(value: string) {
  await t.deps.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, 'sys.account.chrtype'));
  await t.deps.kv.del(CacheKey.SYS_CONFIG + 'sys.account.chrtype');
}

async function idOf(userName: string): Promise<number> {
  const body = await req<{ rows: { userId: number; userName: string }[] }>('GET', `/system/user/list?userName=${userName}`);
  const row = body.rows.find((r) => r.userName === userName);
  if (!row) throw new Error(`no user ${userName}`);
  return row.userId;
}

describe('permissions', () => {
  it.each([
    ['GET', '/system/user/list'],
    ['GET', '/system/user/1'],
    ['GET', '/system/user/'],
    ['POST', '/system/user'],
    ['PUT', '/system/user'],
    ['DELETE', '/system/user/2'],
    ['PUT', '/system/user/resetPwd'],
    ['PUT', '/system/user/changeStatus'],
    ['GET', '/system/user/authRole/2'],
    ['PUT', '/system/user/authRole?userId=2&roleIds=2'],
    ['GET', '/system/user/deptTree'],
    ['POST', '/system/user/export'],
    ['POST', '/system/user/importData'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    expect(await req(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, nobody)).toEqual({
      code: 403,
      msg: '没有权限，请联系管理员授权',
    });
  });

  it('the import template needs only a login', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/system/user/importTemplate`, headers: nobody.headers });
    const rows = await readSheet(res.rawPayload);
    expect(rows).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `${API}/system/user/importTemplate` })).json().code).toBe(401);
  });
});

describe('GET /system/user/list', () => {
  it('pages users with their department, never the password', async () => {
    const body = await req<{ total: number; rows: Json[] }>('GET', '/system/user/list?pageNum=1&pageSize=10');
    expect(body).toMatchObject({ code: 200, msg: '查询成功' });
    const adminRow = body.rows.find((r) => r.userId === 1)!;
    expect(adminRow).toMatchObject({ userName: 'admin', admin: true, dept: { deptName: '研发部门' } });
    expect(adminRow).not.toHaveProperty('password');
    expect(adminRow.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by name, phone, status, a department with its descendants and the created day', async () => {
    const names = async (q: string) =>
      (await req<{ rows: { userName: string }[] }>('GET', `/system/user/list?pageSize=100&${q}`)).rows.map((r) => r.userName).sort();
    expect(await names('userName=ad')).toEqual(['admin']);
    expect(await names('phonenumber=15666')).toEqual(['ry']);
    expect(await names('deptId=101')).toEqual(['admin', 'nobody', 'ry']);
    expect(await names('deptId=102')).toEqual([]);
    expect(await names('status=1')).toEqual([]);
    expect(await names('params%5BbeginTime%5D=2000-01-01&params%5BendTime%5D=2000-01-02')).toEqual([]);
  });
});

describe('GET /system/user/ and /{userId}', () => {
  it('offers roles without the admin role and every post', async () => {
    const body = await req<{ roles: { roleId: number }[]; posts: { postId: number }[] }>('GET', '/system/user/');
    expect(body.roles.map((r) => r.roleId)).not.toContain(1);
    expect(body.posts.map((p) => p.postId)).toEqual([1, 2, 3, 4]);
    expect(body).not.toHaveProperty('data');
  });

  it('returns the user with its post and role ids; user 1 keeps the admin role choice', async () => {
    const body = await req<{ data: Json; roleIds: number[]; postIds: number[]; roles: { roleId: number }[] }>('GET', '/system/user/1');
    expect(body.data).toMatchObject({ userId: 1, userName: 'admin' });
    expect(body.roleIds).toEqual([1]);
    expect(body.postIds).toEqual([1]);
    expect(body.roles.map((r) => r.roleId)).toContain(1);
  });
});

describe('POST /system/user', () => {
  it('adds a user with roles and posts and a hashed password', async () => {
    expect(await req('POST', '/system/user', newUser())).toEqual({ code: 200, msg: '操作成功' });
    const id = await idOf('zhangsan');
    const row = await userRow(t, id);
    expect(row).toMatchObject({ nickName: '张三', deptId: 105, createBy: 'admin', delFlag: '0' });
    expect(row!.password).toMatch(/^\$2[aby]\$10\$/);
    const detail = await req<{ roleIds: number[]; postIds: number[] }>('GET', `/system/user/${id}`);
    expect(detail.roleIds).toEqual([2]);
    expect(detail.postIds).toEqual([2]);
    await loginAs(t.app, 'zhangsan', 'abc123');
  });

  it('writes an operation log without the password', async () => {
    const log = await eventually(async () => {
      const rows = await t.deps.database.db
        .select()
        .from(sysOperLog)
        .where(and(eq(sysOperLog.title, '用户管理'), eq(sysOperLog.businessType, 1), eq(sysOperLog.operName, 'admin')));
      return rows.find((r) => r.operParam?.includes('zhangsan'));
    });
    expect(log.operParam).toContain('zhangsan');
    expect(log.operParam).not.toContain('abc123');
  });

  it.each([
    [{ userName: 'zhangsan', phonenumber: '', email: '' }, "新增用户'zhangsan'失败，登录账号已存在"],
    [{ userName: 'lisi', phonenumber: '13800000001', email: '' }, "新增用户'lisi'失败，手机号码已存在"],
    [{ userName: 'lisi', phonenumber: '', email: 'zs@example.com' }, "新增用户'lisi'失败，邮箱账号已存在"],
    [{ userName: '' }, '用户账号不能为空'],
    [{ userName: 'a'.repeat(31) }, '用户账号长度不能超过30个字符'],
    [{ userName: 'lisi', nickName: '' }, '用户昵称不能为空'],
    [{ userName: 'lisi', nickName: 'n'.repeat(31) }, '用户昵称长度不能超过30个字符'],
    [{ userName: 'lisi', email: 'bad' }, '邮箱格式不正确'],
    [{ userName: 'lisi', email: `${'a'.repeat(45)}@b.com` }, '邮箱长度不能超过50个字符'],
    [{ userName: 'lisi', phonenumber: '138000000012' }, '手机号码长度不能超过11个字符'],
    [{ userName: 'lisi', password: '' }, '密码不能为空'],
    [{ userName: 'lisi', password: 'abc' }, '密码长度必须介于 6 和 20 之间'],
    [{ userName: 'lisi', password: 'abc<12' }, '密码不能包含非法字符：< > " \' \\ |'],
    [{ userName: 'lisi', roleIds: [1] }, '不允许操作超级管理员角色'],
  ])('refuses %j with "%s"', async (over, msg) => {
    expect(await req('POST', '/system/user', newUser({ phonenumber: '', email: '', ...over }))).toMatchObject({ code: 500, msg });
  });

  it('applies the character rule of sys.account.chrtype', async () => {
    await setChrtype('3');
    expect(await req('POST', '/system/user', newUser({ userName: 'lisi', phonenumber: '', email: '', password: 'abcdef' }))).toMatchObject({
      code: 500,
      msg: '密码必须同时包含字母和数字',
    });
    await setChrtype('0');
  });
});

describe('PUT /system/user', () => {
  it('edits fields and replaces roles and posts', async () => {
    const id = await idOf('zhangsan');
    const body = newUser({ userId: id, nickName: '张三丰', postIds: [3, 4], roleIds: [] });
    expect(await req('PUT', '/system/user', body)).toEqual({ code: 200, msg: '操作成功' });
    const detail = await req<{ data: Json; roleIds: number[]; postIds: number[] }>('GET', `/system/user/${id}`);
    expect(detail.data).toMatchObject({ nickName: '张三丰', updateBy: 'admin' });
    expect(detail.roleIds).toEqual([]);
    expect(detail.postIds).toEqual([3, 4]);
  });

  it('refuses user 1 and values other users hold', async () => {
    expect(await req('PUT', '/system/user', newUser({ userId: 1, userName: 'admin' }))).toMatchObject({ msg: '不允许操作超级管理员用户' });
    const id = await idOf('zhangsan');
    expect(await req('PUT', '/system/user', newUser({ userId: id, phonenumber: '15666666666' }))).toMatchObject({
      code: 500,
      msg: "修改用户'zhangsan'失败，手机号码已存在",
    });
    expect(await req('PUT', '/system/user', newUser({ userId: id, userName: 'ry' }))).toMatchObject({
      msg: "修改用户'ry'失败，登录账号已存在",
    });
  });
});

describe('PUT /system/user/resetPwd', () => {
  it('resets with the policy and records the change date', async () => {
    const id = await idOf('zhangsan');
    expect(await req('PUT', '/system/user/resetPwd', { userId: id, password: '12' })).toMatchObject({ msg: '密码长度必须介于 6 和 20 之间' });
    expect(await req('PUT', '/system/user/resetPwd', { userId: 1, password: 'newpass1' })).toMatchObject({ msg: '不允许操作超级管理员用户' });
    expect(await req('PUT', '/system/user/resetPwd', { userId: id, password: 'newpass1' })).toEqual({ code: 200, msg: '操作成功' });
    await loginAs(t.app, 'zhangsan', 'newpass1');
    expect((await userRow(t, id))!.pwdUpdateDate).toBeInstanceOf(Date);
  });
});

describe('PUT /system/user/changeStatus', () => {
  it('disabling ends the user\'s sessions; user 1 is protected', async () => {
    const id = await idOf('zhangsan');
    const session = await loginAs(t.app, 'zhangsan', 'newpass1');
    expect(await req('PUT', '/system/user/changeStatus', { userId: 1, status: '1' })).toMatchObject({ msg: '不允许操作超级管理员用户' });
    expect(await req('PUT', '/system/user/changeStatus', { userId: id, status: '2' })).toMatchObject({ code: 500, msg: '账号状态不正确' });
    expect(await req('PUT', '/system/user/changeStatus', { userId: id, status: '1' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await req('GET', '/getInfo', undefined, session)).code).toBe(401);
    expect(await req('PUT', '/system/user/changeStatus', { userId: id, status: '0' })).toEqual({ code: 200, msg: '操作成功' });
  });
});

describe('authRole', () => {
  it('lists assignable roles with flags and replaces the roles; live sessions see them', async () => {
    const id = await idOf('zhangsan');
    const session = await loginAs(t.app, 'zhangsan', 'newpass1');
    expect((await req<{ roles: string[] }>('GET', '/getInfo', undefined, session)).roles).toEqual([]);
    expect(await req('PUT', `/system/user/authRole?userId=${id}&roleIds=2`, undefined)).toEqual({ code: 200, msg: '操作成功' });
    const info = await req<{ user: { userName: string }; roles: { roleId: number; flag: boolean }[] }>('GET', `/system/user/authRole/${id}`);
    expect(info.user.userName).toBe('zhangsan');
    expect(info.roles.map((r) => r.roleId)).not.toContain(1);
    expect(info.roles.find((r) => r.roleId === 2)?.flag).toBe(true);
    expect((await req<{ roles: string[] }>('GET', '/getInfo', undefined, session)).roles).toEqual(['common']);
    expect(await req('PUT', `/system/user/authRole?userId=${id}&roleIds=1`)).toMatchObject({ msg: '不允许操作超级管理员角色' });
    expect(await req('PUT', `/system/user/authRole?userId=1&roleIds=2`)).toMatchObject({ msg: '不允许操作超级管理员用户' });
  });
});

describe('GET /system/user/deptTree', () => {
  it('returns TreeSelect nodes', async () => {
    const body = await req<{ data: { id: number; label: string; disabled: boolean; children: { id: number }[] }[] }>('GET', '/system/user/deptTree');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ id: 100, label: '示例科技', disabled: false });
    expect(body.data[0]!.children.map((c) => c.id)).toEqual([101, 102]);
  });
});

describe('POST /system/user/export', () => {
  it('exports the filtered users as xlsx with the contract columns', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/system/user/export`,
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'userName=admin',
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(res.rawPayload);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(['用户序号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '账号状态', '部门名称']),
    );
    expect(rows[0]).toMatchObject({ 用户序号: '1', 登录名称: 'admin', 用户性别: '女', 账号状态: '正常', 部门名称: '研发部门' });
  });
});

describe('POST /system/user/importData', () => {
  const columns = ['部门编号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '账号状态'];
  const sheet = async (rows: string[][]) =>
    buildWorkbook('用户数据', columns.map((header, i) => ({ header, value: (r: string[]) => r[i] ?? null })), rows);
  const upload = async (rows: string[][], updateSupport = 0) => {
    const form = await multipart([{ field: 'file', filename: 'users.xlsx', data: await sheet(rows) }]);
    return call(t.app, {
      method: 'POST',
      url: `${API}/system/user/importData?updateSupport=${updateSupport}`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('writes nothing when a row fails and reports each failure', async () => {
    const body = await upload([
      ['105', 'imp1', '导入一', 'imp1@example.com', '13900000001', '男', '正常'],
      ['105', 'ry', '测试员', '', '', '女', '正常'],
      ['105', 'imp2', '导入二', 'bad-mail', '', '男', '正常'],
    ]);
    expect(body).toEqual({
      code: 500,
      msg: '很抱歉，导入失败！共 2 条数据格式不正确，错误如下：<br/>1、账号 ry 已存在<br/>2、账号 imp2 导入失败：邮箱格式不正确',
    });
    expect((await req<{ total: number }>('GET', '/system/user/list?userName=imp1')).total).toBe(0);
  });

  it('imports good rows with the initial password and updates existing ones on request', async () => {
    const ok = await upload([
      ['105', 'imp1', '导入一', 'imp1@example.com', '13900000001', '男', '正常'],
      ['103', 'imp2', '导入二', '', '', '女', '停用'],
    ]);
    expect(ok).toEqual({ code: 200, msg: '恭喜您，数据已全部导入成功！共 2 条，数据如下：<br/>1、账号 imp1 导入成功<br/>2、账号 imp2 导入成功' });
    const imp2 = await userRow(t, await idOf('imp2'));
    expect(imp2).toMatchObject({ deptId: 103, sex: '1', status: '1', createBy: 'admin' });
    await loginAs(t.app, 'imp1', '123456');
    const updated = await upload([['104', 'imp2', '导入二改', '', '', '女', '正常']], 1);
    expect(updated).toEqual({ code: 200, msg: '恭喜您，数据已全部导入成功！共 1 条，数据如下：<br/>1、账号 imp2 更新成功' });
    expect(await userRow(t, imp2!.userId)).toMatchObject({ nickName: '导入二改', deptId: 103, status: '0', updateBy: 'admin' });
  });

  it('refuses an empty sheet and a non-Excel file', async () => {
    expect(await upload([])).toEqual({ code: 500, msg: '导入用户数据不能为空！' });
    const form = await multipart([{ field: 'file', filename: 'users.txt', data: Buffer.from('x') }]);
    const body = await call(t.app, {
      method: 'POST',
      url: `${API}/system/user/importData`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(body.code).toBe(500);
    expect(body.msg).toContain('后缀[txt]不正确');
  });
});

describe('DELETE /system/user/{userIds}', () => {
  it('refuses the current user and user 1, soft-deletes others and ends their sessions', async () => {
    expect(await req('DELETE', '/system/user/1')).toMatchObject({ msg: '当前用户不能删除' });
    const ry = await loginAs(t.app, 'ry', 'admin123');
    expect(await req('DELETE', '/system/user/1', undefined, ry)).toMatchObject({ msg: '不允许操作超级管理员用户' });
    const id = await idOf('zhangsan');
    const session = await loginAs(t.app, 'zhangsan', 'newpass1');
    expect(await req('DELETE', `/system/user/${id},${await idOf('imp1')}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await userRow(t, id)).toMatchObject({ delFlag: '2' });
    expect(await t.deps.database.db.select().from(sysUserRole).where(eq(sysUserRole.userId, id))).toEqual([]);
    expect((await req('GET', '/getInfo', undefined, session)).code).toBe(401);
    expect((await req<{ total: number }>('GET', '/system/user/list?userName=zhangsan')).total).toBe(0);
    expect(await req('GET', `/system/user/${id}`)).not.toHaveProperty('data');
  });
});
