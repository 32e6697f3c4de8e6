import { eq } from 'drizzle-orm';
import type { TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { SEED_PASSWORD_HASH } from '../../../src/db/seed';
import { sysRole, sysRoleDept, sysRoleMenu, sysUser, sysUserRole } from '../../../src/db/schema';

export const API = '/prod-api';
/** 用户管理 menu (list) and its buttons 1000–1006 (query, add, edit, remove, export, import, resetPwd). */
export const USER_MENU_IDS = [100, 1000, 1001, 1002, 1003, 1004, 1005, 1006];

/** A role granting the given menus with a data scope (and custom departments for scope 2). */
export async function createRole(t: TestApp, key: string, dataScope: string, menuIds: number[], deptIds: number[] = []): Promise<number> {
  const db = t.deps.database.db;
  const [role] = await db
    .insert(sysRole)
    .values({ roleName: key, roleKey: key, roleSort: 10, dataScope })
    .returning({ roleId: sysRole.roleId });
  const roleId = role!.roleId;
  if (menuIds.length) await db.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId, menuId })));
  if (deptIds.length) await db.insert(sysRoleDept).values(deptIds.map((deptId) => ({ roleId, deptId })));
  return roleId;
}

/** A user (password admin123) in a department holding the given roles. */
export async function createUser(t: TestApp, userName: string, deptId: number, roleIds: number[] = []): Promise<number> {
  const db = t.deps.database.db;
  const [user] = await db
    .insert(sysUser)
    .values({ userName, nickName: userName, deptId, password: SEED_PASSWORD_HASH })
    .returning({ userId: sysUser.userId });
  const userId = user!.userId;
  if (roleIds.length) await db.insert(sysUserRole).values(roleIds.map((roleId) => ({ userId, roleId })));
  return userId;
}

export async function createAndLogin(t: TestApp, userName: string, deptId: number, roleIds: number[]): Promise<LoggedIn & { userId: number }> {
  const userId = await createUser(t, userName, deptId, roleIds);
  return { ...(await loginAs(t.app, userName, 'admin123')), userId };
}

export async function userRow(t: TestApp, userId: number) {
  const [row] = await t.deps.database.db.select().from(sysUser).where(eq(sysUser.userId, userId));
  return row;
}
