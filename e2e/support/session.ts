import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const API = '/prod-api';
export const TOKEN_COOKIE = 'Admin-Token';

export interface Account {
  username: string;
  password: string;
}

/** Seeded accounts (RuoYi seed): admin is the super admin, ry holds role 普通角色 with every menu. */
export const ADMIN: Account = { username: 'admin', password: 'admin123' };
export const RY: Account = { username: 'ry', password: 'admin123' };

/**
 * Logs in through the real API; the e2e data directory has the captcha switched off, so code/uuid stay empty.
 * `baseURL` names another server than the configured one (support/isolated-server.ts).
 */
export async function apiLogin(request: APIRequestContext, user: Account, baseURL = ''): Promise<string> {
  const res = await request.post(`${baseURL}${API}/login`, { data: { ...user, code: '', uuid: '' } });
  const body = (await res.json()) as { code: number; msg: string; token?: string };
  expect(body, `login of ${user.username}: ${body.msg}`).toMatchObject({ code: 200 });
  return body.token as string;
}

/** The admin token of this worker's API calls (a Playwright worker is one process). */
let adminToken: string | undefined;

/**
 * Authorization headers for the admin's API calls, signed in once per worker: /login allows 30 attempts a
 * minute per address, and the whole suite comes from 127.0.0.1, so a helper that signed in on every call
 * (some run inside expect.poll) could use up the budget of a test beside it. No spec ends admin sessions
 * other than its own browser's, which never carries this token.
 */
export async function adminHeaders(request: APIRequestContext): Promise<{ Authorization: string }> {
  adminToken ??= await apiLogin(request, ADMIN);
  return { Authorization: `Bearer ${adminToken}` };
}

/** Leaves the browser as the login page does: the token in the Admin-Token cookie. */
export async function loginAs(page: Page, user: Account = ADMIN): Promise<string> {
  const token = await apiLogin(page.request, user);
  const url = test.info().project.use.baseURL as string;
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: token, url }]);
  return token;
}

export async function tokenOf(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === TOKEN_COOKIE)?.value;
}

/** Screenshot of the key state of a spec, kept with the test's other output under e2e/test-results. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: false });
}

/** A mainland mobile of this run (its last 8 digits from the clock), so a retry never meets an earlier try's customer or user. */
export const mobileOfRun = (prefix = '138') => `${prefix}${String(Date.now()).slice(-8)}`;

/**
 * A fresh account with role 2 (普通角色), for specs that sign one in many times, end its sessions or
 * change its password: ry is shared by the specs running side by side.
 */
export async function apiCreateUser(request: APIRequestContext, prefix: string): Promise<Account> {
  const user: Account = { username: `${prefix}${Date.now() % 1_000_000}`, password: 'admin123' };
  const headers = await adminHeaders(request);
  const data = { userName: user.username, nickName: user.username, password: user.password, status: '0', roleIds: [2] };
  const body = (await (await request.post(`${API}/system/user`, { headers, data })).json()) as { code: number; msg: string };
  expect(body, `create ${user.username}: ${body.msg}`).toMatchObject({ code: 200 });
  return user;
}
