import { and, asc, eq, ne } from 'drizzle-orm';
import bcrypt from 'bcryptjs';
import type { AppDeps } from '../../../app';
import { endSessionsOfUser, saveSession, sessionsOfUser, type LoginSession, type SessionUser } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { formatDateTime } from '../../../core/time';
import { sysPost, sysRole, sysUser, sysUserPost, sysUserRole } from '../../../db/schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;

/** BCrypt cost of RuoYi's `$2a$10$` hashes. */
const BCRYPT_ROUNDS = 10;

/** Role and post names of a user, comma-joined (profile page's roleGroup/postGroup). */
export async function roleAndPostGroups(deps: Deps, userId: number): Promise<{ roleGroup: string; postGroup: string }> {
  const { db } = deps.database;
  const roles = await db
    .select({ name: sysRole.roleName })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.roleId, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0')))
    .orderBy(asc(sysRole.roleSort), asc(sysRole.roleId));
  const posts = await db
    .select({ name: sysPost.postName })
    .from(sysUserPost)
    .innerJoin(sysPost, eq(sysPost.postId, sysUserPost.postId))
    .where(eq(sysUserPost.userId, userId))
    .orderBy(asc(sysPost.postSort), asc(sysPost.postId));
  return { roleGroup: roles.map((r) => r.name).join(','), postGroup: posts.map((p) => p.name).join(',') };
}

/** Applies a change to the cached user of every live session of that user, so all their tabs agree. */
async function updateCachedUser(deps: Deps, userId: number, change: Partial<SessionUser>): Promise<void> {
  for (const session of await sessionsOfUser(deps, userId)) {
    const updated: LoginSession = { ...session, user: { ...session.user, ...change } };
    await saveSession(deps, updated);
  }
}

export interface ProfileChange {
  nickName?: string;
  email?: string;
  phonenumber?: string;
  sex?: string;
}

async function isTaken(deps: Deps, userId: number, column: typeof sysUser.email | typeof sysUser.phonenumber, value?: string) {
  if (!value) return false;
  const [row] = await deps.database.db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(eq(column, value), eq(sysUser.delFlag, '0'), ne(sysUser.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function updateProfile(deps: Deps, session: LoginSession, change: ProfileChange): Promise<void> {
  const { userId, userName } = session;
  if (await isTaken(deps, userId, sysUser.phonenumber, change.phonenumber)) {
    throw new ServiceError(`修改用户'${userName}'失败，手机号码已存在`);
  }
  if (await isTaken(deps, userId, sysUser.email, change.email)) {
    throw new ServiceError(`修改用户'${userName}'失败，邮箱账号已存在`);
  }
  const now = new Date(deps.now());
  const fields = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as ProfileChange;
  const updated = await deps.database.db
    .update(sysUser)
    .set({ ...fields, updateBy: userName, updateTime: now })
    .where(and(eq(sysUser.userId, userId), eq(sysUser.delFlag, '0')))
    .returning({ userId: sysUser.userId });
  if (updated.length === 0) throw new ServiceError('修改个人信息异常，请联系管理员');
  await updateCachedUser(deps, userId, { ...fields, updateBy: userName, updateTime: formatDateTime(now) });
}

export async function updatePassword(deps: Deps, session: LoginSession, oldPassword: string, newPassword: string): Promise<void> {
  const { db } = deps.database;
  const [user] = await db
    .select({ password: sysUser.password })
    .from(sysUser)
    .where(and(eq(sysUser.userId, session.userId), eq(sysUser.delFlag, '0')))
    .limit(1);
  if (!user || !(await bcrypt.compare(oldPassword, user.password))) throw new ServiceError('修改密码失败，旧密码错误');
  if (await bcrypt.compare(newPassword, user.password)) throw new ServiceError('新密码不能与旧密码相同');
  const now = new Date(deps.now());
  const updated = await db
    .update(sysUser)
    .set({ password: await bcrypt.hash(newPassword, BCRYPT_ROUNDS), pwdUpdateDate: now, updateBy: session.userName, updateTime: now })
    .where(eq(sysUser.userId, session.userId))
    .returning({ userId: sysUser.userId });
  if (updated.length === 0) throw new ServiceError('修改密码异常，请联系管理员');
  // Whoever held the old password (another device, a leaked token) is signed out; this session stays.
  await endSessionsOfUser(deps, session.userId, session.tokenId);
  await updateCachedUser(deps, session.userId, { pwdUpdateDate: formatDateTime(now) });
}

/** Points the user at a newly stored avatar; returns the previous avatar path. */
export async function replaceAvatar(deps: Deps, session: LoginSession, avatar: string): Promise<string> {
  const { db } = deps.database;
  const [current] = await db
    .select({ avatar: sysUser.avatar })
    .from(sysUser)
    .where(and(eq(sysUser.userId, session.userId), eq(sysUser.delFlag, '0')))
    .limit(1);
  if (!current) throw new ServiceError('上传图片异常，请联系管理员');
  await db.update(sysUser).set({ avatar }).where(eq(sysUser.userId, session.userId));
  await updateCachedUser(deps, session.userId, { avatar });
  return current.avatar;
}
