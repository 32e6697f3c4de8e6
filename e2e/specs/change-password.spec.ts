import { expect, test, type Locator } from '@playwright/test';
import { submitLoginForm } from '../support/login-form';
import { API, apiCreateUser, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';

// An account of this test, not ry or admin: the password changes for good, the other specs sign in as
// admin and ry at the same time, and a retry must find the account with its first password.
const NEW_PASSWORD = 'ry-2026-new';

async function blurField(dialog: Locator, placeholder: string, value: string) {
  const input = dialog.getByPlaceholder(placeholder);
  await input.fill(value);
  await input.blur();
}

test('the change-password dialog validates its fields, and after a change only the new password signs in', async ({ page }) => {
  const account = await apiCreateUser(page.request, 'pwd');
  await loginAs(page, account);
  await openShell(page);

  await page.getByRole('button', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('旧密码不能为空')).toBeVisible();
  await expect(dialog.getByText('新密码不能为空')).toBeVisible();
  await expect(dialog.getByText('确认密码不能为空')).toBeVisible();

  await blurField(dialog, '请输入新密码', '12345');
  await expect(dialog.getByText('长度在 6 到 20 个字符')).toBeVisible();

  await blurField(dialog, '请输入新密码', NEW_PASSWORD);
  await blurField(dialog, '请确认新密码', `${NEW_PASSWORD}x`);
  await expect(dialog.getByText('两次输入的密码不一致')).toBeVisible();
  await snap(page, 'change-password-validation');

  await blurField(dialog, '请输入旧密码', account.password);
  await blurField(dialog, '请确认新密码', NEW_PASSWORD);
  // The 修改成功 toast is gone with the full reload that follows, so the server's answer is checked instead.
  // It is read on its way to the page: once the page reloads, the browser no longer has the body to give.
  let answer: unknown;
  await page.route('**/system/user/profile/updatePwd', async (route) => {
    const response = await route.fetch();
    answer = await response.json();
    await route.fulfill({ response });
  });
  // The guard routes the signed-out page to /login before the full reload lands there again: the reload is awaited.
  const reloaded = page.waitForResponse((r) => r.request().resourceType() === 'document' && new URL(r.url()).pathname === '/index');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect.poll(() => answer).toMatchObject({ code: 200, msg: '操作成功' });

  // Success ends the session and reloads at /index, which sends the signed-out user to the login page.
  await reloaded;
  await expect(page).toHaveURL(/\/login\?redirect=%2Findex$/);
  const old = await page.request.post(`${API}/login`, { data: { ...account, code: '', uuid: '' } });
  expect(await old.json()).toMatchObject({ code: 500, msg: '用户不存在/密码错误' });

  await submitLoginForm(page, { username: account.username, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  await snap(page, 'signed-in-with-new-password');
});
