import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysMenu, sysOperLog, sysRole, sysRoleMenu } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call, eventually } from '../../common/support';
import { API, menuIdByPerms, staff } from './support';

let t: TestApp;
let admin: LoggedIn;
let limited: Awaited<ReturnType<typeof staff>>;

type Menu = { menuId: number; menuName: string; parentId: number; isFrame: string; isCache: string; menuType: string; orderNum: number };
type Tree = { id: number; label: string; disabled: boolean; children?: Tree[] };

const get = <T>(who: LoggedIn, url: string) => call<T>(t.app, { method: 'GET', url: API + url, headers: who.headers });
const send = (who: LoggedIn, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, { method, url: API + url, headers: who.headers, payload });

const directory = (over: Record<string, unknown> = {}) => ({
  menuName: '测试目录',
  parentId: 0,
  orderNum: 9,
  path: 'testdir',
  menuType: 'M',
  isFrame: '1',
  isCache: '0',
  visible: '0',
  status: '0',
  icon: 'system',
  ...over,
});

async function menuIdByName(name: string): Promise<number> {
  const [row] = await t.deps.database.db.select().from(sysMenu).where(eq(sysMenu.menuName, name));
  return row.menuId;
}

const flatten = (nodes: Tree[]): Tree[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  limited = await staff(t, { userName: 'menuguy', deptId: 103, perms: ['system:menu:list', 'system:user:list'] });
});

describe('menu reads', () => {
  it('list returns a flat array ordered by parent then order, with string flags', async () => {
    const body = await get<{ data: Menu[] }>(admin, '/system/menu/list');
    expect(body.code).toBe(200);
    expect(body.data.length).toBeGreaterThan(80);
    expect(body.data.find((m) => m.menuId === 1)).toMatchObject({ menuId: 1, menuName: '系统管理', parentId: 0, isFrame: '1', isCache: '0', menuType: 'M', children: [] });
    const parents = body.data.map((m) => m.parentId);
    expect(parents).toEqual([...parents].sort((a, b) => a - b));
  });

  it('list filters by name (like) and status', async () => {
    const body = await get<{ data: Menu[] }>(admin, `/system/menu/list?menuName=${encodeURIComponent('用户')}`);
    expect(body.data.map((m) => m.menuName)).toEqual(expect.arrayContaining(['用户管理', '用户查询']));
    expect(body.data.every((m) => m.menuName.includes('用户'))).toBe(true);
    expect((await get<{ data: Menu[] }>(admin, '/system/menu/list?status=1')).data).toEqual([]);
  });

  it('a non-admin lists only the menus of their roles', async () => {
    const body = await get<{ data: Menu[] }>(limited, '/system/menu/list');
    expect(body.data.map((m) => m.menuName).sort()).toEqual(['用户管理', '菜单管理'].sort());
  });

  it('get returns one menu', async () => {
    const body = await get<{ data: Menu }>(admin, '/system/menu/100');
    expect(body.data).toMatchObject({ menuId: 100, menuName: '用户管理', menuType: 'C' });
  });

  it('treeselect nests menus as TreeSelect nodes', async () => {
    const body = await get<{ data: Tree[] }>(admin, '/system/menu/treeselect');
    const system = body.data.find((n) => n.id === 1);
    expect(system).toMatchObject({ label: '系统管理', disabled: false });
    expect(system?.children?.some((c) => c.id === 100)).toBe(true);
    const leaf = flatten(body.data).find((n) => n.id === 1000);
    expect(leaf).toEqual({ id: 1000, label: '用户查询', disabled: false });
  });

  it('roleMenuTreeselect gives checkedKeys without linked parents and the caller’s menus', async () => {
    const body = await get<{ checkedKeys: number[]; menus: Tree[] }>(admin, '/system/menu/roleMenuTreeselect/2');
    expect(body.code).toBe(200);
    expect(body.checkedKeys).toContain(1000);
    expect(body.checkedKeys).not.toContain(1);
    expect(body.checkedKeys).not.toContain(100);
    expect(body.menus.map((n) => n.id)).toContain(1);
    const mine = await get<{ checkedKeys: number[]; menus: Tree[] }>(limited, `/system/menu/roleMenuTreeselect/${limited.roleId}`);
    expect(mine.checkedKeys).toEqual([100, await menuIdByPerms(t, 'system:menu:list')]);
    expect(mine.menus.map((n) => n.label)).toEqual(['用户管理', '菜单管理']);
  });

  it('roleMenuTreeselect for a role without strict checking keeps parents; unknown roles check nothing', async () => {
    const { db } = t.deps.database;
    await db.update(sysRole).set({ menuCheckStrictly: false }).where(eq(sysRole.roleId, 2));
    const body = await get<{ checkedKeys: number[] }>(admin, '/system/menu/roleMenuTreeselect/2');
    expect(body.checkedKeys).toEqual(expect.arrayContaining([1, 100, 1000]));
    await db.update(sysRole).set({ menuCheckStrictly: true }).where(eq(sysRole.roleId, 2));
    expect((await get<{ checkedKeys: number[] }>(admin, '/system/menu/roleMenuTreeselect/99999')).checkedKeys).toEqual([]);
  });
});

