import { expect, test } from '@playwright/test';
import { submitLoginForm } from '../support/login-form';
import { ADMIN, snap } from '../support/session';

test('an anonymous visit goes to login with the original path and comes back to it after signing in', async ({ page }) => {
  await page.goto('/user/profile?tab=resetPwd');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toBe('/user/profile?tab=resetPwd');
  await snap(page, 'login-page');

  await submitLoginForm(page, ADMIN);
  await expect(page).toHaveURL(/\/user\/profile\?tab=resetPwd$/);
  await expect(page.getByText('个人信息').first()).toBeVisible();
  await snap(page, 'back-on-profile');
});

test('a wrong password keeps the user on the login page with the server message', async ({ page }) => {
  await page.goto('/login');
  await submitLoginForm(page, { username: ADMIN.username, password: 'not-the-password' });
  await expect(page.getByText('用户不存在/密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await snap(page, 'wrong-password');
});

test('with registration off, /register says so before any form and leads back to login', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByText('当前系统没有开启注册功能')).toBeVisible();
  await expect(page.getByPlaceholder('账号')).toHaveCount(0);
  await snap(page, 'register-off');
  await page.getByRole('link', { name: '返回登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
});
