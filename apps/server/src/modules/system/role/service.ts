import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import type { Db } from '../../../db/client';
import { sysRole, sysUser } from '../../../db/schema';
import type { LoginSession } from '../../../core/auth';
import { dataScopeFilter, DataScope } from '../../../core/datascope';
import { ServiceError } from '../../../core/errors';
import { refreshUserSessions } from '../../auth/authority.service';
import { SUPER_ADMIN_USER_ID } from '../../auth/repository';
import { menusOfUser } from '../menu/repository';
import {
  ADMIN_ROLE_ID,
  countRoles,
  existingDeptIds,
  findRole,
  holdersOf,
  replaceRoleDepts,
  replaceRoleMenus,
  roleDeptIds,
  roleMenuIds,
  roleTaken,
  softDeleteRole,
  type RoleRow,
} from './repository';
import type { DataScopeBody, RoleBody, RoleUpdateBody } from './schema';

/** The user-side scope predicate (dept and user columns of sys_user) for a permission. */
export const userScope = (session: LoginSession, permission: string) =>
  dataScopeFilter(session, permission, { dept: sysUser.deptId, user: sysUser.userId });

/** Role 1 is never edited, disabled, re-scoped, deleted or (re)assigned. */
export function assertNotAdminRole(roleId: number): void {
  if (roleId === ADMIN_ROLE_ID) throw new ServiceError('不允许操作超级管理员角色');
}

/** checkRoleDataScope: the role must be visible to the caller under the permission of this request. */
export async function assertRoleInScope(deps: AppDeps, session: LoginSession, roleId: number, permission: string): Promise<void> {
  const scope = userScope(session, permission);
  if (!scope) return;
  if ((await countRoles(deps.database.db, { roleId }, scope)) === 0) throw new ServiceError('没有权限访问角色数据！');
}

/** An existing role the caller may change: not role 1, in scope, not deleted. */
async function editableRole(deps: AppDeps, session: LoginSession, roleId: number, permission: string): Promise<RoleRow> {
  assertNotAdminRole(roleId);
  await assertRoleInScope(deps, session, roleId, permission);
  const role = await findRole(deps.database.db, roleId);
  if (!role) throw new ServiceError('角色不存在');
  return role;
}

async function assertUnique(db: Db, verb: '新增' | '修改', body: RoleBody, exceptId?: number): Promise<void> {
  if (await roleTaken(db, 'roleName', body.roleName, exceptId)) {
    throw new ServiceError(`${verb}角色'${body.roleName}'失败，角色名称已存在`);
  }
  if (await roleTaken(db, 'roleKey', body.roleKey, exceptId)) {
    throw new ServiceError(`${verb}角色'${body.roleName}'失败，角色权限已存在`);
  }
}

/**
 * The menus a role will hold. Callers can grant only menus they can see themselves (upstream trusted the
 * client, so anyone with system:role:edit could grant every menu); menus of the role that the caller
 * cannot see stay as they are (`current`), since the caller's tree never showed them.
 */
async function grantableMenus(db: Db, session: LoginSession, requested: number[], current: number[] = []): Promise<number[]> {
  const visible = new Set((await menusOfUser(db, session.userId)).map((m) => m.menuId));
  const kept = current.filter((id) => !visible.has(id));
  if (requested.some((id) => !visible.has(id) && !kept.includes(id))) throw new ServiceError('没有权限分配该菜单');
  return [...new Set([...requested, ...kept])];
}