describe('menu permissions', () => {
  it.each([
    ['GET', '/system/menu/100'],
    ['POST', '/system/menu'],
    ['PUT', '/system/menu'],
    ['PUT', '/system/menu/updateSort'],
    ['DELETE', '/system/menu/100'],
  ] as const)('%s %s without the permission is 403', async (method, url) => {
    const body = await call(t.app, { method, url: API + url, headers: limited.headers, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(body).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });

  it('list needs system:menu:list', async () => {
    const nobody = await staff(t, { userName: 'nomenu', deptId: 103, perms: [] });
    expect((await get(nobody, '/system/menu/list')).code).toBe(403);
    expect((await get(nobody, '/system/menu/treeselect')).code).toBe(200);
  });
});

describe('menu writes', () => {
  it('adds a directory and a menu, logging 菜单管理 / INSERT', async () => {
    expect(await send(admin, 'POST', '/system/menu', directory())).toEqual({ code: 200, msg: '操作成功' });
    const dirId = await menuIdByName('测试目录');
    const page = { menuName: '测试菜单', parentId: dirId, orderNum: 1, path: 'testpage', component: 'system/user/index', menuType: 'C', perms: 'test:page:list' };
    expect((await send(admin, 'POST', '/system/menu', page)).code).toBe(200);
    const got = await get<{ data: Menu & { component: string; perms: string; icon: string } }>(admin, `/system/menu/${await menuIdByName('测试菜单')}`);
    expect(got.data).toMatchObject({ parentId: dirId, component: 'system/user/index', perms: 'test:page:list', isFrame: '1', icon: '#' });
    const log = await eventually(async () => {
      const rows = await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, '菜单管理'));
      return rows.length ? rows[0] : null;
    });
    expect(log.businessType).toBe(1);
  });

  it('refuses a duplicate name under the same parent', async () => {
    expect(await send(admin, 'POST', '/system/menu', directory({ path: 'other' }))).toEqual({ code: 500, msg: "新增菜单'测试目录'失败，菜单名称已存在" });
  });

  it('refuses an external link without http(s)://', async () => {
    expect(await send(admin, 'POST', '/system/menu', directory({ menuName: '外链', isFrame: '0', path: 'www.example.com' }))).toEqual({
      code: 500,
      msg: "新增菜单'外链'失败，地址必须以http(s)://开头",
    });
    expect((await send(admin, 'POST', '/system/menu', directory({ menuName: '外链', isFrame: '0', path: 'https://example.com' }))).code).toBe(200);
  });

  it('refuses a route that already exists', async () => {
    expect(await send(admin, 'POST', '/system/menu', directory({ menuName: '重复路由', path: 'SYSTEM' }))).toEqual({
      code: 500,
      msg: "新增菜单'重复路由'失败，路由名称或地址已存在",
    });
    expect(await send(admin, 'POST', '/system/menu', { ...directory({ menuName: '重复名称', path: 'x1', parentId: 1, menuType: 'C' }), routeName: 'User' })).toEqual({
      code: 500,
      msg: "新增菜单'重复名称'失败，路由名称或地址已存在",
    });
  });

  it.each([
    [{ menuName: '' }, '菜单名称不能为空'],
    [{ menuName: undefined }, '菜单名称不能为空'],
    [{ menuName: 'x'.repeat(51) }, '菜单名称长度不能超过50个字符'],
    [{ orderNum: undefined }, '显示顺序不能为空'],
    [{ path: 'p'.repeat(201) }, '路由地址不能超过200个字符'],
    [{ component: 'c'.repeat(256) }, '组件路径不能超过255个字符'],
    [{ menuType: '' }, '菜单类型不能为空'],
    [{ perms: 'p'.repeat(101) }, '权限标识长度不能超过100个字符'],
  ])('validates %j', async (over, msg) => {
    expect(await send(admin, 'POST', '/system/menu', directory({ menuName: '校验', path: 'check', ...over }))).toEqual({ code: 500, msg });
  });

  it('edits a menu; parent cannot be itself; duplicate names are refused', async () => {
    const dirId = await menuIdByName('测试目录');
    expect(await send(admin, 'PUT', '/system/menu', directory({ menuId: dirId, menuName: '测试目录2' }))).toEqual({ code: 200, msg: '操作成功' });
    expect((await get<{ data: Menu }>(admin, `/system/menu/${dirId}`)).data.menuName).toBe('测试目录2');
    expect(await send(admin, 'PUT', '/system/menu', directory({ menuId: dirId, menuName: '测试目录2', parentId: dirId }))).toEqual({
      code: 500,
      msg: "修改菜单'测试目录2'失败，上级菜单不能选择自己",
    });
    const childId = await menuIdByName('测试菜单');
    expect(await send(admin, 'PUT', '/system/menu', directory({ menuId: dirId, menuName: '测试目录2', parentId: childId }))).toEqual({
      code: 500,
      msg: "修改菜单'测试目录2'失败，上级菜单不能选择自己的下级菜单",
    });
    expect(await send(admin, 'PUT', '/system/menu', directory({ menuId: dirId, menuName: '系统管理', path: 'testdir' }))).toEqual({
      code: 500,
      msg: "修改菜单'系统管理'失败，菜单名称已存在",
    });
  });

  it('edits refresh the permissions of live sessions holding the menu', async () => {
    const menuId = await menuIdByPerms(t, 'system:user:list');
    const [row] = await t.deps.database.db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId));
    const body = { ...row, isFrame: String(row.isFrame), isCache: String(row.isCache), perms: 'system:user:list,system:menu:query', createTime: undefined, updateTime: undefined };
    expect((await send(admin, 'PUT', '/system/menu', body)).code).toBe(200);
    expect((await get(limited, '/system/menu/100')).code).toBe(200);
    await send(admin, 'PUT', '/system/menu', { ...body, perms: 'system:user:list' });
    expect((await get(limited, '/system/menu/100')).code).toBe(403);
  });

  it('delete is refused with 601 while the menu has children or is assigned', async () => {
    expect(await send(admin, 'DELETE', `/system/menu/${await menuIdByName('测试目录2')}`)).toEqual({ code: 601, msg: '存在子菜单,不允许删除' });
    const page = await menuIdByName('测试菜单');
    await t.deps.database.db.insert(sysRoleMenu).values({ roleId: 2, menuId: page });
    expect(await send(admin, 'DELETE', `/system/menu/${page}`)).toEqual({ code: 601, msg: '菜单已分配,不允许删除' });
    await t.deps.database.db.delete(sysRoleMenu).where(eq(sysRoleMenu.menuId, page));
    expect(await send(admin, 'DELETE', `/system/menu/${page}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await send(admin, 'DELETE', `/system/menu/${await menuIdByName('测试目录2')}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await get(admin, `/system/menu/${page}`))).toEqual({ code: 200, msg: '操作成功' });
  });

  it('saves the order of several menus at once', async () => {
    expect(await send(admin, 'PUT', '/system/menu/updateSort', { menuIds: '100,101', orderNums: '7,8' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await get<{ data: Menu }>(admin, '/system/menu/100')).data.orderNum).toBe(7);
    expect((await get<{ data: Menu }>(admin, '/system/menu/101')).data.orderNum).toBe(8);
    expect(await send(admin, 'PUT', '/system/menu/updateSort', { menuIds: '100,101', orderNums: '1' })).toEqual({ code: 500, msg: '保存排序异常，请联系管理员' });
    expect(await send(admin, 'PUT', '/system/menu/updateSort', { menuIds: '100', orderNums: 'x' })).toEqual({ code: 500, msg: '保存排序异常，请联系管理员' });
  });
});

describe('sidebar after menu changes', () => {
  it('a new directory and menu granted to a role appear in getRouters at the next login', async () => {
    await send(admin, 'POST', '/system/menu', directory({ menuName: '新目录', path: 'newdir' }));
    const dirId = await menuIdByName('新目录');
    await send(admin, 'POST', '/system/menu', { menuName: '新菜单', parentId: dirId, orderNum: 1, path: 'newpage', component: 'system/user/index', menuType: 'C' });
    const routers = await get<{ data: { path: string; children?: { path: string }[] }[] }>(admin, '/getRouters');
    const dir = routers.data.find((r) => r.path === '/newdir');
    expect(dir?.children?.map((c) => c.path)).toEqual(['newpage']);
    const again = await loginAs(t.app, 'admin', 'admin123');
    expect((await get<{ data: { path: string }[] }>(again, '/getRouters')).data.some((r) => r.path === '/newdir')).toBe(true);
  });
});
