import { expect, type Locator, type Page } from '@playwright/test';
import { settled, watchNetwork } from './network';

/** The inline search form of a list page (components/ListPage/SearchBar). */
export const searchForm = (page: Page) => page.getByRole('form', { name: '搜索条件' });

/** Body rows of the visible list table (kept-alive tabs keep their hidden tables in the page). */
export const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row:visible');

/** A body row of the visible list table holding the text. */
export const tableRow = (page: Page, text: string) => tableRows(page).filter({ hasText: text });

/** antd spaces two-character Chinese button texts (确 定), so buttons are matched loosely. */
export const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(text.split('').join('\\s*')) });

/** Fills a search field by label, presses Enter (searches like 搜索) and waits for the list to settle. */
export async function searchBy(page: Page, label: string, value: string): Promise<void> {
  const field = searchForm(page).getByLabel(label, { exact: true });
  await field.fill(value);
  watchNetwork(page);
  await field.press('Enter');
  await settled(page);
}

/** Fills the add/edit dialog's text fields by label, clicks 确 定 and waits for the toast. */
export async function saveDialog(page: Page, title: string, fields: Record<string, string>, toast: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await button(dialog, '确定').click();
  await expect(page.getByText(toast).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Clicks 删除 on the row, checks the confirmation text and confirms with 确定. */
export async function deleteRow(page: Page, rowText: string, confirmText: string): Promise<void> {
  await button(tableRow(page, rowText), '删除').click();
  const prompt = page.getByRole('dialog', { name: '系统提示' });
  await expect(prompt).toContainText(confirmText);
  await button(prompt, '确定').click();
}

/** Collects console errors and uncaught page errors; a screen's flow should end with none. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // The shell ships no favicon; that request is not a screen's error.
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(`${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}
