import { expect, test, type Page } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell, tagsBar, userMenu } from '../support/shell';

const primaryColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--app-primary').trim());

test('saved layout settings survive a reload and 重置配置 restores the defaults', async ({ page }) => {
  await loginAs(page);
  await openShell(page);
  await expect(tagsBar(page)).toBeVisible();
  expect(await primaryColour(page)).toBe('#165eff');

  await userMenu(page, '布局设置');
  await page.getByRole('button', { name: '主题色 #ff4500' }).click();
  await page.getByRole('switch', { name: '开启 Tags-Views' }).click();
  await expect(tagsBar(page)).toBeHidden();
  await page.getByRole('button', { name: '保存配置' }).click();
  await snap(page, 'settings-saved');

  await page.reload();
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  await expect(tagsBar(page)).toBeHidden();
  expect(await primaryColour(page)).toBe('#ff4500');

  await userMenu(page, '布局设置');
  await expect(page.getByRole('switch', { name: '开启 Tags-Views' })).not.toBeChecked();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '重置配置' }).click()]);
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  await expect(tagsBar(page)).toBeVisible();
  expect(await primaryColour(page)).toBe('#165eff');
  expect(await page.evaluate(() => localStorage.getItem('layout-setting@v1'))).toBeNull();
});
