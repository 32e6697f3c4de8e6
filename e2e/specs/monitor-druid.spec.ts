import { expect, test } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { consoleErrors, tableRows } from '../support/list-page';

test('数据监控: the embedded database, its statements ranked and its tables by size', async ({ page }) => {
  const errors = consoleErrors(page);
  await loginAs(page);
  await openShell(page, '/monitor/druid');

  const db = page.locator('.ant-card', { hasText: '数据库' }).first();
  await expect(db).toContainText('内嵌 PGlite');
  await expect(db).toContainText(/PostgreSQL \d+/);
  await expect(page.locator('.ant-card', { hasText: '内嵌引擎（PGlite）' })).toContainText('就绪');
  await snap(page, 'monitor-druid');

  await page.getByRole('tab', { name: '慢语句' }).click();
  await expect(page.getByText(/来自本服务进程自身的计时/)).toBeVisible();
  const rows = tableRows(page);
  await expect(rows.first()).toBeVisible();
  await page.getByText('执行次数', { exact: true }).first().click();
  await expect(rows.first()).toBeVisible();

  await page.getByRole('tab', { name: '表空间' }).click();
  await expect(page.getByRole('cell', { name: 'sys_user', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /^sys_menu / })).toContainText(/\d+(\.\d)? (KB|MB)/);

  await page.getByRole('tab', { name: '活动连接' }).click();
  await expect(page.getByText(/本应用数据库的连接/)).toBeVisible();
  expect(errors).toEqual([]);
});
