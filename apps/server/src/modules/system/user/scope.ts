import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { LoginSession } from '../../../core/auth';
import { dataScopeFilter } from '../../../core/datascope';
import { ServiceError } from '../../../core/errors';
import type { Db } from '../../../db/client';
import { sysDept, sysRole, sysUser, sysUserRole } from '../../../db/schema';
import { countUsers, listDepts, listRoles } from './repository';

/** Contract §5.3 guards: a scoped query for the single id must find it, else the request is refused. */
export const userScope = (session: LoginSession, permission: string) =>
  dataScopeFilter(session, permission, { dept: sysUser.deptId, user: sysUser.userId });

export const deptScope = (session: LoginSession, permission: string) =>
  dataScopeFilter(session, permission, { dept: sysDept.deptId });

/**
 * Roles are scoped through the departments of the users holding them (upstream joins role → user → dept),
 * so a role nobody in scope holds is out of scope.
 */
export function roleScope(session: LoginSession, permission: string): SQL | undefined {
  const deptOfHolder = dataScopeFilter(session, permission, { dept: sysUser.deptId });
  if (!deptOfHolder) return undefined;
  return inArray(
    sysRole.roleId,
    sql`(select ${sysUserRole.roleId} from ${sysUserRole} join ${sysUser} on ${sysUser.userId} = ${sysUserRole.userId} where ${deptOfHolder})`,
  );
}

export async function checkUserDataScope(db: Db, session: LoginSession, permission: string, userId: number): Promise<void> {
  const scope = userScope(session, permission);
  if (!scope) return;
  if ((await countUsers(db, and(eq(sysUser.userId, userId), scope))) === 0) throw new ServiceError('没有权限访问用户数据！');
}

export async function checkDeptDataScope(db: Db, session: LoginSession, permission: string, deptId: number | null | undefined): Promise<void> {
  if (deptId === null || deptId === undefined) return;
  const scope = deptScope(session, permission);
  if (!scope) return;
  if ((await listDepts(db, and(eq(sysDept.deptId, deptId), scope))).length === 0) throw new ServiceError('没有权限访问部门数据！');
}

export async function checkRoleDataScope(db: Db, session: LoginSession, permission: string, roleIds: readonly number[]): Promise<void> {
  if (roleIds.length === 0) return;
  const scope = roleScope(session, permission);
  if (!scope) return;
  const visible = await listRoles(db, and(inArray(sysRole.roleId, [...roleIds]), scope));
  if (visible.length < new Set(roleIds).size) throw new ServiceError('没有权限访问角色数据！');
}
