import { expect, test, type Page } from '@playwright/test';
import { submitLoginForm } from '../support/login-form';
import { ADMIN, loginAs, snap } from '../support/session';
import { openShell, sidebar, userMenu } from '../support/shell';
import { button, deleteRow, searchBy, searchForm, tableRow } from '../support/list-page';

const menuDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** Fills the menu dialog's text fields by label (labels carry a help icon, so they match by prefix). */
async function fillMenu(page: Page, title: string, fields: Record<string, string>) {
  const dialog = menuDialog(page, title);
  await expect(dialog).toBeVisible();
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(new RegExp(`^${label}`)).fill(value);
  return dialog;
}

async function save(page: Page, title: string, toast: string) {
  const dialog = menuDialog(page, title);
  await button(dialog, '确定').click();
  await expect(page.getByText(toast).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('菜单管理: a new directory and menu appear in the sidebar after logging in again; edit and delete', async ({ page }) => {
  test.setTimeout(120_000);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${m.text()} ${m.location().url}`);
  });
  const n = Date.now() % 100000;
  const dirName = `客服目录${n}`;
  const pageName = `客服页面${n}`;
  await loginAs(page);
  await openShell(page, '/system/menu');
  await expect(tableRow(page, '系统管理')).toBeVisible();

  await button(page, '新增').first().click();
  await fillMenu(page, '添加菜单', { 菜单名称: dirName, 路由地址: `kf${n}` });
  await save(page, '添加菜单', '新增成功');

  await button(tableRow(page, dirName), '新增').click();
  const dialog = menuDialog(page, '添加菜单');
  await dialog.getByRole('radio', { name: '菜单', exact: true }).check();
  await fillMenu(page, '添加菜单', { 菜单名称: pageName, 路由地址: `page${n}`, 组件路径: 'system/post/index', 权限字符: `kf:page${n}:list` });
  await save(page, '添加菜单', '新增成功');

  await searchBy(page, '菜单名称', `${n}`);
  await expect(tableRow(page, dirName)).toContainText('目录');
  await button(page, '展开/折叠').click();
  await expect(tableRow(page, pageName)).toContainText('system/post/index');
  await snap(page, 'menu-tree');

  await userMenu(page, '退出登录');
  await button(page.getByRole('dialog', { name: '系统提示' }), '确定').click();
  await expect(page).toHaveURL(/\/login/);
  await submitLoginForm(page, ADMIN);
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  await sidebar(page).getByRole('menuitem', { name: dirName }).click();
  await sidebar(page).getByRole('link', { name: pageName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/kf${n}/page${n}`));
  await expect(page.getByRole('button', { name: /新\s*增/ }).first()).toBeVisible();

  await openShell(page, '/system/menu');
  await searchBy(page, '菜单名称', `${n}`);
  await button(tableRow(page, dirName), '修改').click();
  await expect(menuDialog(page, '修改菜单').getByLabel(/^菜单名称/)).toHaveValue(dirName);
  await fillMenu(page, '修改菜单', { 菜单名称: `${dirName}改` });
  await save(page, '修改菜单', '修改成功');
  await expect(tableRow(page, `${dirName}改`)).toBeVisible();

  await deleteRow(page, `${dirName}改`, `是否确认删除名称为"${dirName}改"的数据项?`);
  await expect(page.getByText('存在子菜单,不允许删除')).toBeVisible();

  await button(page, '展开/折叠').click();
  await deleteRow(page, pageName, `是否确认删除名称为"${pageName}"的数据项?`);
  await expect(page.getByText('删除成功').last()).toBeVisible();
  await expect(tableRow(page, pageName)).toHaveCount(0);
  await deleteRow(page, `${dirName}改`, `是否确认删除名称为"${dirName}改"的数据项?`);
  await expect(tableRow(page, dirName)).toHaveCount(0);

  await button(searchForm(page), '重置').click();
  await expect(tableRow(page, '系统管理')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('菜单管理: 保存排序 warns when nothing changed and saves an edited order', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page);
  await openShell(page, '/system/menu');
  await button(page, '保存排序').click();
  await expect(page.getByText('未检测到排序修改')).toBeVisible();
  const order = page.getByRole('spinbutton', { name: '系统工具排序' });
  // One more than stored (a first try may have left 4), then back to the seeded 3: both are real changes.
  await order.fill(String(Number(await order.inputValue()) + 1));
  await button(page, '保存排序').click();
  await expect(page.getByText('排序保存成功')).toBeVisible();
  await order.fill('3');
  await button(page, '保存排序').click();
  await expect(page.getByText('排序保存成功').last()).toBeVisible();
});
