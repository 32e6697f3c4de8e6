import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sysMenu, sysOperLog, sysRole, sysRoleDept, sysRoleMenu, sysUser, sysUserRole } from '../../../src/db/schema';
import { SEED_PASSWORD_HASH } from '../../../src/db/seed';
import { readSheet } from '../../../src/core/list';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call, eventually } from '../../common/support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;

type Role = { roleId: number; roleName: string; roleKey: string; roleSort: number; status: string; dataScope: string; admin: boolean; flag: boolean; createTime: string | null };
type Page<T> = { rows: T[]; total: number };
type UserRow = { userId: number; userName: string; nickName: string; deptId: number; createTime: string };

const get = <T = Record<string, unknown>>(who: LoggedIn, url: string) => call<T>(t.app, { method: 'GET', url: API + url, headers: who.headers });
const send = <T = Record<string, unknown>>(who: LoggedIn, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call<T>(t.app, { method, url: API + url, headers: who.headers, payload });

const roleForm = (over: Partial<Record<string, unknown>> = {}) => ({
  roleName: '客服主管',
  roleKey: 'cs_lead',
  roleSort: 3,
  status: '0',
  menuIds: [] as number[],
  menuCheckStrictly: true,
  deptCheckStrictly: true,
  remark: '',
  ...over,
});

/** A user in a department holding roles, password admin123. */
async function addUser(userName: string, deptId: number, roleIds: number[]): Promise<number> {
  const { db } = t.deps.database;
  const [u] = await db.insert(sysUser).values({ userName, nickName: userName, password: SEED_PASSWORD_HASH, deptId }).returning();
  if (roleIds.length) await db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId: u.userId, roleId })));
  return u.userId;
}

/** A role straight in the database with the given permissions' menus and data scope. */
async function addRole(roleKey: string, perms: string[], dataScope: string): Promise<number> {
  const { db } = t.deps.database;
  const [r] = await db.insert(sysRole).values({ roleName: roleKey, roleKey, roleSort: 9, dataScope }).returning();
  const menus = await db.select().from(sysMenu);
  const ids = menus.filter((m) => m.perms && perms.includes(m.perms)).map((m) => m.menuId);
  if (ids.length) await db.insert(sysRoleMenu).values(ids.map((menuId) => ({ roleId: r.roleId, menuId })));
  return r.roleId;
}

const roleByKey = async (roleKey: string) =>
  (await t.deps.database.db.select().from(sysRole).where(and(eq(sysRole.roleKey, roleKey), eq(sysRole.delFlag, '0'))))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
});

