import { expect, test } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, deleteRow, saveDialog, searchBy, searchForm, tableRow, tableRows } from '../support/list-page';

test('岗位管理: add, search, edit and delete a post; an assigned post is refused', async ({ page }) => {
  // A whole screen's flow, many round trips on one test.
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  await loginAs(page);
  await openShell(page, '/system/post');
  await expect(tableRow(page, '董事长')).toBeVisible();

  const code = `cs${Date.now() % 100000}`;
  await button(page, '新增').click();
  await saveDialog(page, '添加岗位', { 岗位名称: `客服${code}`, 岗位编码: code }, '新增成功');

  await searchBy(page, '岗位编码', code);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRow(page, `客服${code}`)).toContainText('正常');
  await snap(page, 'post-list');

  await button(tableRow(page, code), '修改').click();
  await expect(page.getByRole('dialog', { name: '修改岗位' }).getByLabel('岗位编码')).toHaveValue(code);
  await saveDialog(page, '修改岗位', { 岗位名称: `高级客服${code}` }, '修改成功');
  await expect(tableRow(page, `高级客服${code}`)).toBeVisible();

  const id = (await tableRow(page, code).locator('td').nth(1).textContent())?.trim();
  await deleteRow(page, code, `是否确认删除岗位编号为"${id}"的数据项？`);
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(tableRow(page, code)).toHaveCount(0);

  await button(searchForm(page), '重置').click();
  await deleteRow(page, '董事长', '是否确认删除岗位编号为"1"的数据项？');
  await expect(page.getByText('董事长已分配,不能删除')).toBeVisible();
  await expect(tableRow(page, '董事长')).toBeVisible();
  expect(errors).toEqual([]);
});
