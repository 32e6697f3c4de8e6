import { expect, type Page } from '@playwright/test';
import { settled, watchNetwork } from './network';

/** The page tabs bar (TagsView) and its tabs. */
export const tagsBar = (page: Page) => page.getByRole('navigation', { name: '已打开的页面' });
export const tags = (page: Page) => tagsBar(page).locator('.tags-view-item');
export const sidebar = (page: Page) => page.locator('aside.sidebar-container');

/** Opens the shell at `path` and waits until it has rendered and the page's own requests have finished. */
export async function openShell(page: Page, path = '/index'): Promise<void> {
  watchNetwork(page);
  await page.goto(path);
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  await settled(page);
}

/** Picks an entry of the navbar's user menu (个人中心, 布局设置, 修改密码, 退出登录). */
export async function userMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

/** Navigates like a user: opens the parent menu in the sidebar, then clicks the page's entry. */
export async function openFromSidebar(page: Page, parent: string, title: string): Promise<void> {
  const side = sidebar(page);
  const link = side.getByRole('link', { name: title, exact: true });
  if (!(await link.isVisible())) await side.getByRole('menuitem', { name: parent }).click();
  await link.click();
}

/** Directories that system-menu.spec.ts adds and deletes while other specs run (路由地址 kf<n>). */
const TEMPORARY_MENU = /^\/kf\d+\//;

/**
 * The hrefs of the workbench's shortcuts (every page of the menu as this build has it), without the menu
 * system-menu.spec.ts may delete between reading a link and opening it.
 */
export async function workbenchLinks(page: Page): Promise<string[]> {
  await openShell(page, '/index');
  const links = page.locator('.workbench a.shortcut');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.filter((h) => !TEMPORARY_MENU.test(h));
}
