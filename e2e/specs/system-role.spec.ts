import { expect, test, type Locator, type Page } from '@playwright/test';
import { API, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { consoleErrors } from '../support/list-page';

const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });
const OK = { name: /确\s*定/ };
const treeNode = (scope: Locator, title: string) =>
  scope.locator('.ant-tree-treenode').filter({ has: scope.page().locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) });
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm');

test('角色管理: create with menus, search, edit, status switch, data scope, assign users, delete', async ({ page }) => {
  // One walk through the whole screen family; longer than the default per-test budget.
  test.setTimeout(150_000);
  const errors = consoleErrors(page);
  const name = `E2E角色${Date.now() % 100000}`;
  const key = `e2e_${Date.now() % 100000}`;
  const token = await loginAs(page);
  const api = async <T,>(url: string) => (await (await page.request.get(API + url, { headers: { authorization: `Bearer ${token}` } })).json()) as T;

  await openShell(page, '/system/role');
  await expect(page.getByRole('row', { name: /普通角色/ })).toBeVisible();

  // Create: validation first, then a role granted 用户管理 (系统管理 goes along half-checked).
  await page.getByRole('button', { name: '新增' }).click();
  const add = dialog(page, '添加角色');
  await add.getByRole('button', OK).click();
  await expect(add.getByText('角色名称不能为空')).toBeVisible();
  await expect(add.getByText('权限字符不能为空')).toBeVisible();
  await add.getByPlaceholder('请输入角色名称').fill(name);
  await add.getByPlaceholder('请输入权限字符').fill(key);
  await add.getByRole('spinbutton').fill('5');
  await add.getByRole('checkbox', { name: '展开/折叠' }).check();
  await treeNode(add, '用户管理').locator('.ant-tree-checkbox').click();
  await expect(treeNode(add, '系统管理').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await snap(page, 'role-add-menus');
  await add.getByRole('button', OK).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(add).toBeHidden();

  // Search by name with Enter.
  // The add/edit dialog keeps its form mounted, so the search field is looked up inside the page itself.
  const searchName = page.locator('.app-container form').first().getByPlaceholder('请输入角色名称');
  await searchName.fill(name);
  await searchName.press('Enter');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row', { name: /普通角色/ })).toBeHidden();
  const roleId = Number((await row.locator('td').nth(1).textContent())?.trim());
  expect(roleId).toBeGreaterThan(2);
  const menus = await api<{ checkedKeys: number[] }>(`/system/menu/roleMenuTreeselect/${roleId}`);
  expect(menus.checkedKeys).toContain(1000);

  // Edit: the dialog shows the stored menus; a new order is saved.
  await row.getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改角色');
  await expect(edit.getByPlaceholder('请输入角色名称')).toHaveValue(name);
  await edit.getByRole('checkbox', { name: '展开/折叠' }).check();
  await expect(treeNode(edit, '用户管理').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await expect(treeNode(edit, '系统管理').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await edit.getByRole('spinbutton').fill('7');
  await edit.getByRole('button', OK).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(row.locator('td').nth(4)).toHaveText('7');

  // Status switch: cancel keeps it on, confirm turns it off.
  const toggle = row.getByRole('switch');
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(confirmBox(page)).toContainText(`确认要"停用""${name}"角色吗?`);
  await confirmBox(page).getByRole('button', { name: /取\s*消/ }).click();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await confirmBox(page).getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('停用成功')).toBeVisible();
  await expect(toggle).not.toBeChecked();

  // Data scope: custom departments.
  await row.getByRole('button', { name: '数据权限' }).click();
  const scope = dialog(page, '分配数据权限');
  await expect(scope.getByRole('textbox').first()).toHaveValue(name);
  await scope.getByRole('combobox', { name: '权限范围' }).click();
  await page.locator('.ant-select-dropdown').getByTitle('自定数据权限').click();
  await expect(treeNode(scope, '研发部门')).toBeVisible();
  await treeNode(scope, '研发部门').locator('.ant-tree-checkbox').click();
  await snap(page, 'role-data-scope');
  await scope.getByRole('button', OK).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(scope).toBeHidden();
  expect((await api<{ checkedKeys: number[] }>(`/system/role/deptTree/${roleId}`)).checkedKeys).toEqual([103]);

  // Assign users: the 选择用户 dialog, then cancel the authorisation.
  await row.getByRole('button', { name: '分配用户' }).click();
  await expect(page).toHaveURL(new RegExp(`/system/role-auth/user/${roleId}$`));
  await page.getByRole('button', { name: '添加用户' }).click();
  const select = dialog(page, '选择用户');
  await select.getByRole('button', OK).click();
  await expect(page.getByText('请选择要分配的用户')).toBeVisible();
  await select.getByRole('row', { name: /ry@qq\.com/ }).click();
  await select.getByRole('button', OK).click();
  await expect(page.getByText('操作成功')).toBeVisible();
  await expect(select).toBeHidden();
  const holder = page.getByRole('row', { name: /ry@qq\.com/ });
  await expect(holder).toBeVisible();
  await snap(page, 'role-auth-user');
  await holder.getByRole('button', { name: '取消授权' }).click();
  await expect(confirmBox(page)).toContainText('确认要取消该用户"ry"角色吗？');
  await confirmBox(page).getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('取消授权成功')).toBeVisible();
  await expect(holder).toBeHidden();
  await page.getByRole('button', { name: '关闭' }).click();
  await expect(page).toHaveURL(/\/system\/role$/);

  // Delete with confirmation.
  await searchName.fill(name);
  await searchName.press('Enter');
  await row.getByRole('button', { name: '删除' }).click();
  await expect(confirmBox(page)).toContainText(`是否确认删除角色编号为"${roleId}"的数据项？`);
  await confirmBox(page).getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row).toBeHidden();

  expect(errors).toEqual([]);
});
