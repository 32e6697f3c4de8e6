import { and, asc, eq, inArray } from 'drizzle-orm';
import { ALL_PERMISSION, SUPER_ADMIN_ROLE } from '@acs/shared';
import type { Db } from '../../db/client';
import { sysDept, sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../db/schema';
import type { SessionDept, SessionRole, SessionUser } from '../../core/auth';
import { formatDateTime } from '../../core/time';

/** Upstream's super administrator is user 1 and the admin role is role 1, not a role key. */
export const SUPER_ADMIN_USER_ID = 1;
const ADMIN_ROLE_ID = 1;
const NORMAL = '0';
const EXISTS = '0';

const wireDate = (d: Date | null) => (d ? formatDateTime(d) : null);

export type UserRow = typeof sysUser.$inferSelect;
type RoleRow = typeof sysRole.$inferSelect;
type DeptRow = typeof sysDept.$inferSelect;
export type MenuRow = typeof sysMenu.$inferSelect;

/** A login candidate: only rows that are not deleted, so a deleted account looks like no account. */
export async function findUserByName(db: Db, userName: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.userName, userName), eq(sysUser.delFlag, EXISTS)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, userId: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, EXISTS)))
    .limit(1);
  return row ?? null;
}

async function rolesOfUser(db: Db, userId: number): Promise<RoleRow[]> {
  return db
    .select({ role: sysRole })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, EXISTS)))
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId))
    .then((rows) => rows.map((r) => r.role));
}

/** Menu permission strings per role (menus with status normal); one `perms` may list several. */
async function permissionsByRole(db: Db, roleIds: number[]): Promise<Map<number, string[]>> {
  const byRole = new Map<number, string[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return byRole;
  const rows = await db
    .select({ roleId: sysRoleMenu.roleId, perms: sysMenu.perms })
    .from(sysRoleMenu)
    .innerJoin(sysMenu, eq(sysMenu.menuId, sysRoleMenu.menuId))
    .where(and(inArray(sysRoleMenu.roleId, roleIds), eq(sysMenu.status, NORMAL)));
  for (const { roleId, perms } of rows) {
    for (const p of (perms ?? '').split(',')) {
      const trimmed = p.trim();
      if (trimmed) byRole.get(roleId)?.push(trimmed);
    }
  }
  for (const [id, list] of byRole) byRole.set(id, [...new Set(list)].sort());
  return byRole;
}

function deptJson(d: DeptRow): SessionDept {
  return {
    deptId: d.deptId,
    parentId: d.parentId,
    ancestors: d.ancestors,
    deptName: d.deptName,
    orderNum: d.orderNum,
    leader: d.leader,
    phone: d.phone,
    email: d.email,
    status: d.status,
    delFlag: d.delFlag,
    parentName: null,
    children: [],
    createBy: d.createBy,
    createTime: wireDate(d.createTime),
    updateBy: d.updateBy,
    updateTime: wireDate(d.updateTime),
  };
}

function roleJson(r: RoleRow, permissions: string[] | null): SessionRole {
  return {
    roleId: r.roleId,
    roleName: r.roleName,
    roleKey: r.roleKey,
    roleSort: r.roleSort,
    dataScope: r.dataScope,
    menuCheckStrictly: r.menuCheckStrictly,
    deptCheckStrictly: r.deptCheckStrictly,
    status: r.status,
    delFlag: r.delFlag,
    flag: false,
    menuIds: null,
    deptIds: null,
    permissions,
    admin: r.roleId === ADMIN_ROLE_ID,
    createBy: r.createBy,
    createTime: wireDate(r.createTime),
    updateBy: r.updateBy,
    updateTime: wireDate(r.updateTime),
    remark: r.remark,
  };
}

/** Everything a session needs about a user: the cached user object, role keys and permissions. */
export interface UserAuthority {
  user: SessionUser;
  deptName: string;
  roles: string[];
  permissions: string[];
}

/**
 * Role keys: every non-deleted role of the user (comma-separated keys split), or ["admin"] for user 1.
 * Permissions: "*:*:*" for user 1, else the union over the user's normal roles.
 */
export async function loadAuthority(db: Db, row: UserRow): Promise<UserAuthority> {
  const isSuperAdmin = row.userId === SUPER_ADMIN_USER_ID;
  const [deptRow] = row.deptId === null ? [] : await db.select().from(sysDept).where(eq(sysDept.deptId, row.deptId)).limit(1);
  const roleRows = await rolesOfUser(db, row.userId);
  const grantingRoles = roleRows.filter((r) => r.status === NORMAL && r.roleId !== ADMIN_ROLE_ID);
  const perms = await permissionsByRole(db, grantingRoles.map((r) => r.roleId));

  const roles = isSuperAdmin
    ? [SUPER_ADMIN_ROLE]
    : [...new Set(roleRows.flatMap((r) => r.roleKey.split(',').map((k) => k.trim()).filter(Boolean)))];
  const permissions = isSuperAdmin ? [ALL_PERMISSION] : [...new Set([...perms.values()].flat())].sort();

  const user: SessionUser = {
    userId: row.userId,
    deptId: row.deptId,
    userName: row.userName,
    nickName: row.nickName,
    userType: row.userType,
    email: row.email,
    phonenumber: row.phonenumber,
    sex: row.sex,
    avatar: row.avatar,
    status: row.status,
    delFlag: row.delFlag,
    loginIp: row.loginIp,
    loginDate: wireDate(row.loginDate),
    pwdUpdateDate: wireDate(row.pwdUpdateDate),
    createBy: row.createBy,
    createTime: wireDate(row.createTime),
    updateBy: row.updateBy,
    updateTime: wireDate(row.updateTime),
    remark: row.remark,
    dept: deptRow ? deptJson(deptRow) : null,
    roles: roleRows.map((r) => roleJson(r, perms.get(r.roleId) ?? null)),
    roleIds: null,
    postIds: null,
    roleId: null,
    admin: isSuperAdmin,
  };
  return { user, deptName: deptRow?.deptName ?? '', roles, permissions };
}

export async function recordLoginOnUser(db: Db, userId: number, ip: string, at: Date): Promise<void> {
  await db.update(sysUser).set({ loginIp: ip, loginDate: at }).where(eq(sysUser.userId, userId));
}

export async function userNameTaken(db: Db, userName: string): Promise<boolean> {
  return (await findUserByName(db, userName)) !== null;
}

export async function insertRegisteredUser(db: Db, userName: string, passwordHash: string, at: Date): Promise<void> {
  await db.insert(sysUser).values({
    userName,
    nickName: userName,
    password: passwordHash,
    pwdUpdateDate: at,
    createTime: at,
  });
}

/** Directory and menu entries (never buttons) a user may see, parents before children, by order. */
export async function routerMenus(db: Db, userId: number): Promise<MenuRow[]> {
  const visible = and(inArray(sysMenu.menuType, ['M', 'C']), eq(sysMenu.status, NORMAL));
  const order = [asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId)];
  if (userId === SUPER_ADMIN_USER_ID) {
    return db.select().from(sysMenu).where(visible).orderBy(...order);
  }
  return db
    .selectDistinct({ menu: sysMenu })
    .from(sysMenu)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.menuId, sysMenu.menuId))
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRoleMenu.roleId))
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(visible, eq(sysUserRole.userId, userId), eq(sysRole.status, NORMAL), eq(sysRole.delFlag, EXISTS)))
    .orderBy(...order)
    .then((rows) => rows.map((r) => r.menu));
}
