import { expect, test, type Page } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { consoleErrors } from '../support/list-page';

/** A 1×1 PNG for the editor's image upload. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const dialog = (page: Page, title: string) => page.getByRole('dialog').filter({ has: page.getByText(title, { exact: true }) });

test('通知公告: create with formatted content, bell, read users, edit, search, delete', async ({ page }) => {
  // One long user journey across the screen, the bell and four dialogs.
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const title = `E2E公告${Date.now() % 100000}`;
  const edited = `${title}（修订）`;

  await loginAs(page);
  await openShell(page, '/system/notice');
  await expect(page.getByRole('row', { name: /AI客服系统介绍/ })).toBeVisible();

  // Create: text typed with bold switched on, a list item, then a paragraph made bold, through the editor's toolbar.
  await page.getByRole('button', { name: '新增' }).click();
  const add = dialog(page, '添加公告');
  await add.getByRole('button', { name: /确\s*定/ }).click();
  await expect(add.getByText('公告标题不能为空')).toBeVisible();
  await expect(add.getByText('公告类型不能为空')).toBeVisible();
  await add.getByLabel('公告标题').fill(title);
  await add.getByLabel('公告类型').click();
  await page.locator('.ant-select-dropdown').getByTitle('通知').click();
  const editor = add.getByRole('textbox', { name: '内容' });
  const bold = add.getByRole('button', { name: '加粗' });
  await editor.click();
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await editor.pressSequentially('开头加粗');
  await bold.click();
  await editor.press('Enter');
  await add.getByRole('button', { name: '无序列表' }).click();
  await editor.pressSequentially('第一条');
  await editor.press('Enter');
  await editor.press('Enter');
  await editor.pressSequentially('重要内容');
  await editor.press('Shift+Home');
  await bold.click();
  await expect(editor.locator('b, strong')).toHaveText(['开头加粗', '重要内容']);
  await expect(editor.locator('ul li')).toHaveText('第一条');
  await editor.press('End');
  // The editor takes the caret move from the browser's selectionchange event, a task after the key: until
  // it has run, an image would replace the selected 重要内容 (seen on a loaded machine).
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  await add.locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL });
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/prod-api\/profile\/upload\/.+\.png$/);
  await expect(editor.locator('b, strong')).toHaveText(['开头加粗', '重要内容']);
  await snap(page, 'notice-editor');
  await add.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(add).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('通知');
  await expect(row).toContainText('正常');
  await expect(row).toContainText('admin');

  // The top bar picks the new notice up without a reload; open it from the bell.
  await expect(page.locator('.notice-latest')).toContainText(title);
  await page.getByRole('button', { name: '消息通知' }).click();
  await page.locator('.notice-item', { hasText: title }).click();
  const detail = dialog(page, '公告详情');
  await expect(detail.locator('.notice-detail-content b, .notice-detail-content strong')).toHaveText(['开头加粗', '重要内容']);
  await expect(detail.locator('.notice-detail-content p').first()).toHaveText('开头加粗');
  await expect(detail.locator('.notice-detail-content li')).toHaveText('第一条');
  await expect(detail.locator('.notice-detail-content img')).toHaveJSProperty('naturalWidth', 1);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Read users: admin read it from the bell.
  await row.getByRole('button', { name: '阅读用户' }).click();
  const readers = dialog(page, `「${title}」已读用户`);
  await expect(readers.getByText('共 1 人已读')).toBeVisible();
  await expect(readers.getByRole('row', { name: /admin/ })).toContainText('研发部门');
  await readers.getByPlaceholder('登录名称 / 用户名称').fill('nobody');
  await readers.getByRole('button', { name: 'search 搜索' }).click();
  await expect(readers.getByText('共 0 人已读')).toBeVisible();
  await readers.getByRole('button', { name: 'reload 重置' }).click();
  await expect(readers.getByText('共 1 人已读')).toBeVisible();
  await snap(page, 'notice-read-users');
  await page.keyboard.press('Escape');
  await expect(readers).toBeHidden();

  // Edit: the dialog loads the stored content; the new title reaches the list and the bell.
  await row.getByRole('button', { name: '修改' }).click();
  const edit = dialog(page, '修改公告');
  await expect(edit.getByLabel('公告标题')).toHaveValue(title);
  const editEditor = edit.getByRole('textbox', { name: '内容' });
  await expect(editEditor.locator('b, strong')).toHaveText(['开头加粗', '重要内容']);
  await editEditor.locator('b, strong', { hasText: '重要内容' }).selectText();
  await edit.getByRole('button', { name: '链接' }).click();
  const linkDialog = dialog(page, '插入链接');
  await linkDialog.getByLabel('链接地址').fill('https://example.com/notice');
  await linkDialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(editEditor.locator('a[href="https://example.com/notice"]')).toHaveText('重要内容');
  await edit.getByLabel('公告标题').fill(edited);
  await edit.getByRole('radio', { name: '关闭' }).check();
  await edit.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(edit).toBeHidden();
  const editedRow = page.getByRole('row', { name: new RegExp(edited) });
  await expect(editedRow).toContainText('关闭');
  await expect(page.locator('.notice-latest')).not.toContainText(title);

  // Search by title, by creator and by type.
  const filters = page.locator('form#noticeQuery');
  await filters.getByLabel('公告标题').fill(edited);
  await filters.getByLabel('公告标题').press('Enter');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'reload 重置' }).click();
  await filters.getByLabel('操作人员').fill('nobody');
  await page.getByRole('button', { name: 'search 搜索' }).click();
  await expect(page.getByText('暂无数据')).toBeVisible();
  await page.getByRole('button', { name: 'reload 重置' }).click();
  await expect(editedRow).toBeVisible();

  // Delete with confirmation: cancel keeps it, confirm removes it.
  await editedRow.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(/是否确认删除公告编号为"\d+"的数据项？/)).toBeVisible();
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(editedRow).toBeVisible();
  await editedRow.getByRole('button', { name: '删除' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(editedRow).toBeHidden();

  expect(errors).toEqual([]);
});
