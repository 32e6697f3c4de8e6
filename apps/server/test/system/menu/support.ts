import { eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { sysMenu, sysRole, sysRoleDept, sysRoleMenu, sysUser, sysUserRole } from '../../../src/db/schema';
import { SEED_PASSWORD_HASH } from '../../../src/db/seed';

export const API = '/prod-api';

export interface StaffSpec {
  userName: string;
  deptId: number;
  /** Permission strings; the role gets the seed menus carrying them. */
  perms: string[];
  dataScope?: string;
  /** Depts of a custom (2) data scope. */
  scopeDepts?: number[];
}

/**
 * A signed-in user with one role of their own holding exactly the menus of `perms`
 * (password admin123), for permission and data-scope tests.
 */
export async function staff(t: TestApp, spec: StaffSpec): Promise<LoggedIn & { userId: number; roleId: number }> {
  const { db } = t.deps.database;
  const [role] = await db
    .insert(sysRole)
    .values({ roleName: `角色${spec.userName}`, roleKey: `role_${spec.userName}`, roleSort: 9, dataScope: spec.dataScope ?? '1' })
    .returning({ roleId: sysRole.roleId });
  const menus = spec.perms.length ? await db.select({ menuId: sysMenu.menuId }).from(sysMenu).where(inArray(sysMenu.perms, spec.perms)) : [];
  if (menus.length) await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role.roleId, menuId: m.menuId })));
  if (spec.scopeDepts?.length) await db.insert(sysRoleDept).values(spec.scopeDepts.map((deptId) => ({ roleId: role.roleId, deptId })));
  const [user] = await db
    .insert(sysUser)
    .values({ userName: spec.userName, nickName: spec.userName, deptId: spec.deptId, password: SEED_PASSWORD_HASH })
    .returning({ userId: sysUser.userId });
  await db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
  return { ...(await loginAs(t.app, spec.userName, 'admin123')), userId: user.userId, roleId: role.roleId };
}

export async function menuIdByPerms(t: TestApp, perms: string): Promise<number> {
  const [row] = await t.deps.database.db.select({ menuId: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.perms, perms));
  return row.menuId;
}
