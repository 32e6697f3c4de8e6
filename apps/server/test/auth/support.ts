import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { AppDeps } from '../../src/app';
import { CacheKey } from '../../src/core/cache-keys';
import { SEED_PASSWORD_HASH } from '../../src/db/seed';
import { sysConfig, sysLogininfor, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../src/db/schema';
import type { TestApp } from '../helpers/app';

export const API = '/prod-api';
export const SEED_PASSWORD = 'admin123';

/** Parsed envelope of an injected response (every auth answer is HTTP 200 JSON). */
export type Body = Record<string, unknown> & { code: number; msg: string };
export const body = (res: LightMyRequestResponse) => res.json<Body>();

/** A fresh captcha and its answer, read from the store the way the server will. */
export async function captcha(t: TestApp): Promise<{ uuid: string; code: string }> {
  const res = body(await t.app.inject({ method: 'GET', url: `${API}/captchaImage` }));
  const uuid = res.uuid as string;
  const code = (await t.deps.kv.get<string>(CacheKey.CAPTCHA_CODES + uuid)) ?? '';
  return { uuid, code };
}

export interface LoginOptions {
  username?: string;
  password?: string;
  /** Replace the captcha fields (otherwise a fresh, correctly answered captcha is used). */
  code?: string;
  uuid?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

export async function postLogin(t: TestApp, opts: LoginOptions = {}): Promise<Body> {
  const fresh = opts.code === undefined && opts.uuid === undefined ? await captcha(t) : { code: opts.code ?? '', uuid: opts.uuid ?? '' };
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/login`,
    remoteAddress: opts.remoteAddress,
    headers: { 'user-agent': CHROME_UA, ...opts.headers },
    payload: { username: opts.username ?? 'admin', password: opts.password ?? SEED_PASSWORD, ...fresh },
  });
  return body(res);
}

/** Logs in and returns the token, failing loudly when login did not succeed. */
export async function tokenFor(t: TestApp, username = 'admin', password = SEED_PASSWORD): Promise<string> {
  const res = await postLogin(t, { username, password });
  if (res.code !== 200) throw new Error(`login of ${username} failed: ${res.msg}`);
  return res.token as string;
}

export async function authedGet(t: TestApp, path: string, token: string | null, raw = false): Promise<Body> {
  const headers: Record<string, string> = token === null ? {} : { authorization: raw ? token : `Bearer ${token}` };
  return body(await t.app.inject({ method: 'GET', url: `${API}${path}`, headers }));
}

export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** Changes a sys_config value and drops its cached copy, as the config screen does. */
export async function setConfig(deps: AppDeps, key: string, value: string): Promise<void> {
  await deps.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, key));
  await deps.kv.del(CacheKey.SYS_CONFIG + key);
}

export async function lastLoginLog(deps: AppDeps) {
  const [row] = await deps.database.db.select().from(sysLogininfor).orderBy(desc(sysLogininfor.infoId)).limit(1);
  return row;
}

export async function loginLogCount(deps: AppDeps): Promise<number> {
  return (await deps.database.db.select({ id: sysLogininfor.infoId }).from(sysLogininfor)).length;
}

/** A user (password admin123) holding one new role that grants exactly the given menus. */
export async function createUserWithMenus(
  deps: AppDeps,
  userName: string,
  menuIds: number[],
  opts: { status?: string; roleStatus?: string } = {},
): Promise<number> {
  const { db } = deps.database;
  const [user] = await db
    .insert(sysUser)
    .values({ userName, nickName: userName, password: SEED_PASSWORD_HASH, deptId: 105, status: opts.status ?? '0' })
    .returning({ userId: sysUser.userId });
  const [role] = await db
    .insert(sysRole)
    .values({ roleName: `${userName}角色`, roleKey: `${userName}_role`, roleSort: 9, status: opts.roleStatus ?? '0' })
    .returning({ roleId: sysRole.roleId });
  await db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
  if (menuIds.length) await db.insert(sysRoleMenu).values(menuIds.map((menuId) => ({ roleId: role.roleId, menuId })));
  return user.userId;
}
