import { expect, test } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, deleteRow, searchBy, searchForm, tableRow, tableRows } from '../support/list-page';

test('同义词: add a group as tags, find it, switch it off, delete it after confirming; browse the built-in words', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  await loginAs(page);
  // Words unique to this run, so a rerun on the same database never meets its own group.
  const n = String(Date.now() % 100000);
  const standard = `装修${n}`;
  const other = `翻新${n}`;

  await openShell(page, '/ai/synonym');
  await expect(page.getByText('系统会把同一组里的词当作同一个意思来匹配知识库')).toBeVisible();
  await button(page, '新增').click();
  const dialog = page.getByRole('dialog', { name: '添加同义词' });
  const words = dialog.getByLabel('同义词', { exact: true });
  await words.fill(`${standard} `);
  await button(dialog, '确定').click();
  await expect(dialog.getByText('同义词至少需要两个不同的词')).toBeVisible();
  await words.fill(`${other}、改造${n}`);
  await words.press('Enter');
  await expect(dialog.locator('.ant-tag', { hasText: other })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: /适用客服/ })).toBeVisible();
  await snap(page, 'synonym-dialog');
  await button(dialog, '确定').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(dialog).toBeHidden();

  await searchBy(page, '词语', other);
  await expect(tableRows(page)).toHaveCount(1);
  const row = tableRow(page, standard);
  await expect(row.getByTestId('standard-word')).toHaveText(standard);
  await expect(row).toContainText(`改造${n}`);
  await expect(row).toContainText('全部客服');

  const toggle = row.getByRole('switch');
  await expect(toggle).toBeChecked();
  await toggle.click();
  const confirm = page.getByRole('dialog', { name: '系统提示' });
  await expect(confirm).toContainText(`确认要"停用""${standard}"同义词吗?`);
  await button(confirm, '确定').click();
  await expect(page.getByText('停用成功').last()).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await snap(page, 'synonym-list');

  await deleteRow(page, standard, '是否确认删除同义词编号为');
  await expect(page.getByText('删除成功').last()).toBeVisible();
  await expect(tableRows(page)).toHaveCount(0);
  await button(searchForm(page), '重置').click();

  await page.getByRole('tab', { name: '内置词库' }).click();
  const builtin = page.getByRole('tabpanel', { name: '内置词库' });
  const search = builtin.getByLabel('搜索内置词语');
  await expect(builtin.locator('.ant-table-row').first()).toBeVisible();
  await search.fill('运费');
  await expect(builtin.locator('.ant-table-row').filter({ hasText: '运费' }).first()).toBeVisible();
  await search.fill(`不存在${n}`);
  await expect(builtin.getByText(`没有包含“不存在${n}”的内置同义词`)).toBeVisible();
  expect(errors).toEqual([]);
});
