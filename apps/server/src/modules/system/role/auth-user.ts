import { and, asc, count, eq, ilike, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import type { Db } from '../../../db/client';
import { sysUser, sysUserRole } from '../../../db/schema';
import type { LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { likePattern, paged } from '../../../core/list';
import { assertNotAdminRole, assertRoleInScope, refreshHolders, userScope } from './service';
import type { AuthUserListQuery } from './schema';

const EXISTS = '0';

/** The user columns the 分配用户 screen shows. */
const userColumns = {
  userId: sysUser.userId,
  deptId: sysUser.deptId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  email: sysUser.email,
  phonenumber: sysUser.phonenumber,
  status: sysUser.status,
  createTime: sysUser.createTime,
};

const holdersOfRole = (db: Db, roleId: number) =>
  db.select({ userId: sysUserRole.userId }).from(sysUserRole).where(eq(sysUserRole.roleId, roleId));

/**
 * Users that hold (`allocated`) or do not hold the role, filtered by name and phone and limited to the
 * users the caller may see under system:role:list.
 */
export async function listRoleUsers(deps: AppDeps, session: LoginSession, q: AuthUserListQuery, allocated: boolean) {
  const { db } = deps.database;
  const holders = holdersOfRole(db, q.roleId);
  const where: SQL | undefined = and(
    eq(sysUser.delFlag, EXISTS),
    allocated ? inArray(sysUser.userId, holders) : notInArray(sysUser.userId, holders),
    q.userName ? ilike(sysUser.userName, likePattern(q.userName)) : undefined,
    q.phonenumber ? ilike(sysUser.phonenumber, likePattern(q.phonenumber)) : undefined,
    userScope(session, 'system:role:list'),
  );
  return paged(
    q,
    async () => (await db.select({ n: count() }).from(sysUser).where(where))[0]?.n ?? 0,
    (limit, offset) => db.select(userColumns).from(sysUser).where(where).orderBy(asc(sysUser.userId)).limit(limit).offset(offset),
  );
}

/** Role and users must both be within the caller's reach before a grant changes. */
async function assertGrantable(deps: AppDeps, session: LoginSession, roleId: number, userIds: number[]): Promise<void> {
  assertNotAdminRole(roleId);
  await assertRoleInScope(deps, session, roleId, 'system:role:edit');
  const scope = userScope(session, 'system:role:edit');
  const visible = await deps.database.db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(inArray(sysUser.userId, userIds), eq(sysUser.delFlag, EXISTS), scope));
  if (visible.length !== new Set(userIds).size) throw new ServiceError('没有权限访问用户数据！');
}

/** selectAll: grants the role to the users (already holding it is fine). */
export async function grantRole(deps: AppDeps, session: LoginSession, roleId: number, userIds: number[]): Promise<void> {
  await assertGrantable(deps, session, roleId, userIds);
  await deps.database.db
    .insert(sysUserRole)
    .values([...new Set(userIds)].map((userId) => ({ userId, roleId })))
    .onConflictDoNothing();
  await refreshHolders(deps, userIds);
}

/** cancel / cancelAll: takes the role away; the number of grants removed decides the envelope. */
export async function revokeRole(deps: AppDeps, session: LoginSession, roleId: number, userIds: number[]): Promise<number> {
  await assertGrantable(deps, session, roleId, userIds);
  const removed = await deps.database.db
    .delete(sysUserRole)
    .where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds)))
    .returning({ userId: sysUserRole.userId });
  await refreshHolders(deps, removed.map((r) => r.userId));
  return removed.length;
}
