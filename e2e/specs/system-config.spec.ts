import { expect, test } from '@playwright/test';
import { API, loginAs } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, deleteRow, saveDialog, searchBy, searchForm, tableRow, tableRows } from '../support/list-page';

test('参数设置: add, search, edit and delete a parameter; built-in ones stay; 刷新缓存', async ({ page }) => {
  // A whole screen's flow, many round trips on one test.
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const token = await loginAs(page);
  const key = `ai.welcome${Date.now() % 100000}`;
  const valueOf = async (k: string) => {
    const res = await page.request.get(`${API}/system/config/configKey/${k}`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()) as { msg: string }).msg;
  };

  await openShell(page, '/system/config');
  await button(page, '新增').click();
  await saveDialog(page, '添加参数', { 参数名称: '欢迎语', 参数键名: key, 参数键值: '您好' }, '新增成功');
  expect(await valueOf(key)).toBe('您好');

  await searchBy(page, '参数键名', key);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRow(page, key)).toContainText('是');

  await button(tableRow(page, key), '修改').click();
  const dialog = page.getByRole('dialog', { name: '修改参数' });
  await dialog.getByRole('radio', { name: '否' }).check();
  await saveDialog(page, '修改参数', { 参数键值: '欢迎光临' }, '修改成功');
  await expect(tableRow(page, key)).toContainText('欢迎光临');
  await expect(tableRow(page, key)).toContainText('否');
  expect(await valueOf(key)).toBe('欢迎光临');

  await deleteRow(page, key, '是否确认删除参数编号为');
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(tableRow(page, key)).toHaveCount(0);
  expect(await valueOf(key)).toBe('');

  await button(searchForm(page), '重置').click();
  await deleteRow(page, 'sys.user.initPassword', '是否确认删除参数编号为"2"的数据项？');
  await expect(page.getByText('内置参数【sys.user.initPassword】不能删除')).toBeVisible();

  await button(page, '刷新缓存').click();
  await expect(page.getByText('刷新缓存成功')).toBeVisible();
  expect(errors).toEqual([]);
});
