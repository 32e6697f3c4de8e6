import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { button, consoleErrors } from '../support/list-page';
import { loginAs, snap } from '../support/session';

/*
 * 表单构建 in the browser: a small form designed by click and by drag, its properties edited, previewed
 * with working validation, exported as a component and as JSON, and the JSON opened again.
 */

test('表单构建: design a form, preview its validation, export the component and the JSON, import it back', async ({ page }) => {
  test.setTimeout(60_000);
  const errors = consoleErrors(page);
  await loginAs(page);
  await page.goto('/tool/build');
  const canvas = page.getByLabel('画布');
  await expect(page.getByText('从左侧拖入或点选组件进行表单设计')).toBeVisible();

  await page.getByRole('button', { name: '添加单行文本' }).click();
  await page.getByLabel('标题', { exact: true }).fill('手机号');
  await page.getByLabel('字段名', { exact: true }).fill('phone');
  await page.getByRole('switch', { name: '是否必填' }).click();
  await page.getByLabel('正则校验', { exact: true }).fill('^1\\d{10}$');
  // The second component comes by drag, as most designers add them.
  // dnd-kit starts a drag after the pointer has moved a few pixels, so the move is made in steps.
  const from = await page.getByRole('button', { name: '添加多行文本' }).boundingBox();
  const to = await canvas.boundingBox();
  if (!from || !to) throw new Error('palette or canvas not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2 + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 40, { steps: 10 });
  await page.mouse.up();
  await expect(canvas.locator('.ant-form-item-label label')).toHaveText(['手机号', '多行文本']);
  await snap(page, 'form-build');

  await button(page, '预览').click();
  const preview = page.getByRole('dialog');
  await button(preview, '提交').click();
  await expect(preview.getByText('请输入手机号')).toBeVisible();
  await preview.getByLabel('手机号').fill('12345');
  await expect(preview.getByText('手机号格式不正确')).toBeVisible();
  await preview.getByLabel('手机号').fill('13800138000');
  await button(preview, '提交').click();
  await expect(preview.getByRole('status')).toContainText('"phone": "13800138000"');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await button(page, '生成代码').click();
  const code = page.getByRole('dialog', { name: '导出' });
  await expect(code.locator('pre').first()).toContainText('z.object');
  await expect(code.locator('pre').first()).toContainText('phone');
  const tsx = page.waitForEvent('download');
  await code.getByRole('button', { name: /下载 .*\.tsx/ }).click();
  expect((await tsx).suggestedFilename()).toMatch(/\.tsx$/);
  await code.getByRole('tab', { name: '设计 JSON' }).click();
  const jsonDownload = page.waitForEvent('download');
  await code.getByRole('button', { name: /下载 .*\.json/ }).click();
  const file = await (await jsonDownload).path();
  const json = await readFile(file, 'utf8');
  expect(JSON.parse(json)).toMatchObject({ items: [{ field: 'phone' }, {}] });
  await page.keyboard.press('Escape');

  // Cleared, then the exported JSON opens the same design again.
  await button(page, '清空').click();
  await button(page.getByRole('dialog'), '确定').click();
  await expect(canvas.locator('.ant-form-item-label label')).toHaveCount(0);
  await page.getByLabel('导入 JSON 文件').setInputFiles(file);
  await expect(canvas.locator('.ant-form-item-label label')).toHaveText(['手机号', '多行文本']);
  expect(errors).toEqual([]);
});
