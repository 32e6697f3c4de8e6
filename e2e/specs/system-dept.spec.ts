import { expect, test } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, deleteRow, saveDialog, searchBy, searchForm, tableRow } from '../support/list-page';

test('部门管理: add, edit, search and delete depts; blockers are shown as warnings', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  const n = Date.now() % 100000;
  const parent = `客服中心${n}`;
  const child = `客服一组${n}`;
  await loginAs(page);
  await openShell(page, '/system/dept');
  await expect(tableRow(page, '研发部门')).toBeVisible();

  await button(tableRow(page, '深圳总公司'), '新增').click();
  await saveDialog(page, '添加部门', { 部门名称: parent, 负责人: '张三', 联系电话: '13800000000', 邮箱: 'kf@example.com' }, '新增成功');
  await button(tableRow(page, parent), '新增').click();
  await saveDialog(page, '添加部门', { 部门名称: child }, '新增成功');
  await expect(tableRow(page, child)).toBeVisible();

  await button(tableRow(page, parent), '修改').click();
  const edit = page.getByRole('dialog', { name: '修改部门' });
  await expect(edit.getByLabel('负责人')).toHaveValue('张三');
  await edit.getByLabel('联系电话').fill('123');
  await button(edit, '确定').click();
  await expect(edit.getByText('请输入正确的手机号码')).toBeVisible();
  await saveDialog(page, '修改部门', { 部门名称: `${parent}改`, 联系电话: '13900000000' }, '修改成功');

  await searchBy(page, '部门名称', `${n}`);
  await expect(tableRow(page, `${parent}改`)).toBeVisible();
  await expect(tableRow(page, child)).toBeVisible();
  await expect(tableRow(page, '研发部门')).toHaveCount(0);
  await snap(page, 'dept-tree');

  await deleteRow(page, `${parent}改`, `是否确认删除名称为"${parent}改"的数据项?`);
  await expect(page.getByText('存在下级部门,不允许删除')).toBeVisible();
  await deleteRow(page, child, `是否确认删除名称为"${child}"的数据项?`);
  await expect(page.getByText('删除成功').last()).toBeVisible();
  await deleteRow(page, `${parent}改`, `是否确认删除名称为"${parent}改"的数据项?`);
  await expect(tableRow(page, `${parent}改`)).toHaveCount(0);

  await button(searchForm(page), '重置').click();
  await deleteRow(page, '研发部门', '是否确认删除名称为"研发部门"的数据项?');
  await expect(page.getByText('部门存在用户,不允许删除')).toBeVisible();
  await expect(tableRow(page, '示例科技')).not.toContainText('删除');
  expect(errors).toEqual([]);
});
