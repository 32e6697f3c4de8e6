import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { cachedCount } from '../../../core/list/count-cache';
import type { Db } from '../../../db/client';
import { sysDept, sysPost, sysRole, sysUser, sysUserPost, sysUserRole } from '../../../db/schema';

export const EXISTS = '0';
export const DELETED = '2';

export type UserRow = typeof sysUser.$inferSelect;
export type DeptRow = typeof sysDept.$inferSelect;
export type RoleRow = typeof sysRole.$inferSelect;
export type PostRow = typeof sysPost.$inferSelect;

/** The department fields a user row carries (SysDept nested in SysUser); audit columns are not read. */
const userDeptColumns = {
  deptId: sysDept.deptId,
  parentId: sysDept.parentId,
  ancestors: sysDept.ancestors,
  deptName: sysDept.deptName,
  orderNum: sysDept.orderNum,
  leader: sysDept.leader,
  phone: sysDept.phone,
  email: sysDept.email,
  status: sysDept.status,
  delFlag: sysDept.delFlag,
};

export type UserDept = Pick<DeptRow, keyof typeof userDeptColumns>;

export interface UserWithDept {
  user: UserRow;
  dept: UserDept | null;
}

const notDeleted = eq(sysUser.delFlag, EXISTS);

/** Users joined to their department (alias `d` upstream), filtered by `where`, in the given order. */
export function selectUsers(db: Db, where: SQL | undefined, order: SQL[]) {
  return db
    .select({ user: sysUser, dept: userDeptColumns })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(and(notDeleted, where))
    .orderBy(...order);
}

const countQuery = (db: Db, where: SQL | undefined) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(sysUser)
    .where(and(notDeleted, where));

export async function countUsers(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await countQuery(db, where);
  return row?.n ?? 0;
}

/**
 * The user list's exact total. Counting 100,000 users costs tens of milliseconds per request, so
 * the count is kept until a write changes what it depends on (version 'sys_user', migration 0002).
 */
export function countListedUsers(db: Db, where: SQL | undefined): Promise<number> {
  return cachedCount(db, 'sys_user', countQuery(db, where));
}

export async function findUser(db: Db, userId: number): Promise<UserWithDept | null> {
  const [row] = await selectUsers(db, eq(sysUser.userId, userId), []).limit(1);
  return row ?? null;
}

export async function findUserByName(db: Db, userName: string): Promise<UserRow | null> {
  const [row] = await db.select().from(sysUser).where(and(notDeleted, eq(sysUser.userName, userName))).limit(1);
  return row ?? null;
}

export type UniqueField = 'userName' | 'phonenumber' | 'email';

/** Whether another live user holds the value; empty values never clash. */
export async function valueTaken(db: Db, field: UniqueField, value: string | undefined, exceptUserId?: number): Promise<boolean> {
  if (!value) return false;
  const [row] = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(notDeleted, eq(sysUser[field], value), exceptUserId === undefined ? undefined : ne(sysUser.userId, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/** Departments ids and their descendants (by ancestors), for the list's dept filter. */
export function deptAndDescendants(deptId: number): SQL {
  return sql`(select ${sysDept.deptId} from ${sysDept} where ${sysDept.deptId} = ${deptId} or ${deptId}::text = any(string_to_array(${sysDept.ancestors}, ',')))`;
}

export async function roleIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function postIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: sysUserPost.postId }).from(sysUserPost).where(eq(sysUserPost.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export async function allPosts(db: Db): Promise<PostRow[]> {
  return db.select().from(sysPost).orderBy(asc(sysPost.postSort), asc(sysPost.postId));
}

/** Live roles, optionally restricted (data scope), in the role list's order. */
export async function listRoles(db: Db, where: SQL | undefined): Promise<RoleRow[]> {
  return db
    .select()
    .from(sysRole)
    .where(and(eq(sysRole.delFlag, EXISTS), where))
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
}

/** Live departments, optionally restricted (data scope), parents first. */
export async function listDepts(db: Db, where: SQL | undefined): Promise<DeptRow[]> {
  return db
    .select()
    .from(sysDept)
    .where(and(eq(sysDept.delFlag, EXISTS), where))
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
}

export async function replaceUserRoles(db: Db, userId: number, roleIds: readonly number[]): Promise<void> {
  await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
  if (roleIds.length > 0) await db.insert(sysUserRole).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
}

export async function replaceUserPosts(db: Db, userId: number, postIds: readonly number[]): Promise<void> {
  await db.delete(sysUserPost).where(eq(sysUserPost.userId, userId));
  if (postIds.length > 0) await db.insert(sysUserPost).values([...new Set(postIds)].map((postId) => ({ userId, postId })));
}

export async function softDeleteUsers(db: Db, userIds: readonly number[], by: string, at: Date): Promise<number> {
  const rows = await db
    .update(sysUser)
    .set({ delFlag: DELETED, updateBy: by, updateTime: at })
    .where(and(inArray(sysUser.userId, [...userIds]), notDeleted))
    .returning({ userId: sysUser.userId });
  await db.delete(sysUserRole).where(inArray(sysUserRole.userId, [...userIds]));
  await db.delete(sysUserPost).where(inArray(sysUserPost.userId, [...userIds]));
  return rows.length;
}

export async function updateUser(db: Db, userId: number, values: Partial<typeof sysUser.$inferInsert>): Promise<number> {
  const rows = await db
    .update(sysUser)
    .set(values)
    .where(and(eq(sysUser.userId, userId), notDeleted))
    .returning({ userId: sysUser.userId });
  return rows.length;
}

export async function insertUser(db: Db, values: typeof sysUser.$inferInsert): Promise<number> {
  const [row] = await db.insert(sysUser).values(values).returning({ userId: sysUser.userId });
  if (!row) throw new Error('insert into sys_user returned no row');
  return row.userId;
}
