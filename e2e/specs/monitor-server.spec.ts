import { expect, test } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors } from '../support/list-page';

test('服务监控: CPU, memory, Node runtime, server and disks, refreshed on a timer that can be paused', async ({ page }) => {
  const errors = consoleErrors(page);
  await loginAs(page);
  await openShell(page, '/monitor/server');

  for (const title of ['CPU', '内存', '服务器信息', 'Node 运行时', '磁盘状态']) {
    await expect(page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) })).toBeVisible();
  }
  await expect(page.getByText('核心数')).toBeVisible();
  await expect(page.getByText('Node.js', { exact: true })).toBeVisible();
  await expect(page.getByText(/^\d+天\d+小时\d+分钟$/)).toBeVisible();
  await expect(page.locator('.ant-card', { hasText: '磁盘状态' }).locator('.ant-table-row').first()).toBeVisible();

  const stamp = page.getByText(/^更新于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await expect(stamp).toBeVisible();
  const first = await stamp.textContent();
  await page.waitForTimeout(1100);
  await button(page, '刷新').click();
  await expect(stamp).not.toHaveText(first ?? '');

  await page.getByRole('switch', { name: '每10秒自动刷新' }).click();
  await expect(page.getByText('自动刷新已暂停')).toBeVisible();
  await snap(page, 'monitor-server');
  expect(errors).toEqual([]);
});
