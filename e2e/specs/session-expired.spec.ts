import { expect, test } from '@playwright/test';
import { API, loginAs, snap, tokenOf } from '../support/session';
import { openShell, userMenu } from '../support/shell';

test('a request on an ended session shows the 系统提示 dialog once; 重新登录 goes to the login page', async ({ page }) => {
  await loginAs(page);
  await openShell(page);

  // The session ends on the server (as when it expires or an admin forces the user offline); the browser still holds the token.
  const token = await tokenOf(page);
  const res = await page.request.post(`${API}/logout`, { headers: { Authorization: `Bearer ${token}` } });
  expect((await res.json()) as { code: number }).toMatchObject({ code: 200 });

  const prompt = page.getByRole('dialog').filter({ hasText: '登录状态已过期，您可以继续留在该页面，或者重新登录' });
  await userMenu(page, '个人中心');
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveCount(1);
  await expect(prompt.getByText('系统提示')).toBeVisible();
  await snap(page, 'session-expired-dialog');

  // 取消 stays on the page; the next failing request asks again.
  await prompt.getByRole('button', { name: '取消' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page).toHaveURL(/\/user\/profile$/);

  await page.getByRole('tab', { name: '修改密码' }).click();
  const form = page.getByRole('tabpanel', { name: '修改密码' });
  await form.getByPlaceholder('请输入旧密码').fill('not-the-old-password');
  await form.getByPlaceholder('请输入新密码').fill('admin1234');
  await form.getByPlaceholder('请确认新密码').fill('admin1234');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(prompt).toHaveCount(1);

  await prompt.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await tokenOf(page)).toBeUndefined();
});
