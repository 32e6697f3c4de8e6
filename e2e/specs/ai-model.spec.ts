import { expect, test } from '@playwright/test';
import { startFakeOpenAI, type FakeOpenAI } from '../../apps/server/test/helpers/fake-openai';
import { loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, deleteRow, saveDialog, searchBy, tableRow, tableRows } from '../support/list-page';

let fake: FakeOpenAI;
test.beforeAll(async () => {
  fake = await startFakeOpenAI();
});
test.afterAll(() => fake.close());

test('模型配置: add a provider with fetched models, test it, edit it keeping the key, delete it', async ({ page }) => {
  // A whole screen's flow, many round trips on one test.
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  await loginAs(page);
  await openShell(page, '/ai/model');
  await expect(page.getByText('内置引擎').first()).toBeVisible();

  const name = `测试模型${Date.now() % 100000}`;
  await button(page, '新增').click();
  const add = page.getByRole('dialog', { name: '添加模型' });
  await add.getByLabel('名称', { exact: true }).fill(name);
  await add.getByLabel('接口地址', { exact: true }).fill(fake.baseUrl);
  await add.getByLabel('API Key', { exact: true }).fill(fake.apiKey);

  await button(add, '获取模型').click();
  await expect(page.getByText('获取到 8 个模型').last()).toBeVisible();
  const models = add.getByRole('combobox', { name: '模型列表' });
  await models.click();
  // antd's visible options are divs named by their title; the role=option elements are a hidden a11y copy.
  await page.locator('.ant-select-item-option[title="fake-echo"]').click();
  await models.press('Escape');
  // The chosen tag, and the default model that follows the list.
  await expect(add.locator('.ant-select-selection-item[title="fake-echo"]')).toBeVisible();
  await expect(add.locator('.ant-form-item', { hasText: '默认模型' })).toContainText('fake-echo');

  await button(add, '测试连接').click();
  await expect(add.getByText(/连接成功，耗时 \d+ 毫秒/)).toBeVisible();
  await expect(add.getByText('模型回复：你好，你好')).toBeVisible();
  await snap(page, 'model-dialog-tested');
  await button(add, '确定').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(add).toBeHidden();

  await searchBy(page, '名称', name);
  await expect(tableRows(page)).toHaveCount(1);
  const row = tableRow(page, name);
  await expect(row).toContainText('已设置');
  await expect(row).toContainText('fake-echo');
  await expect(row).not.toContainText(fake.apiKey);
  await snap(page, 'model-list');

  await button(row, '测试连接').click();
  const result = page.getByRole('dialog', { name: `测试连接：${name}` });
  await expect(result.getByText(/连接成功，耗时 \d+ 毫秒/)).toBeVisible();
  await result.getByRole('button', { name: '关闭' }).click();
  await expect(result).toBeHidden();

  await button(row, '修改').click();
  const edit = page.getByRole('dialog', { name: '修改模型' });
  await expect(edit.getByLabel('API Key', { exact: true })).toHaveValue('');
  await expect(edit.getByLabel('API Key', { exact: true })).toHaveAttribute('placeholder', '已设置，留空则不修改');
  // The stored key is used for the test when the field is left empty.
  await button(edit, '测试连接').click();
  await expect(edit.getByText(/连接成功，耗时 \d+ 毫秒/)).toBeVisible();
  await saveDialog(page, '修改模型', { 名称: `${name}改` }, '修改成功');
  await expect(tableRow(page, `${name}改`)).toContainText('已设置');

  await deleteRow(page, `${name}改`, '是否确认删除模型编号为');
  await expect(page.getByText('删除成功').last()).toBeVisible();
  await expect(tableRow(page, `${name}改`)).toHaveCount(0);
  expect(errors).toEqual([]);
});
