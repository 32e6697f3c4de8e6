import { expect, test, type Page } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openFromSidebar, openShell, tags } from '../support/shell';

/** Picks an entry of a tab's context menu and waits for it to finish closing (its fade-out would leave two menus open). */
async function chooseFromTabMenu(page: Page, tab: string, entry: string) {
  await tags(page).filter({ hasText: tab }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: entry }).click();
  await expect(page.locator('.ant-dropdown').getByRole('menuitem')).toHaveCount(0);
}

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
  await expect(page.locator('.ant-dropdown').getByRole('menuitem')).toHaveCount(0);
  await expect(tags(page)).toHaveText(['工作台', '用户管理', '角色管理']);

  await chooseFromTabMenu(page, '用户管理', '关闭其他');
  await expect(tags(page)).toHaveText(['工作台', '用户管理']);
  await expect(page).toHaveURL(/\/system\/user$/);

  await chooseFromTabMenu(page, '用户管理', '全部关闭');
  await expect(tags(page)).toHaveText(['工作台']);
  await expect(page).toHaveURL(/\/index$/);
});
