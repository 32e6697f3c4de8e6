import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysDept, sysOperLog, sysUser } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call, eventually } from '../../common/support';
import { API, staff } from '../menu/support';

let t: TestApp;
let admin: LoggedIn;

type Dept = { deptId: number; parentId: number; ancestors: string; deptName: string; status: string; orderNum: number; parentName: string | null };

const DEPT_PERMS = ['system:dept:list', 'system:dept:query', 'system:dept:add', 'system:dept:edit', 'system:dept:remove'];

const get = <T>(who: LoggedIn, url: string) => call<T>(t.app, { method: 'GET', url: API + url, headers: who.headers });
const send = (who: LoggedIn, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, { method, url: API + url, headers: who.headers, payload });
const listIds = async (who: LoggedIn, url = '/system/dept/list') => (await get<{ data: Dept[] }>(who, url)).data.map((d) => d.deptId);

const dept = (over: Record<string, unknown> = {}) => ({ parentId: 101, deptName: '新部门', orderNum: 6, leader: '张三', phone: '13800000000', email: 'a@b.cn', status: '0', ...over });

async function row(deptId: number) {
  const [r] = await t.deps.database.db.select().from(sysDept).where(eq(sysDept.deptId, deptId));
  return r;
}

async function idOf(deptName: string) {
  const [r] = await t.deps.database.db.select().from(sysDept).where(eq(sysDept.deptName, deptName));
  return r.deptId;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
});

describe('dept reads', () => {
  it('list returns a flat array ordered by parent then order', async () => {
    const body = await get<{ data: Dept[] }>(admin, '/system/dept/list');
    expect(body.code).toBe(200);
    expect(body.data.map((d) => d.deptId)).toEqual([100, 101, 102, 103, 104, 105, 106, 107, 108, 109]);
    expect(body.data[1]).toMatchObject({ deptName: '深圳总公司', ancestors: '0,100', status: '0', delFlag: '0', children: [] });
  });

  it('list filters by name and status', async () => {
    expect(await listIds(admin, `/system/dept/list?deptName=${encodeURIComponent('财务')}`)).toEqual([106, 109]);
    expect(await listIds(admin, '/system/dept/list?status=1')).toEqual([]);
    expect(await listIds(admin, '/system/dept/list?parentId=102')).toEqual([108, 109]);
  });

  it('list/exclude leaves out the dept and its descendants', async () => {
    expect(await listIds(admin, '/system/dept/list/exclude/101')).toEqual([100, 102, 108, 109]);
  });

  it('get returns one dept with its parent name', async () => {
    const body = await get<{ data: Dept }>(admin, '/system/dept/103');
    expect(body.data).toMatchObject({ deptId: 103, deptName: '研发部门', parentName: '深圳总公司' });
  });
});

describe('dept data scope', () => {
  it.each([
    ['1', 104, undefined, [100, 101, 102, 103, 104, 105, 106, 107, 108, 109]],
    ['2', 104, [101, 108], [101, 108]],
    ['3', 104, undefined, [104]],
    ['4', 101, undefined, [101, 103, 104, 105, 106, 107]],
    ['5', 104, undefined, []],
  ] as const)('scope %s (user in %i) sees only its depts in the list and single records', async (scope, deptId, scopeDepts, visible) => {
    const who = await staff(t, { userName: `scope${scope}`, deptId, perms: DEPT_PERMS, dataScope: scope, scopeDepts: scopeDepts ? [...scopeDepts] : undefined });
    expect(await listIds(who)).toEqual(visible);
    for (const id of [100, 101, 102, 103, 104, 105, 106, 107, 108, 109]) {
      const body = await get<{ data?: Dept }>(who, `/system/dept/${id}`);
      if ((visible as readonly number[]).includes(id)) expect(body.data?.deptId).toBe(id);
      else expect(body).toEqual({ code: 500, msg: '没有权限访问部门数据！' });
    }
  });

  it('writes outside the scope are refused', async () => {
    const who = await staff(t, { userName: 'scopeedit', deptId: 104, perms: DEPT_PERMS, dataScope: '3' });
    expect(await send(who, 'PUT', '/system/dept', dept({ deptId: 108, parentId: 102, deptName: '市场部门' }))).toEqual({ code: 500, msg: '没有权限访问部门数据！' });
    expect(await send(who, 'DELETE', '/system/dept/108')).toEqual({ code: 500, msg: '没有权限访问部门数据！' });
    expect(await send(who, 'POST', '/system/dept', dept({ parentId: 102 }))).toEqual({ code: 500, msg: '没有权限访问部门数据！' });
    expect(await send(who, 'PUT', '/system/dept/updateSort', { deptIds: '108', orderNums: '3' })).toEqual({ code: 500, msg: '没有权限访问部门数据！' });
  });
});

