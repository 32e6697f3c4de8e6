import { and, asc, count, eq, ilike, inArray, ne, notExists, exists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysDept, sysRole, sysRoleDept, sysRoleMenu, sysUser, sysUserRole } from '../../../db/schema';
import { dayRange, likePattern, type ListQuery } from '../../../core/list';

export type RoleRow = typeof sysRole.$inferSelect;

const EXISTS = '0';
const DELETED = '2';
/** Upstream's admin role: never edited, hidden from its own operation buttons. */
export const ADMIN_ROLE_ID = 1;

export interface RoleFilters extends Pick<ListQuery, 'params[beginTime]' | 'params[endTime]'> {
  roleId?: number;
  roleName?: string;
  roleKey?: string;
  status?: string;
}

/** The wire SysRole: the row plus upstream's boolean getters and always-null collections. */
export function roleJson(row: RoleRow) {
  return { ...row, flag: false, menuIds: null, deptIds: null, permissions: null, admin: row.roleId === ADMIN_ROLE_ID };
}

/**
 * Role visibility under data scope. Upstream joins roles through their users, so a role is visible when
 * one of its holders is in a visible department. We keep that, with two deliberate differences
 * (docs/decisions.md): the "self" scope sees the roles the user holds (upstream: nothing), and a role
 * nobody holds yet is visible, because upstream hides a freshly created role from the very person
 * who created it and then refuses every edit of it ("没有权限访问角色数据！"). A role without holders
 * grants nothing to anyone, so showing it reveals no one's data.
 */
export function roleScopePredicate(userScope: SQL | undefined): SQL | undefined {
  if (!userScope) return undefined;
  const heldInScope = exists(
    sql`(select 1 from ${sysUserRole} inner join ${sysUser} on ${sysUser.userId} = ${sysUserRole.userId}
      where ${sysUserRole.roleId} = ${sysRole.roleId} and ${sysUser.delFlag} = ${EXISTS} and ${userScope})`,
  );
  const unheld = notExists(sql`(select 1 from ${sysUserRole} where ${sysUserRole.roleId} = ${sysRole.roleId})`);
  return or(heldInScope, unheld);
}

function roleWhere(f: RoleFilters, scope: SQL | undefined): SQL | undefined {
  return and(
    eq(sysRole.delFlag, EXISTS),
    f.roleId ? eq(sysRole.roleId, f.roleId) : undefined,
    f.roleName ? ilike(sysRole.roleName, likePattern(f.roleName)) : undefined,
    f.roleKey ? ilike(sysRole.roleKey, likePattern(f.roleKey)) : undefined,
    f.status ? eq(sysRole.status, f.status) : undefined,
    ...dayRange(sysRole.createTime, f),
    roleScopePredicate(scope),
  );
}

export const ROLE_ORDER = [asc(sysRole.roleSort), asc(sysRole.roleId)];

export async function countRoles(db: Db, f: RoleFilters, scope: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sysRole).where(roleWhere(f, scope));
  return row?.n ?? 0;
}

export async function selectRoles(
  db: Db,
  f: RoleFilters,
  scope: SQL | undefined,
  order: SQL[] = ROLE_ORDER,
  page?: { limit: number; offset: number },
): Promise<RoleRow[]> {
  const q = db.select().from(sysRole).where(roleWhere(f, scope)).orderBy(...order);
  return page ? q.limit(page.limit).offset(page.offset) : q;
}

export async function findRole(db: Db, roleId: number): Promise<RoleRow | null> {
  const [row] = await db
    .select()
    .from(sysRole)
    .where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, EXISTS)))
    .limit(1);
  return row ?? null;
}

/** Another non-deleted role with this name (or key), other than `exceptId`. */
export async function roleTaken(db: Db, column: 'roleName' | 'roleKey', value: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ roleId: sysRole.roleId })
    .from(sysRole)
    .where(and(eq(sysRole[column], value), eq(sysRole.delFlag, EXISTS), exceptId ? ne(sysRole.roleId, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export async function roleMenuIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.select({ menuId: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  return rows.map((r) => r.menuId);
}

export async function roleDeptIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.select({ deptId: sysRoleDept.deptId }).from(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
  return rows.map((r) => r.deptId);
}

export async function replaceRoleMenus(db: Db, roleId: number, menuIds: number[]): Promise<void> {
  await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  if (menuIds.length > 0) await db.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId, menuId })));
}

export async function replaceRoleDepts(db: Db, roleId: number, deptIds: number[]): Promise<void> {
  await db.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
  if (deptIds.length > 0) await db.insert(sysRoleDept).values(deptIds.map((deptId) => ({ roleId, deptId })));
}

export async function softDeleteRole(db: Db, roleId: number): Promise<void> {
  await db.update(sysRole).set({ delFlag: DELETED }).where(eq(sysRole.roleId, roleId));
  await db.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  await db.delete(sysRoleDept).where(eq(sysRoleDept.roleId, roleId));
}

/** Ids of the (non-deleted) users holding a role: whose sessions a role change must refresh. */
export async function holdersOf(db: Db, roleId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: sysUserRole.userId })
    .from(sysUserRole)
    .innerJoin(sysUser, eq(sysUser.userId, sysUserRole.userId))
    .where(and(eq(sysUserRole.roleId, roleId), eq(sysUser.delFlag, EXISTS)));
  return rows.map((r) => r.userId);
}

/**
 * Departments checked for a role's custom data scope. With `linked` (parent and child linked in the
 * tree), a department that is the parent of another checked one is left out: the client's tree
 * derives it from its children.
 */
export async function checkedDeptIds(db: Db, roleId: number, linked: boolean): Promise<number[]> {
  const ofRole = eq(sysRoleDept.roleId, roleId);
  const parentsOfChecked = db
    .select({ parentId: sysDept.parentId })
    .from(sysDept)
    .innerJoin(sysRoleDept, and(eq(sysRoleDept.deptId, sysDept.deptId), ofRole));
  const rows = await db
    .select({ deptId: sysDept.deptId })
    .from(sysDept)
    .innerJoin(sysRoleDept, and(eq(sysRoleDept.deptId, sysDept.deptId), ofRole))
    .where(linked ? sql`${sysDept.deptId} not in ${parentsOfChecked}` : undefined)
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum));
  return rows.map((r) => r.deptId);
}

/** Non-deleted departments under the caller's dept scope, parents first, for the data-scope tree. */
export async function scopedDepts(db: Db, scope: SQL | undefined) {
  return db
    .select({ id: sysDept.deptId, parentId: sysDept.parentId, label: sysDept.deptName, status: sysDept.status })
    .from(sysDept)
    .where(and(eq(sysDept.delFlag, EXISTS), scope))
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
}

/** Which of these department ids exist (not deleted). */
export async function existingDeptIds(db: Db, deptIds: number[]): Promise<number[]> {
  if (deptIds.length === 0) return [];
  const rows = await db
    .select({ deptId: sysDept.deptId })
    .from(sysDept)
    .where(and(inArray(sysDept.deptId, deptIds), eq(sysDept.delFlag, EXISTS)));
  return rows.map((r) => r.deptId);
}
