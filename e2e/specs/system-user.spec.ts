import { expect, test, type Page } from '@playwright/test';
import { ADMIN, API, apiLogin, loginAs, mobileOfRun, snap } from '../support/session';
import { openShell } from '../support/shell';
import { consoleErrors } from '../support/list-page';

// Of this run: a retry must not meet the user its first try left behind (names and phones are unique).
const NAME = `e2e_user${Date.now() % 100000}`;
const PHONE = mobileOfRun();
const OK = /确\s*定/;

const row = (page: Page, text: string) => page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm');

async function searchName(page: Page, name: string) {
  // The add dialog has the same placeholder and may still be closing, so the search form is named.
  const input = page.getByRole('form', { name: '搜索条件' }).getByPlaceholder('请输入用户名称');
  await input.fill(name);
  await input.press('Enter');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
}

test('用户管理: create, search, edit, status switch, reset password, assign roles, delete', async ({ page }) => {
  // One flow of eight screen visits; on a busy 2-core CI machine it has come close to the default 30 s.
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  await loginAs(page, ADMIN);
  await openShell(page, '/system/user');
  await expect(page.getByText('组织机构')).toBeVisible();
  await expect(row(page, 'admin')).toBeVisible();

  // Create
  await page.getByRole('button', { name: '新增' }).click();
  const add = page.getByRole('dialog', { name: '添加用户' });
  await add.getByRole('button', { name: OK }).click();
  await expect(add.getByText('用户昵称不能为空')).toBeVisible();
  await expect(add.getByText('用户名称不能为空')).toBeVisible();
  await add.getByPlaceholder('请输入用户昵称').fill('端到端');
  await add.getByPlaceholder('请输入用户名称').fill(NAME);
  await add.getByPlaceholder('请输入手机号码').fill('1380000');
  await expect(add.getByText('请输入正确的手机号码')).toBeVisible();
  await add.getByPlaceholder('请输入手机号码').fill(PHONE);
  await expect(add.getByPlaceholder('请输入用户密码')).not.toHaveValue('');
  await add.getByRole('button', { name: OK }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  // Search
  await searchName(page, NAME);
  const target = row(page, NAME);
  await expect(target).toContainText('端到端');
  const userId = Number((await target.locator('td').nth(1).innerText()).trim());

  // Edit
  await target.getByRole('button', { name: '修改' }).click();
  const edit = page.getByRole('dialog', { name: '修改用户' });
  await expect(edit.getByPlaceholder('请输入用户昵称')).toHaveValue('端到端');
  await expect(edit.getByPlaceholder('请输入用户密码')).toHaveCount(0);
  await edit.getByPlaceholder('请输入用户昵称').fill('端到端改');
  await edit.getByRole('button', { name: OK }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(target).toContainText('端到端改');

  // Status switch: cancel keeps it on, confirm turns it off
  const toggle = target.getByRole('switch');
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(confirmBox(page)).toContainText(`确认要"停用""${NAME}"用户吗?`);
  await confirmBox(page).getByRole('button', { name: /取\s*消/ }).click();
  await expect(toggle).toBeChecked();
  await toggle.click();
  await confirmBox(page).getByRole('button', { name: OK }).click();
  await expect(page.getByText('停用成功')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await snap(page, 'system-user-list');

  // Reset password
  await target.getByRole('button', { name: '重置密码' }).click();
  const reset = page.getByRole('dialog', { name: '重置密码' });
  await expect(reset).toContainText(`请输入「${NAME}」的新密码`);
  await reset.getByLabel('新密码').fill('abc');
  await reset.getByRole('button', { name: OK }).click();
  await expect(reset.getByText('密码长度必须介于 6 和 20 之间')).toBeVisible();
  await reset.getByLabel('新密码').fill('newpass99');
  await reset.getByRole('button', { name: OK }).click();
  await expect(page.getByText('修改成功，新密码是：newpass99')).toBeVisible();

  // Assign roles
  await target.getByRole('button', { name: '分配角色' }).click();
  await expect(page).toHaveURL(new RegExp(`/system/user-auth/role/${userId}$`));
  await expect(page.getByRole('textbox').nth(1)).toHaveValue(NAME);
  await row(page, '普通角色').click();
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('授权成功')).toBeVisible();
  await expect(page).toHaveURL(/\/system\/user$/);
  const token = await apiLogin(page.request, ADMIN);
  const granted = await (
    await page.request.get(`${API}/system/user/authRole/${userId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(granted.roles.find((r: { roleName: string }) => r.roleName === '普通角色')?.flag).toBe(true);

  // Delete with confirm
  await searchName(page, NAME);
  await row(page, NAME).getByRole('button', { name: '删除' }).click();
  await expect(confirmBox(page)).toContainText(`是否确认删除用户编号为"${userId}"的数据项？`);
  await confirmBox(page).getByRole('button', { name: OK }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row(page, NAME)).toHaveCount(0);
  expect(errors).toEqual([]);
});