const sameIds = (a: number[], b: number[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((id) => set.has(id));
};

const OWN_ROLE_MENUS = '不能修改自己所属角色的菜单权限';
const OWN_ROLE_SCOPE = '不能修改自己所属角色的数据权限';
const OWN_ROLE_STATUS = '不能修改自己所属角色的状态';

/**
 * Refuses a change to the menus, data scope or status of a role the caller holds: its rights are the
 * caller's own, so widening them (or re-enabling a role an admin disabled) would be self-promotion
 * (upstream allows it). Only the super admin is exempt.
 */
async function assertNotOwnRole(db: Db, session: LoginSession, roleId: number, unchanged: boolean, message: string): Promise<void> {
  if (unchanged || session.userId === SUPER_ADMIN_USER_ID) return;
  if ((await holdersOf(db, roleId)).includes(session.userId)) throw new ServiceError(message);
}

/** The sys_role columns a role form writes. */
const roleColumns = (b: RoleBody) => ({
  roleName: b.roleName,
  roleKey: b.roleKey,
  roleSort: b.roleSort,
  status: b.status,
  menuCheckStrictly: b.menuCheckStrictly,
  deptCheckStrictly: b.deptCheckStrictly,
  remark: b.remark,
});

/** Re-reads the permissions of every live session of the role's holders. */
export async function refreshHolders(deps: AppDeps, userIds: number[]): Promise<void> {
  for (const userId of userIds) await refreshUserSessions(deps, userId);
}

export async function createRole(deps: AppDeps, session: LoginSession, body: RoleBody): Promise<void> {
  const { db } = deps.database;
  await assertUnique(db, '新增', body);
  const menuIds = await grantableMenus(db, session, body.menuIds);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sysRole)
      .values({ ...roleColumns(body), createBy: session.userName, createTime: new Date(deps.now()) })
      .returning({ roleId: sysRole.roleId });
    await replaceRoleMenus(tx, row.roleId, menuIds);
  });
}

export async function updateRole(deps: AppDeps, session: LoginSession, body: RoleUpdateBody): Promise<void> {
  const { db } = deps.database;
  const role = await editableRole(deps, session, body.roleId, 'system:role:edit');
  await assertUnique(db, '修改', body, body.roleId);
  const { roleId } = body;
  const current = await roleMenuIds(db, roleId);
  const menuIds = await grantableMenus(db, session, body.menuIds, current);
  await assertNotOwnRole(db, session, roleId, sameIds(menuIds, current), OWN_ROLE_MENUS);
  await assertNotOwnRole(db, session, roleId, role.status === body.status, OWN_ROLE_STATUS);
  await db.transaction(async (tx) => {
    await tx
      .update(sysRole)
      .set({ ...roleColumns(body), updateBy: session.userName, updateTime: new Date(deps.now()) })
      .where(eq(sysRole.roleId, roleId));
    await replaceRoleMenus(tx, roleId, menuIds);
  });
  await refreshHolders(deps, await holdersOf(db, roleId));
}

export async function changeRoleStatus(deps: AppDeps, session: LoginSession, roleId: number, status: string): Promise<void> {
  const role = await editableRole(deps, session, roleId, 'system:role:edit');
  const { db } = deps.database;
  await assertNotOwnRole(db, session, roleId, role.status === status, OWN_ROLE_STATUS);
  await db.update(sysRole).set({ status, updateBy: session.userName, updateTime: new Date(deps.now()) }).where(eq(sysRole.roleId, roleId));
  await refreshHolders(deps, await holdersOf(db, roleId));
}

/** Custom departments are kept only for the custom scope; other scopes clear them. */
export async function assignDataScope(deps: AppDeps, session: LoginSession, body: DataScopeBody): Promise<void> {
  const role = await editableRole(deps, session, body.roleId, 'system:role:edit');
  const { db } = deps.database;
  const deptIds = body.dataScope === DataScope.CUSTOM ? await existingDeptIds(db, [...new Set(body.deptIds)]) : [];
  const unchanged = role.dataScope === body.dataScope && sameIds(deptIds, await roleDeptIds(db, body.roleId));
  await assertNotOwnRole(db, session, body.roleId, unchanged, OWN_ROLE_SCOPE);
  await db.transaction(async (tx) => {
    await tx
      .update(sysRole)
      .set({ dataScope: body.dataScope, deptCheckStrictly: body.deptCheckStrictly, updateBy: session.userName, updateTime: new Date(deps.now()) })
      .where(eq(sysRole.roleId, body.roleId));
    await replaceRoleDepts(tx, body.roleId, deptIds);
  });
  // Sessions carry each role's data scope, which every scoped list reads.
  await refreshHolders(deps, await holdersOf(db, body.roleId));
}

/** All roles are checked before any is deleted, so a refused id leaves every role in place. */
export async function deleteRoles(deps: AppDeps, session: LoginSession, roleIds: number[]): Promise<void> {
  const { db } = deps.database;
  for (const roleId of roleIds) {
    const role = await editableRole(deps, session, roleId, 'system:role:remove');
    if ((await holdersOf(db, roleId)).length > 0) throw new ServiceError(`${role.roleName}已分配,不能删除`);
  }
  await db.transaction(async (tx) => {
    for (const roleId of roleIds) await softDeleteRole(tx, roleId);
  });
}