describe('role list, detail and options', () => {
  it('lists roles by sort order with the wire shape', async () => {
    const body = await get<Page<Role>>(admin, '/system/role/list?pageNum=1&pageSize=10');
    expect(body).toMatchObject({ code: 200, msg: '查询成功', total: 2 });
    expect(body.rows.map((r) => r.roleKey)).toEqual(['admin', 'common']);
    expect(body.rows[0]).toMatchObject({ roleId: 1, admin: true, flag: false, menuCheckStrictly: true, deptCheckStrictly: true, menuIds: null });
    expect(body.rows[1].admin).toBe(false);
    expect(body.rows[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by name (like), key (like), status and creation day', async () => {
    expect((await get<Page<Role>>(admin, '/system/role/list?roleName=普通')).rows.map((r) => r.roleId)).toEqual([2]);
    expect((await get<Page<Role>>(admin, '/system/role/list?roleKey=adm')).rows.map((r) => r.roleId)).toEqual([1]);
    expect((await get<Page<Role>>(admin, '/system/role/list?status=1')).total).toBe(0);
    expect((await get<Page<Role>>(admin, '/system/role/list?params%5BbeginTime%5D=2999-01-01')).total).toBe(0);
  });

  it('refuses an unknown sort column', async () => {
    expect(await get(admin, '/system/role/list?orderByColumn=secret')).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
  });

  it('returns one role in data, and optionselect lists all roles', async () => {
    expect((await get<{ data: Role }>(admin, '/system/role/2')).data).toMatchObject({ roleId: 2, roleName: '普通角色', dataScope: '2' });
    expect(await get(admin, '/system/role/9999')).toEqual({ code: 200, msg: '操作成功' });
    expect((await get<{ data: Role[] }>(admin, '/system/role/optionselect')).data.map((r) => r.roleId)).toEqual([1, 2]);
  });

  it('answers 403 to a user without the permission', async () => {
    await addUser('nobody', 105, []);
    const nobody = await loginAs(t.app, 'nobody', 'admin123');
    const denied = { code: 403, msg: '没有权限，请联系管理员授权' };
    expect(await get(nobody, '/system/role/list')).toEqual(denied);
    expect(await get(nobody, '/system/role/2')).toEqual(denied);
    expect(await get(nobody, '/system/role/optionselect')).toEqual(denied);
    expect(await get(nobody, '/system/role/deptTree/2')).toEqual(denied);
    expect(await get(nobody, '/system/role/authUser/allocatedList?roleId=2')).toEqual(denied);
    expect(await send(nobody, 'POST', '/system/role', roleForm())).toEqual(denied);
    expect(await send(nobody, 'PUT', '/system/role', roleForm({ roleId: 2 }))).toEqual(denied);
    expect(await send(nobody, 'PUT', '/system/role/changeStatus', { roleId: 2, status: '1' })).toEqual(denied);
    expect(await send(nobody, 'PUT', '/system/role/dataScope', { roleId: 2, dataScope: '1' })).toEqual(denied);
    expect(await send(nobody, 'PUT', '/system/role/authUser/selectAll?roleId=2&userIds=1')).toEqual(denied);
    expect(await send(nobody, 'DELETE', '/system/role/2')).toEqual(denied);
    const res = await t.app.inject({ method: 'POST', url: `${API}/system/role/export`, headers: nobody.headers });
    expect(res.json()).toEqual(denied);
  });
});

describe('create and edit', () => {
  it('validates the role form with the contract messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [roleForm({ roleName: '' }), '角色名称不能为空'],
      [roleForm({ roleName: '   ' }), '角色名称不能为空'],
      [roleForm({ roleName: '名'.repeat(31) }), '角色名称长度不能超过30个字符'],
      [roleForm({ roleKey: undefined }), '权限字符不能为空'],
      [roleForm({ roleKey: 'k'.repeat(101) }), '权限字符长度不能超过100个字符'],
      [roleForm({ roleSort: undefined }), '显示顺序不能为空'],
      [roleForm({ roleSort: null }), '显示顺序不能为空'],
    ];
    for (const [payload, msg] of cases) expect(await send(admin, 'POST', '/system/role', payload)).toEqual({ code: 500, msg });
  });

  it('creates a role with its menus and writes an operation log', async () => {
    expect(await send(admin, 'POST', '/system/role', roleForm({ menuIds: [1, 100, 1000] }))).toEqual({ code: 200, msg: '操作成功' });
    const role = await roleByKey('cs_lead');
    expect(role).toMatchObject({ roleName: '客服主管', roleSort: 3, createBy: 'admin' });
    const menus = await t.deps.database.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, role.roleId));
    expect(menus.map((m) => m.menuId).sort((a, b) => a - b)).toEqual([1, 100, 1000]);
    const logRow = await eventually(async () => {
      const rows = await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, '角色管理'));
      return rows.find((r) => r.businessType === 1);
    });
    expect(logRow.operUrl).toBe('/prod-api/system/role');
  });

  it('refuses duplicate names and keys on add and edit', async () => {
    expect(await send(admin, 'POST', '/system/role', roleForm({ roleKey: 'other' }))).toEqual({ code: 500, msg: "新增角色'客服主管'失败，角色名称已存在" });
    expect(await send(admin, 'POST', '/system/role', roleForm({ roleName: '新名字', roleKey: 'common' }))).toEqual({
      code: 500,
      msg: "新增角色'新名字'失败，角色权限已存在",
    });
    const { roleId } = await roleByKey('cs_lead');
    expect(await send(admin, 'PUT', '/system/role', roleForm({ roleId, roleName: '普通角色' }))).toEqual({ code: 500, msg: "修改角色'普通角色'失败，角色名称已存在" });
    expect(await send(admin, 'PUT', '/system/role', roleForm({ roleId, roleKey: 'admin' }))).toEqual({ code: 500, msg: "修改角色'客服主管'失败，角色权限已存在" });
  });

  it('edits a role and replaces its menus', async () => {
    const { roleId } = await roleByKey('cs_lead');
    expect(await send(admin, 'PUT', '/system/role', roleForm({ roleId, roleName: '客服组长', roleSort: 4, menuIds: [1, 101] }))).toMatchObject({ code: 200 });
    expect(await roleByKey('cs_lead')).toMatchObject({ roleName: '客服组长', roleSort: 4, updateBy: 'admin' });
    const menus = await t.deps.database.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
    expect(menus.map((m) => m.menuId).sort((a, b) => a - b)).toEqual([1, 101]);
  });

  it('protects the admin role', async () => {
    const msg = { code: 500, msg: '不允许操作超级管理员角色' };
    expect(await send(admin, 'PUT', '/system/role', roleForm({ roleId: 1, roleName: '超级管理员', roleKey: 'admin' }))).toEqual(msg);
    expect(await send(admin, 'PUT', '/system/role/changeStatus', { roleId: 1, status: '1' })).toEqual(msg);
    expect(await send(admin, 'PUT', '/system/role/dataScope', { roleId: 1, dataScope: '5' })).toEqual(msg);
    expect(await send(admin, 'PUT', '/system/role/authUser/selectAll?roleId=1&userIds=2')).toEqual(msg);
    expect(await send(admin, 'PUT', '/system/role/authUser/cancel', { roleId: 1, userId: 1 })).toEqual(msg);
    expect(await send(admin, 'DELETE', '/system/role/1')).toEqual(msg);
    expect(await roleByKey('admin')).toMatchObject({ status: '0', delFlag: '0' });
  });
});

