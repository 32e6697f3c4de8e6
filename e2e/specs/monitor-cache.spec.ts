import { expect, test, type Page } from '@playwright/test';
import { startIsolatedServer } from '../support/isolated-server';
import { ADMIN, API, apiCreateUser, apiLogin, loginAs, RY, snap, TOKEN_COOKIE } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, tableRow } from '../support/list-page';

/** The session id a token carries (claim login_user_key), which names its `login_tokens:` key. */
function tokenIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { login_user_key: string };
  return payload.login_user_key;
}

const pane = (page: Page, title: string) => page.locator('.cache-pane', { has: page.locator('.ant-card-head-title', { hasText: title }) });

async function signedIn(page: Page, token: string, baseURL = ''): Promise<boolean> {
  const res = await page.request.get(`${baseURL}${API}/getInfo`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { code: number }).code === 200;
}

test('缓存监控: the in-process store with its figures, key counts and both charts', async ({ page }) => {
  const errors = consoleErrors(page);
  await loginAs(page);
  await openShell(page, '/monitor/cache');

  const basic = page.locator('.ant-card', { hasText: '基本信息' });
  await expect(basic).toContainText('进程内存储（未配置 Redis）');
  await expect(basic).toContainText('Key数量');
  await expect(tableRow(page, '用户信息')).toBeVisible();
  await expect(page.getByRole('img', { name: '命令统计' }).locator('canvas')).toBeVisible();
  await expect(page.getByRole('img', { name: '内存信息' }).locator('canvas')).toBeVisible();
  await expect(page.getByText(/^更新于 /)).toBeVisible();
  await snap(page, 'monitor-cache');
  expect(errors).toEqual([]);
});

test('缓存列表: browse names, keys and a value; clearing a key asks first and ends only that session', async ({ page }) => {
  const errors = consoleErrors(page);
  const admin = await loginAs(page);
  const member = await apiCreateUser(page.request, 'cachelist');
  const ry = await apiLogin(page.request, member);
  const ryKey = `login_tokens:${tokenIdOf(ry)}`;
  await openShell(page, '/monitor/cacheList');

  await expect(tableRow(page, '密码错误次数')).toBeVisible();
  await tableRow(page, '用户信息').click();
  const keys = pane(page, '键名列表');
  await expect(keys.locator('.ant-table-row', { hasText: tokenIdOf(admin) })).toBeVisible();
  await keys.locator('.ant-table-row', { hasText: tokenIdOf(ry) }).click();
  const value = pane(page, '缓存内容');
  await expect(value.getByLabel('缓存名称:')).toHaveValue('login_tokens');
  await expect(value.getByLabel('缓存键名:')).toHaveValue(tokenIdOf(ry));
  await expect(value.getByLabel('缓存内容:')).toHaveValue(new RegExp(`"userName": "${member.username}"`));
  await snap(page, 'monitor-cache-list');

  await keys.locator('.ant-table-row', { hasText: tokenIdOf(ry) }).getByRole('button', { name: '清理该键' }).click();
  const prompt = page.getByRole('dialog', { name: '系统提示' });
  await expect(prompt).toContainText(`确认清理缓存键名[${ryKey}]？`);
  await button(prompt, '确定').click();
  await expect(page.getByText(`清理缓存键名[${ryKey}]成功`)).toBeVisible();
  await expect(keys.locator('.ant-table-row', { hasText: tokenIdOf(ry) })).toHaveCount(0);
  expect(await signedIn(page, ry)).toBe(false);
  expect(await signedIn(page, admin)).toBe(true);
  expect(errors).toEqual([]);
});

test('缓存列表: 清理全部 says what it ends, asks first, and leaves the admin signed in', async ({ page }) => {
  // Ending every other session needs a server of its own: on the shared one it would sign out the specs beside this one.
  test.setTimeout(180_000);
  const server = await startIsolatedServer();
  try {
    const errors = consoleErrors(page);
    const admin = await apiLogin(page.request, ADMIN, server.baseURL);
    const ry = await apiLogin(page.request, RY, server.baseURL);
    await page.context().addCookies([{ name: TOKEN_COOKIE, value: admin, url: server.baseURL }]);
    await openShell(page, `${server.baseURL}/monitor/cacheList`);

    await button(page, '清理全部').click();
    const prompt = page.getByRole('dialog', { name: '清理全部缓存' });
    await expect(prompt).toContainText('结束除您当前会话以外的所有登录会话');
    await button(prompt, '取消').click();
    await expect(prompt).toBeHidden();
    expect(await signedIn(page, ry, server.baseURL)).toBe(true);

    await button(page, '清理全部').click();
    await button(page.getByRole('dialog', { name: '清理全部缓存' }), '清理全部').click();
    await expect(page.getByText('清理全部缓存成功')).toBeVisible();
    expect(await signedIn(page, ry, server.baseURL)).toBe(false);

    await page.reload();
    await expect(tableRow(page, '用户信息')).toBeVisible();
    await tableRow(page, '用户信息').click();
    await expect(pane(page, '键名列表').locator('.ant-table-row')).toHaveCount(1);
    await expect(pane(page, '键名列表')).toContainText(tokenIdOf(admin));
    expect(errors).toEqual([]);
  } finally {
    await server.stop();
  }
});
