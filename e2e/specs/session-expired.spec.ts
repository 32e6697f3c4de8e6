import { expect, test } from '@playwright/test';
import { API, loginAs, snap, tokenOf } from '../support/session';

test('a request on an ended session shows the 系统提示 dialog once; 重新登录 goes to the login page', async ({ page }) => {
  await loginAs(page);
  // Everything the page loads by itself must be done before the session ends, so the requests below are the only 401s.
  const notices = page.waitForResponse((r) => r.url().includes('/system/notice/listTop'));
  await page.goto('/user/profile');
  await notices;
  await expect(page.getByText('用户名称')).toBeVisible();

  // The session ends on the server (as when it expires or an admin forces the user offline); the browser still holds the token.
  const token = await tokenOf(page);
  const res = await page.request.post(`${API}/logout`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await res.json()) as { code: number }).toMatchObject({ code: 200 });

  const prompt = page.getByRole('dialog', { name: '系统提示' });
  const userInfo = page.getByRole('tabpanel', { name: '基本资料' });
  await userInfo.getByRole('button', { name: /保\s*存/ }).click();
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveCount(1);
  await expect(prompt).toContainText('登录状态已过期，您可以继续留在该页面，或者重新登录');
  await snap(page, 'session-expired-dialog');

  // 取消 stays on the page; the next failing request asks again.
  await prompt.getByRole('button', { name: /取\s*消/ }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/profile$/);

  await page.getByRole('tab', { name: '修改密码' }).click();
  const form = page.getByRole('tabpanel', { name: '修改密码' });
  // A wrong old password: should the session somehow still be alive, admin's password stays as it is.
  await form.getByPlaceholder('请输入旧密码').fill('not-the-old-password');
  await form.getByPlaceholder('请输入新密码').fill('admin1234');
  await form.getByPlaceholder('请确认新密码').fill('admin1234');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveCount(1);

  await prompt.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await tokenOf(page)).toBeUndefined();
});
