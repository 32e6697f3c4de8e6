import { expect, test } from '@playwright/test';
import { API, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, searchBy, searchForm, tableRow, tableRows } from '../support/list-page';
import { settled, watchNetwork } from '../support/network';

const LOCKED = '密码输入错误5次，帐户锁定10分钟';

test('登录日志: failures listed, 解锁 lifts the lock, sort, delete, export and 清空', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const name = `locked${Date.now() % 100000}`;
  const attempt = async () =>
    ((await (await page.request.post(`${API}/login`, { data: { username: name, password: 'wrong-pass', code: '', uuid: '' } })).json()) as { msg: string }).msg;
  for (let i = 0; i < 5; i++) expect(await attempt()).toBe('用户不存在/密码错误');
  expect(await attempt()).toBe(LOCKED);

  await loginAs(page);
  await openShell(page, '/system/log/logininfor');
  await searchBy(page, '用户名称', name);
  await expect(tableRows(page)).toHaveCount(6);
  await expect(tableRows(page).first()).toContainText(LOCKED);
  await expect(tableRows(page).first()).toContainText('失败');
  await snap(page, 'logininfor-list');

  // 访问时间 opens sorted newest first; one click sorts it oldest first on the server.
  watchNetwork(page);
  const sorted = page.waitForRequest((r) => r.url().includes('orderByColumn=loginTime') && r.url().includes('isAsc=ascending'));
  await page.getByRole('columnheader', { name: '访问时间' }).click();
  await sorted;
  await settled(page);
  await expect(tableRows(page).last()).toContainText(LOCKED);

  await tableRows(page).first().getByRole('checkbox').check();
  await button(page, '解锁').click();
  const prompt = page.getByRole('dialog', { name: '系统提示' });
  await expect(prompt).toContainText(`是否确认解锁用户"${name}"数据项？`);
  await button(prompt, '确定').click();
  await expect(page.getByText(`用户${name}解锁成功`)).toBeVisible();
  expect(await attempt()).toBe('用户不存在/密码错误');

  await searchBy(page, '用户名称', name);
  const id = (await tableRows(page).first().locator('td').nth(1).textContent())?.trim();
  await tableRows(page).first().getByRole('checkbox').check();
  await button(page, '删除').click();
  await expect(prompt).toContainText(`是否确认删除访问编号为"${id}"的数据项？`);
  await button(prompt, '确定').click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(6);
  await expect(tableRow(page, name).filter({ has: page.locator('td', { hasText: new RegExp(`^${id}$`) }) })).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await button(page, '导出').click();
  expect((await downloading).suggestedFilename()).toMatch(/^logininfor_\d+\.xlsx$/);

  await button(page, '清空').click();
  await expect(prompt).toContainText('是否确认清空所有登录日志数据项？');
  await button(prompt, '确定').click();
  await expect(page.getByText('清空成功')).toBeVisible();
  await expect(tableRows(page)).toHaveCount(0);
  await button(searchForm(page), '重置').click();
  expect(errors).toEqual([]);
});
