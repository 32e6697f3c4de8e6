import { and, asc, eq, inArray, like, type SQL } from 'drizzle-orm';
import bcrypt from 'bcryptjs';
import { passwordPolicyError } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { deleteSession, endSessionsOfUser, sessionsOfUser, type LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { dayRange, likePattern, orderBy, paged, type ListQuery } from '../../../core/list';
import type { Db } from '../../../db/client';
import { sysRole, sysUser } from '../../../db/schema';
import { refreshUserSessions } from '../../auth/authority.service';
import { SUPER_ADMIN_USER_ID } from '../../auth/repository';
import { getConfigValue } from '../config/service';
import {
  allPosts,
  countListedUsers,
  deptAndDescendants,
  findUser,
  listDepts,
  listRoles,
  postIdsOf,
  replaceUserPosts,
  replaceUserRoles,
  roleIdsOf,
  selectUsers,
  softDeleteUsers,
  updateUser,
  insertUser,
  valueTaken,
  type UniqueField,
  type UserWithDept,
} from './repository';
import { checkDeptDataScope, checkRoleDataScope, checkUserDataScope, deptScope, roleScope, userScope } from './scope';
import type { UserBody, UserEditBody, UserFilters } from './schemas';
import { ADMIN_ROLE_ID, assignableRoles, postJson, roleJson, userJson } from './wire';

/** BCrypt cost of RuoYi's `$2a$10$` hashes. */
const BCRYPT_ROUNDS = 10;

export const Perm = {
  LIST: 'system:user:list',
  QUERY: 'system:user:query',
  ADD: 'system:user:add',
  EDIT: 'system:user:edit',
  REMOVE: 'system:user:remove',
  RESET_PWD: 'system:user:resetPwd',
  EXPORT: 'system:user:export',
  IMPORT: 'system:user:import',
} as const;

const SORTABLE = {
  userId: sysUser.userId,
  userName: sysUser.userName,
  nickName: sysUser.nickName,
  phonenumber: sysUser.phonenumber,
  status: sysUser.status,
  createTime: sysUser.createTime,
};

export const hashPassword = (plain: string) => bcrypt.hash(plain, BCRYPT_ROUNDS);

/** Refuses user 1 as the target of a write (upstream checkUserAllowed). */
export function checkUserAllowed(userId: number | undefined): void {
  if (userId === SUPER_ADMIN_USER_ID) throw new ServiceError('不允许操作超级管理员用户');
}

/** The add-user / reset-password rule of the forms, with the configured character rule. */
export async function checkPasswordPolicy(deps: AppDeps, password: string | null | undefined): Promise<string> {
  const chrtype = (await getConfigValue(deps, 'sys.account.chrtype')).trim() || '0';
  const message = passwordPolicyError(password, chrtype);
  if (message || !password) throw new ServiceError(message ?? '密码不能为空');
  return password;
}

function filterOf(session: LoginSession, permission: string, f: UserFilters): SQL | undefined {
  return and(
    f.userId ? eq(sysUser.userId, f.userId) : undefined,
    f.userName ? like(sysUser.userName, likePattern(f.userName)) : undefined,
    f.status ? eq(sysUser.status, f.status) : undefined,
    f.phonenumber ? like(sysUser.phonenumber, likePattern(f.phonenumber)) : undefined,
    f.deptId ? inArray(sysUser.deptId, deptAndDescendants(f.deptId)) : undefined,
    ...dayRange(sysUser.createTime, f),
    userScope(session, permission),
  );
}

const toJson = ({ user, dept }: UserWithDept) => userJson(user, dept);

export async function listUsers(deps: AppDeps, session: LoginSession, q: UserFilters & ListQuery) {
  const { db } = deps.database;
  const where = filterOf(session, Perm.LIST, q);
  const order = orderBy(q, SORTABLE, [asc(sysUser.userId)]);
  return paged(
    q,
    () => countListedUsers(db, where),
    async (limit, offset) => (await selectUsers(db, where, order).limit(limit).offset(offset)).map(toJson),
  );
}

export async function usersForExport(deps: AppDeps, session: LoginSession, f: UserFilters) {
  return selectUsers(deps.database.db, filterOf(session, Perm.EXPORT, f), orderBy(f, SORTABLE, [asc(sysUser.userId)]));
}

/** GET /system/user/ and /{userId}: the dialog's choices, plus the record when an id is given. */
export async function userForm(deps: AppDeps, session: LoginSession, userId?: number) {
  const { db } = deps.database;
  if (userId !== undefined) await checkUserDataScope(db, session, Perm.QUERY, userId);
  const roles = assignableRoles(await listRoles(db, roleScope(session, Perm.QUERY)), userId).map((r) => roleJson(r));
  const posts = (await allPosts(db)).map(postJson);
  if (userId === undefined) return { roles, posts };
  const found = await findUser(db, userId);
  if (!found) return { roles, posts };
  const roleIds = await roleIdsOf(db, userId);
  const userRoles = roleIds.length ? await listRoles(db, inArray(sysRole.roleId, roleIds)) : [];
  return {
    roles,
    posts,
    data: userJson(found.user, found.dept, userRoles.map((r) => roleJson(r))),
    postIds: await postIdsOf(db, userId),
    roleIds,
  };
}

const UNIQUE_LABEL: Record<UniqueField, string> = { userName: '登录账号', phonenumber: '手机号码', email: '邮箱账号' };

/** "新增用户'u'失败，登录账号已存在" and the like, among live users other than `exceptUserId`. */
export async function checkUnique(
  db: Db,
  verb: '新增' | '修改',
  body: Pick<UserBody, UniqueField>,
  exceptUserId?: number,
): Promise<void> {
  for (const field of ['userName', 'phonenumber', 'email'] as const) {
    if (await valueTaken(db, field, body[field] ?? undefined, exceptUserId)) {
      throw new ServiceError(`${verb}用户'${body.userName}'失败，${UNIQUE_LABEL[field]}已存在`);
    }
  }
}

function requireNickName(body: Pick<UserBody, 'nickName'>): string {
  if (!body.nickName) throw new ServiceError('用户昵称不能为空');
  return body.nickName;
}

/** Role 1 is never handed out: only user 1 holds it. */
function checkRolesAllowed(userId: number | undefined, roleIds: readonly number[]): void {
  if (userId !== SUPER_ADMIN_USER_ID && roleIds.includes(ADMIN_ROLE_ID)) throw new ServiceError('不允许操作超级管理员角色');
}

/**
 * Live sessions follow the stored user: a disabled or deleted user is signed out everywhere,
 * anyone else gets fresh roles and permissions.
 */
export async function syncSessions(deps: AppDeps, userId: number): Promise<void> {
  const found = await findUser(deps.database.db, userId);
  if (found && found.user.status === '0') return refreshUserSessions(deps, userId);
  for (const s of await sessionsOfUser(deps, userId)) await deleteSession(deps, s.tokenId);
}

const profileFields = (body: UserBody, nickName: string) => ({
  deptId: body.deptId ?? null,
  userName: body.userName,
  nickName,
  email: body.email ?? '',
  phonenumber: body.phonenumber ?? '',
  sex: body.sex ?? '0',
  status: body.status ?? '0',
  remark: body.remark ?? null,
});

export async function addUser(deps: AppDeps, session: LoginSession, body: UserBody): Promise<void> {
  const nickName = requireNickName(body);
  const password = await checkPasswordPolicy(deps, body.password);
  await deps.database.db.transaction(async (tx) => {
    await checkDeptDataScope(tx, session, Perm.ADD, body.deptId);
    checkRolesAllowed(undefined, body.roleIds);
    await checkRoleDataScope(tx, session, Perm.ADD, body.roleIds);
    await checkUnique(tx, '新增', body);
    const now = new Date(deps.now());
    const userId = await insertUser(tx, {
      ...profileFields(body, nickName),
      password: await hashPassword(password),
      pwdUpdateDate: now,
      createBy: session.userName,
      createTime: now,
    });
    await replaceUserRoles(tx, userId, body.roleIds);
    await replaceUserPosts(tx, userId, body.postIds);
  });
}

export async function editUser(deps: AppDeps, session: LoginSession, body: UserEditBody): Promise<void> {
  const nickName = requireNickName(body);
  checkUserAllowed(body.userId);
  await deps.database.db.transaction(async (tx) => {
    await checkUserDataScope(tx, session, Perm.EDIT, body.userId);
    await checkDeptDataScope(tx, session, Perm.EDIT, body.deptId);
    checkRolesAllowed(body.userId, body.roleIds);
    await checkRoleDataScope(tx, session, Perm.EDIT, body.roleIds);
    await checkUnique(tx, '修改', body, body.userId);
    const changed = await updateUser(tx, body.userId, {
      ...profileFields(body, nickName),
      updateBy: session.userName,
      updateTime: new Date(deps.now()),
    });
    if (changed === 0) throw new ServiceError('操作失败');
    await replaceUserRoles(tx, body.userId, body.roleIds);
    await replaceUserPosts(tx, body.userId, body.postIds);
  });
  await syncSessions(deps, body.userId);
}

export async function deleteUsers(deps: AppDeps, session: LoginSession, userIds: number[]): Promise<number> {
  if (userIds.includes(session.userId)) throw new ServiceError('当前用户不能删除');
  const { db } = deps.database;
  for (const id of userIds) {
    checkUserAllowed(id);
    await checkUserDataScope(db, session, Perm.REMOVE, id);
  }
  const removed = await db.transaction((tx) => softDeleteUsers(tx, userIds, session.userName, new Date(deps.now())));
  for (const id of userIds) await syncSessions(deps, id);
  return removed;
}

/** The guarded single-user writes (reset password, status): allowed target, in scope, then the change. */
async function guardedUpdate(
  deps: AppDeps,
  session: LoginSession,
  permission: string,
  userId: number,
  values: Partial<typeof sysUser.$inferInsert>,
): Promise<number> {
  checkUserAllowed(userId);
  await checkUserDataScope(deps.database.db, session, permission, userId);
  const now = new Date(deps.now());
  return updateUser(deps.database.db, userId, { ...values, updateBy: session.userName, updateTime: now });
}

/** Every session of the user ends (the caller's own stays when they reset their own password). */
export async function resetPassword(deps: AppDeps, session: LoginSession, userId: number, password: string | null | undefined) {
  const plain = await checkPasswordPolicy(deps, password);
  const changed = await guardedUpdate(deps, session, Perm.RESET_PWD, userId, {
    password: await hashPassword(plain),
    pwdUpdateDate: new Date(deps.now()),
  });
  await endSessionsOfUser(deps, userId, session.tokenId);
  return changed;
}

export async function changeStatus(deps: AppDeps, session: LoginSession, userId: number, status: string) {
  const changed = await guardedUpdate(deps, session, Perm.EDIT, userId, { status });
  await syncSessions(deps, userId);
  return changed;
}

/** GET /system/user/authRole/{userId}: the user and every assignable role, flagged when held. */
export async function authRoleInfo(deps: AppDeps, session: LoginSession, userId: number) {
  const { db } = deps.database;
  await checkUserDataScope(db, session, Perm.QUERY, userId);
  const found = await findUser(db, userId);
  if (!found) throw new ServiceError('没有权限访问用户数据！');
  const held = new Set(await roleIdsOf(db, userId));
  const roles = assignableRoles(await listRoles(db, roleScope(session, Perm.QUERY)), userId);
  const heldRoles = roles.filter((r) => held.has(r.roleId)).map((r) => roleJson(r, true));
  return {
    user: userJson(found.user, found.dept, heldRoles),
    roles: roles.map((r) => roleJson(r, held.has(r.roleId))),
  };
}

export async function setUserRoles(deps: AppDeps, session: LoginSession, userId: number, roleIds: number[]): Promise<void> {
  checkUserAllowed(userId);
  checkRolesAllowed(userId, roleIds);
  await deps.database.db.transaction(async (tx) => {
    await checkUserDataScope(tx, session, Perm.EDIT, userId);
    await checkRoleDataScope(tx, session, Perm.EDIT, roleIds);
    await replaceUserRoles(tx, userId, roleIds);
  });
  await syncSessions(deps, userId);
}

export interface TreeSelect {
  id: number;
  label: string;
  disabled: boolean;
  children?: TreeSelect[];
}

/** GET /system/user/deptTree: departments in scope as TreeSelect nodes, roots being those without a visible parent. */
export async function deptTree(deps: AppDeps, session: LoginSession): Promise<TreeSelect[]> {
  const depts = await listDepts(deps.database.db, deptScope(session, Perm.LIST));
  const nodes = new Map<number, TreeSelect>(depts.map((d) => [d.deptId, { id: d.deptId, label: d.deptName, disabled: d.status === '1' }]));
  const roots: TreeSelect[] = [];
  for (const d of [...depts].sort((a, b) => a.orderNum - b.orderNum || a.deptId - b.deptId)) {
    const node = nodes.get(d.deptId);
    if (!node) continue;
    const parent = nodes.get(d.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