describe('status, data scope and delete', () => {
  it('changes the status', async () => {
    const { roleId } = await roleByKey('cs_lead');
    expect(await send(admin, 'PUT', '/system/role/changeStatus', { roleId, status: '1' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await roleByKey('cs_lead')).status).toBe('1');
    expect(await send(admin, 'PUT', '/system/role/changeStatus', { roleId, status: '2' })).toEqual({ code: 500, msg: '状态只能是0或1' });
    await send(admin, 'PUT', '/system/role/changeStatus', { roleId, status: '0' });
  });

  it('stores custom departments and returns them in deptTree (linked: parents left out)', async () => {
    const { roleId } = await roleByKey('cs_lead');
    expect(await send(admin, 'PUT', '/system/role/dataScope', { roleId, dataScope: '2', deptIds: [100, 101, 103], deptCheckStrictly: true })).toMatchObject({
      code: 200,
    });
    const tree = await get<{ checkedKeys: number[]; depts: { id: number; label: string; children?: unknown[] }[] }>(admin, `/system/role/deptTree/${roleId}`);
    expect(tree.checkedKeys).toEqual([103]);
    expect(tree.depts).toHaveLength(1);
    expect(tree.depts[0]).toMatchObject({ id: 100, label: '示例科技', disabled: false });
    expect(tree).not.toHaveProperty('data');

    await send(admin, 'PUT', '/system/role/dataScope', { roleId, dataScope: '2', deptIds: [100, 101, 103], deptCheckStrictly: false });
    expect((await get<{ checkedKeys: number[] }>(admin, `/system/role/deptTree/${roleId}`)).checkedKeys.sort()).toEqual([100, 101, 103]);
  });

  it('clears custom departments when another scope is chosen', async () => {
    const { roleId } = await roleByKey('cs_lead');
    await send(admin, 'PUT', '/system/role/dataScope', { roleId, dataScope: '3', deptIds: [105] });
    expect((await roleByKey('cs_lead')).dataScope).toBe('3');
    expect(await t.deps.database.db.select().from(sysRoleDept).where(eq(sysRoleDept.roleId, roleId))).toEqual([]);
    expect(await send(admin, 'PUT', '/system/role/dataScope', { roleId, dataScope: '9' })).toEqual({ code: 500, msg: '数据范围只能是1到5' });
  });

  it('refuses to delete a role that users hold, and deletes the others with their menus', async () => {
    expect(await send(admin, 'DELETE', '/system/role/2')).toEqual({ code: 500, msg: '普通角色已分配,不能删除' });
    await send(admin, 'POST', '/system/role', roleForm({ roleName: '临时', roleKey: 'temp', menuIds: [1] }));
    const { roleId } = await roleByKey('temp');
    expect(await send(admin, 'DELETE', `/system/role/2,${roleId}`)).toMatchObject({ code: 500 });
    expect(await roleByKey('temp')).toBeDefined();
    expect(await send(admin, 'DELETE', `/system/role/${roleId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await roleByKey('temp')).toBeUndefined();
    expect(await t.deps.database.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId))).toEqual([]);
    expect((await get<Page<Role>>(admin, '/system/role/list?roleKey=temp')).total).toBe(0);
  });
});

describe('export', () => {
  it('produces the 角色数据 workbook with the contract columns', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/system/role/export`,
      headers: { ...admin.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'roleKey=common',
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(res.rawPayload);
    expect(rows).toEqual([{ 角色序号: '2', 角色名称: '普通角色', 角色权限: 'common', 角色排序: '2', 数据范围: '自定义数据权限', 角色状态: '正常' }]);
  });
});

describe('authorised users', () => {
  let roleId: number;
  let userA: number;
  let userB: number;

  beforeAll(async () => {
    roleId = (await roleByKey('cs_lead')).roleId;
    userA = await addUser('agent_a', 103, []);
    userB = await addUser('agent_b', 105, []);
  });

  const allocated = (q = '') => get<Page<UserRow>>(admin, `/system/role/authUser/allocatedList?roleId=${roleId}${q}`);
  const unallocated = (q = '') => get<Page<UserRow>>(admin, `/system/role/authUser/unallocatedList?roleId=${roleId}${q}`);

  it('requires the role id', async () => {
    expect((await get(admin, '/system/role/authUser/allocatedList')).code).toBe(500);
  });

  it('lists holders and non-holders', async () => {
    expect((await allocated()).total).toBe(0);
    const names = (await unallocated()).rows.map((u) => u.userName);
    expect(names).toEqual(expect.arrayContaining(['admin', 'ry', 'agent_a', 'agent_b']));
    const filtered = await unallocated('&userName=agent_');
    expect(filtered.rows.map((u) => u.userName)).toEqual(['agent_a', 'agent_b']);
    expect(Object.keys(filtered.rows[0]).sort()).toEqual(['createTime', 'deptId', 'email', 'nickName', 'phonenumber', 'status', 'userId', 'userName']);
  });

  it('grants the role to several users (selectAll) and takes it back one by one or together', async () => {
    expect(await send(admin, 'PUT', `/system/role/authUser/selectAll?roleId=${roleId}&userIds=${userA},${userB}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await allocated()).rows.map((u) => u.userName)).toEqual(['agent_a', 'agent_b']);
    expect((await unallocated('&userName=agent_')).total).toBe(0);
    expect((await allocated('&userName=agent_b')).rows.map((u) => u.userId)).toEqual([userB]);

    expect(await send(admin, 'PUT', '/system/role/authUser/cancel', { userId: userA, roleId })).toEqual({ code: 200, msg: '操作成功' });
    expect((await allocated()).rows.map((u) => u.userId)).toEqual([userB]);
    expect(await send(admin, 'PUT', '/system/role/authUser/cancel', { userId: userA, roleId })).toEqual({ code: 500, msg: '操作失败' });

    await send(admin, 'PUT', `/system/role/authUser/selectAll?roleId=${roleId}&userIds=${userA}&userIds=${userB}`);
    expect(await send(admin, 'PUT', `/system/role/authUser/cancelAll?roleId=${roleId}&userIds=${userA},${userB}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await allocated()).total).toBe(0);
  });

  it('refuses unknown users', async () => {
    expect(await send(admin, 'PUT', `/system/role/authUser/selectAll?roleId=${roleId}&userIds=99999`)).toEqual({ code: 500, msg: '没有权限访问用户数据！' });
    expect((await send(admin, 'PUT', `/system/role/authUser/selectAll?roleId=${roleId}`)).code).toBe(500);
  });
});

describe('live sessions', () => {
  it("a role's new menus and status reach a signed-in holder's getInfo without re-login", async () => {
    const roleId = await addRole('live', ['system:user:list'], '1');
    await addUser('live_user', 103, [roleId]);
    const live = await loginAs(t.app, 'live_user', 'admin123');
    const perms = async () => (await get<{ permissions: string[] }>(live, '/getInfo')).permissions;
    expect(await perms()).toEqual(['system:user:list']);

    const postList = (await t.deps.database.db.select().from(sysMenu).where(eq(sysMenu.perms, 'system:post:list')))[0];
    const userList = (await t.deps.database.db.select().from(sysMenu).where(eq(sysMenu.perms, 'system:user:list')))[0];
    await send(admin, 'PUT', '/system/role', roleForm({ roleId, roleName: 'live', roleKey: 'live', roleSort: 9, menuIds: [userList.menuId, postList.menuId] }));
    expect(await perms()).toEqual(['system:post:list', 'system:user:list']);
    expect(await get(live, '/system/role/list')).toMatchObject({ code: 403 });

    await send(admin, 'PUT', '/system/role/changeStatus', { roleId, status: '1' });
    expect(await perms()).toEqual([]);
  });
});

describe('data scope', () => {
  it("a manager sees the roles held in their scope and roles nobody holds, and can't touch the others", async () => {
    const managerRole = await addRole('role_mgr', ['system:role:list', 'system:role:query', 'system:role:edit'], '3');
    await addUser('mgr', 104, [managerRole]);
    const heldElsewhere = await addRole('held_elsewhere', [], '1');
    await addUser('far_user', 108, [heldElsewhere]);
    const heldHere = await addRole('held_here', [], '1');
    await addUser('near_user', 104, [heldHere]);
    const unheld = await addRole('unheld', [], '1');
    const mgr = await loginAs(t.app, 'mgr', 'admin123');

    const keys = (await get<Page<Role>>(mgr, '/system/role/list?pageSize=100')).rows.map((r) => r.roleKey);
    expect(keys).toEqual(expect.arrayContaining(['role_mgr', 'held_here', 'unheld']));
    expect(keys).not.toContain('held_elsewhere');
    expect(keys).not.toContain('common');
    expect(await get(mgr, `/system/role/${heldElsewhere}`)).toEqual({ code: 500, msg: '没有权限访问角色数据！' });
    expect((await get<{ data: Role }>(mgr, `/system/role/${unheld}`)).data.roleKey).toBe('unheld');
    expect(await send(mgr, 'PUT', '/system/role/changeStatus', { roleId: heldElsewhere, status: '1' })).toEqual({ code: 500, msg: '没有权限访问角色数据！' });

    // Users outside the manager's department can be neither listed nor granted.
    const unallocatedNames = (await get<Page<UserRow>>(mgr, `/system/role/authUser/unallocatedList?roleId=${unheld}&pageSize=100`)).rows.map((u) => u.userName);
    expect(unallocatedNames).toEqual(['mgr', 'near_user']);
    const far = (await t.deps.database.db.select().from(sysUser).where(eq(sysUser.userName, 'far_user')))[0];
    expect(await send(mgr, 'PUT', `/system/role/authUser/selectAll?roleId=${unheld}&userIds=${far.userId}`)).toEqual({ code: 500, msg: '没有权限访问用户数据！' });

    // The dept tree only holds the manager's own department.
    const tree = await get<{ depts: { id: number }[] }>(mgr, `/system/role/deptTree/${unheld}`);
    expect(tree.depts.map((d) => d.id)).toEqual([104]);
  });

  it('a role editor can only grant menus they hold themselves', async () => {
    const editorRole = await addRole('role_editor', ['system:role:list', 'system:role:add', 'system:role:edit', 'system:role:query'], '1');
    await addUser('editor', 103, [editorRole]);
    const editor = await loginAs(t.app, 'editor', 'admin123');
    const [configMenu] = await t.deps.database.db.select().from(sysMenu).where(eq(sysMenu.perms, 'system:config:list'));
    expect(await send(editor, 'POST', '/system/role', roleForm({ roleName: '越权', roleKey: 'escalate', menuIds: [configMenu.menuId] }))).toEqual({
      code: 500,
      msg: '没有权限分配该菜单',
    });
    const own = (await t.deps.database.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, editorRole))).map((r) => r.menuId);
    expect(await send(editor, 'POST', '/system/role', roleForm({ roleName: '合规', roleKey: 'compliant', menuIds: own }))).toMatchObject({ code: 200 });
  });
});
