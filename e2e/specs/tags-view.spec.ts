import { expect, test } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openFromSidebar, openShell, tags } from '../support/shell';

test.beforeEach(async ({ page }) => {
  await loginAs(page);
  await openShell(page);
});

test('the tab context menu closes others, those on the right and all, and the workbench tab stays', async ({ page }) => {
  await expect(tags(page)).toHaveText(['工作台']);
  await openFromSidebar(page, '系统管理', '用户管理');
  await openFromSidebar(page, '系统管理', '角色管理');
  await openFromSidebar(page, '系统管理', '菜单管理');
  await openFromSidebar(page, '系统管理', '部门管理');
  await expect(tags(page)).toHaveText(['工作台', '用户管理', '角色管理', '菜单管理', '部门管理']);
  await expect(tags(page).filter({ hasText: '工作台' }).getByLabel(/^关闭/)).toHaveCount(0);

  await tags(page).filter({ hasText: '角色管理' }).click({ button: 'right' });
  await snap(page, 'tag-context-menu');
  await page.getByRole('menuitem', { name: '关闭右侧' }).click();
  await expect(tags(page)).toHaveText(['工作台', '用户管理', '角色管理']);

  await tags(page).filter({ hasText: '用户管理' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(tags(page)).toHaveText(['工作台', '用户管理']);
  await expect(page).toHaveURL(/\/system\/user$/);

  await tags(page).filter({ hasText: '用户管理' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '全部关闭' }).click();
  await expect(tags(page)).toHaveText(['工作台']);
  await expect(page).toHaveURL(/\/index$/);
});