describe('dept permissions', () => {
  it.each([
    ['GET', '/system/dept/list'],
    ['GET', '/system/dept/list/exclude/101'],
    ['GET', '/system/dept/101'],
    ['POST', '/system/dept'],
    ['PUT', '/system/dept'],
    ['PUT', '/system/dept/updateSort'],
    ['DELETE', '/system/dept/101'],
  ] as const)('%s %s without the permission is 403', async (method, url) => {
    const who = await loginAs(t.app, 'nodept', 'admin123').catch(() => staff(t, { userName: 'nodept', deptId: 103, perms: ['system:user:list'] }));
    const body = await call(t.app, { method, url: API + url, headers: who.headers, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(body).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });
});

describe('dept writes', () => {
  it('adds a dept under a parent with the parent chain as ancestors, logging 部门管理 / INSERT', async () => {
    expect(await send(admin, 'POST', '/system/dept', dept())).toEqual({ code: 200, msg: '操作成功' });
    const created = await row(await idOf('新部门'));
    expect(created).toMatchObject({ parentId: 101, ancestors: '0,100,101', leader: '张三', createBy: 'admin' });
    const log = await eventually(async () =>
      (await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, '部门管理'))).find((l) => l.businessType === 1 && l.operName === 'admin'),
    );
    expect(log.status).toBe(0);
  });

  it('refuses a duplicate name under the same parent but allows it elsewhere', async () => {
    expect(await send(admin, 'POST', '/system/dept', dept({ deptName: '市场部门' }))).toEqual({ code: 500, msg: "新增部门'市场部门'失败，部门名称已存在" });
    expect((await send(admin, 'POST', '/system/dept', dept({ deptName: '研发部门', parentId: 102 }))).code).toBe(200);
  });

  it('refuses adding under a disabled parent', async () => {
    await send(admin, 'POST', '/system/dept', dept({ deptName: '停用部门', status: '1' }));
    expect(await send(admin, 'POST', '/system/dept', dept({ deptName: '子部门', parentId: await idOf('停用部门') }))).toEqual({ code: 500, msg: '部门停用，不允许新增' });
  });

  it.each([
    [{ deptName: '' }, '部门名称不能为空'],
    [{ deptName: undefined }, '部门名称不能为空'],
    [{ deptName: 'x'.repeat(31) }, '部门名称长度不能超过30个字符'],
    [{ orderNum: undefined }, '显示顺序不能为空'],
    [{ phone: '1'.repeat(12) }, '联系电话长度不能超过11个字符'],
    [{ email: 'not-an-email' }, '邮箱格式不正确'],
    [{ email: `${'a'.repeat(45)}@b.com` }, '邮箱长度不能超过50个字符'],
    [{ parentId: undefined }, '上级部门不能为空'],
  ])('validates %j', async (over, msg) => {
    expect(await send(admin, 'POST', '/system/dept', dept({ deptName: '校验部门', ...over }))).toEqual({ code: 500, msg });
  });

  it('edit refuses itself as parent, a descendant as parent and a duplicate name', async () => {
    expect(await send(admin, 'PUT', '/system/dept', dept({ deptId: 101, parentId: 101, deptName: '深圳总公司' }))).toEqual({
      code: 500,
      msg: "修改部门'深圳总公司'失败，上级部门不能是自己",
    });
    expect(await send(admin, 'PUT', '/system/dept', dept({ deptId: 101, parentId: 103, deptName: '深圳总公司' }))).toEqual({
      code: 500,
      msg: "修改部门'深圳总公司'失败，上级部门不能是自己的下级部门",
    });
    expect(await send(admin, 'PUT', '/system/dept', dept({ deptId: 104, parentId: 101, deptName: '研发部门' }))).toEqual({
      code: 500,
      msg: "修改部门'研发部门'失败，部门名称已存在",
    });
  });

  it('members signed in see the new dept name in getInfo at once', async () => {
    const ry = await loginAs(t.app, 'ry', 'admin123');
    await send(admin, 'PUT', '/system/dept', dept({ deptId: 105, parentId: 101, deptName: '质量部门' }));
    expect((await get<{ user: { dept: { deptName: string } } }>(ry, '/getInfo')).user.dept.deptName).toBe('质量部门');
    await send(admin, 'PUT', '/system/dept', dept({ deptId: 105, parentId: 101, deptName: '测试部门' }));
  });

  it('moving a dept rewrites the ancestors of all its descendants', async () => {
    await send(admin, 'POST', '/system/dept', dept({ deptName: '一级', parentId: 103 }));
    const first = await idOf('一级');
    await send(admin, 'POST', '/system/dept', dept({ deptName: '二级', parentId: first }));
    const second = await idOf('二级');
    expect((await row(second)).ancestors).toBe(`0,100,101,103,${first}`);
    expect(await send(admin, 'PUT', '/system/dept', dept({ deptId: 103, parentId: 104, deptName: '研发部门' }))).toEqual({ code: 200, msg: '操作成功' });
    expect((await row(103)).ancestors).toBe('0,100,101,104');
    expect((await row(first)).ancestors).toBe('0,100,101,104,103');
    expect((await row(second)).ancestors).toBe(`0,100,101,104,103,${first}`);
    await send(admin, 'PUT', '/system/dept', dept({ deptId: 103, parentId: 101, deptName: '研发部门' }));
    expect((await row(second)).ancestors).toBe(`0,100,101,103,${first}`);
  });

  it('disabling is refused while a descendant is normal; enabling a dept enables its ancestors', async () => {
    const second = await idOf('二级');
    const first = await idOf('一级');
    expect(await send(admin, 'PUT', '/system/dept', dept({ deptId: first, parentId: 103, deptName: '一级', status: '1' }))).toEqual({
      code: 500,
      msg: '该部门包含未停用的子部门！',
    });
    await send(admin, 'PUT', '/system/dept', dept({ deptId: second, parentId: first, deptName: '二级', status: '1' }));
    expect((await send(admin, 'PUT', '/system/dept', dept({ deptId: first, parentId: 103, deptName: '一级', status: '1' }))).code).toBe(200);
    expect((await row(first)).status).toBe('1');
    await send(admin, 'PUT', '/system/dept', dept({ deptId: second, parentId: first, deptName: '二级', status: '0' }));
    expect((await row(first)).status).toBe('0');
    expect((await row(103)).status).toBe('0');
  });

  it('delete is refused with 601 while the dept has children or users, then soft-deletes', async () => {
    expect(await send(admin, 'DELETE', `/system/dept/${await idOf('一级')}`)).toEqual({ code: 601, msg: '存在下级部门,不允许删除' });
    const second = await idOf('二级');
    const [user] = await t.deps.database.db.insert(sysUser).values({ userName: 'deptuser', nickName: 'x', deptId: second }).returning();
    expect(await send(admin, 'DELETE', `/system/dept/${second}`)).toEqual({ code: 601, msg: '部门存在用户,不允许删除' });
    await t.deps.database.db.update(sysUser).set({ delFlag: '2' }).where(eq(sysUser.userId, user.userId));
    expect(await send(admin, 'DELETE', `/system/dept/${second}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await row(second)).delFlag).toBe('2');
    expect(await listIds(admin)).not.toContain(second);
    expect(await send(admin, 'DELETE', `/system/dept/${await idOf('一级')}`)).toEqual({ code: 200, msg: '操作成功' });
  });

  it('saves the order of several depts at once', async () => {
    expect(await send(admin, 'PUT', '/system/dept/updateSort', { deptIds: '108,109', orderNums: '5,4' })).toEqual({ code: 200, msg: '操作成功' });
    expect(await listIds(admin, '/system/dept/list?parentId=102')).toEqual(expect.arrayContaining([109, 108]));
    expect((await row(108)).orderNum).toBe(5);
    expect(await send(admin, 'PUT', '/system/dept/updateSort', { deptIds: '108', orderNums: '' })).toEqual({ code: 500, msg: '保存排序异常，请联系管理员' });
  });
});
