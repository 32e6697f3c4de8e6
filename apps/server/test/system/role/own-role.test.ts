import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysRole, sysRoleDept, sysRoleMenu, sysUserRole } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call } from '../../common/support';
import { API, menuIdByPerms, staff } from '../menu/support';

/** Issue 8 item 3: a role editor cannot widen the roles they hold themselves. */
let t: TestApp;
let admin: LoggedIn;
let editor: Awaited<ReturnType<typeof staff>>;
/** A second role of the editor, granting 参数设置. */
let configRoleId: number;

const SCOPE_MSG = '不能修改自己所属角色的数据权限';
const MENU_MSG = '不能修改自己所属角色的菜单权限';
const STATUS_MSG = '不能修改自己所属角色的状态';
const EDITOR_PERMS = ['system:role:list', 'system:role:query', 'system:role:edit', 'system:user:list'];

const put = (who: LoggedIn, url: string, payload: object) => call(t.app, { method: 'PUT', url: API + url, headers: who.headers, payload });

async function menusOf(roleId: number): Promise<number[]> {
  const rows = await t.deps.database.db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  return rows.map((r) => r.menuId).sort((a, b) => a - b);
}

async function roleForm(roleId: number, over: Record<string, unknown> = {}) {
  const [r] = await t.deps.database.db.select().from(sysRole).where(eq(sysRole.roleId, roleId));
  return {
    roleId,
    roleName: r.roleName,
    roleKey: r.roleKey,
    roleSort: r.roleSort,
    status: r.status,
    menuIds: await menusOf(roleId),
    menuCheckStrictly: r.menuCheckStrictly,
    deptCheckStrictly: r.deptCheckStrictly,
    remark: r.remark,
    ...over,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  editor = await staff(t, { userName: 'ownrole', deptId: 105, perms: EDITOR_PERMS, dataScope: '2', scopeDepts: [105] });
  const { db } = t.deps.database;
  const [role] = await db.insert(sysRole).values({ roleName: '参数查看', roleKey: 'cfg_viewer', roleSort: 9, dataScope: '5' }).returning();
  configRoleId = role.roleId;
  await db.insert(sysRoleMenu).values({ roleId: configRoleId, menuId: await menuIdByPerms(t, 'system:config:list') });
  await db.insert(sysUserRole).values({ userId: editor.userId, roleId: configRoleId });
  editor = { ...editor, ...(await loginAs(t.app, 'ownrole', 'admin123')) };
});

describe('roles the editor holds', () => {
  it('refuses widening the data scope of their own role, and leaves it as it was', async () => {
    expect(await put(editor, '/system/role/dataScope', { roleId: editor.roleId, dataScope: '1' })).toEqual({ code: 500, msg: SCOPE_MSG });
    expect(await put(editor, '/system/role/dataScope', { roleId: editor.roleId, dataScope: '2', deptIds: [105, 100] })).toEqual({
      code: 500,
      msg: SCOPE_MSG,
    });
    const [role] = await t.deps.database.db.select().from(sysRole).where(eq(sysRole.roleId, editor.roleId));
    expect(role.dataScope).toBe('2');
    const depts = await t.deps.database.db.select().from(sysRoleDept).where(eq(sysRoleDept.roleId, editor.roleId));
    expect(depts.map((d) => d.deptId)).toEqual([105]);
  });

  it('accepts the data-scope dialog saved without a change of scope', async () => {
    expect(await put(editor, '/system/role/dataScope', { roleId: editor.roleId, dataScope: '2', deptIds: [105], deptCheckStrictly: false })).toEqual({
      code: 200,
      msg: '操作成功',
    });
  });

  it('refuses adding or removing menus of their own role', async () => {
    const own = await menusOf(editor.roleId);
    const config = await menuIdByPerms(t, 'system:config:list');
    expect(await put(editor, '/system/role', await roleForm(editor.roleId, { menuIds: [...own, config] }))).toEqual({ code: 500, msg: MENU_MSG });
    expect(await put(editor, '/system/role', await roleForm(editor.roleId, { menuIds: own.slice(1) }))).toEqual({ code: 500, msg: MENU_MSG });
    expect(await menusOf(editor.roleId)).toEqual(own);
  });

  it('refuses re-enabling (or disabling) their own role, from either form', async () => {
    await t.deps.database.db.update(sysRole).set({ status: '1' }).where(eq(sysRole.roleId, configRoleId));
    expect(await put(editor, '/system/role/changeStatus', { roleId: configRoleId, status: '0' })).toEqual({ code: 500, msg: STATUS_MSG });
    expect(await put(editor, '/system/role', await roleForm(configRoleId, { status: '0' }))).toEqual({ code: 500, msg: STATUS_MSG });
    expect(await put(editor, '/system/role/changeStatus', { roleId: editor.roleId, status: '1' })).toEqual({ code: 500, msg: STATUS_MSG });
    const [role] = await t.deps.database.db.select().from(sysRole).where(eq(sysRole.roleId, configRoleId));
    expect(role.status).toBe('1');
    await t.deps.database.db.update(sysRole).set({ status: '0' }).where(eq(sysRole.roleId, configRoleId));
  });

  it('allows renaming their own role while its menus stay the same, in any order', async () => {
    const form = await roleForm(editor.roleId, { remark: '改了备注' });
    expect(await put(editor, '/system/role', { ...form, menuIds: [...form.menuIds].reverse() })).toEqual({ code: 200, msg: '操作成功' });
    const [role] = await t.deps.database.db.select().from(sysRole).where(eq(sysRole.roleId, editor.roleId));
    expect(role.remark).toBe('改了备注');
  });

  it('still lets them change roles they do not hold, within what they hold', async () => {
    const { db } = t.deps.database;
    const [other] = await db.insert(sysRole).values({ roleName: '他人角色', roleKey: 'someone_else', roleSort: 9, dataScope: '5' }).returning();
    expect(await put(editor, '/system/role/dataScope', { roleId: other.roleId, dataScope: '2', deptIds: [105] })).toEqual({ code: 200, msg: '操作成功' });
    const grant = [await menuIdByPerms(t, 'system:config:list')];
    expect(await put(editor, '/system/role', await roleForm(other.roleId, { menuIds: grant }))).toEqual({ code: 200, msg: '操作成功' });
    expect(await menusOf(other.roleId)).toEqual(grant);
  });

  it('leaves the super admin free to change any role, their own included', async () => {
    await t.deps.database.db.insert(sysUserRole).values({ userId: 1, roleId: configRoleId });
    expect(await put(admin, '/system/role/dataScope', { roleId: configRoleId, dataScope: '1' })).toEqual({ code: 200, msg: '操作成功' });
    const grant = [...(await menusOf(configRoleId)), await menuIdByPerms(t, 'system:post:list')];
    expect(await put(admin, '/system/role', await roleForm(configRoleId, { menuIds: grant }))).toEqual({ code: 200, msg: '操作成功' });
  });
});
