import { expect, test } from '@playwright/test';
import { API, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, deleteRow, saveDialog, searchBy, searchForm, tableRow, tableRows } from '../support/list-page';

test('字典管理 and 字典数据: a type with its entries, from creation to deletion, with 刷新缓存', async ({ page }) => {
  // A whole screen's flow, many round trips on one test.
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const token = await loginAs(page);
  const dictType = `crm_level_${Date.now() % 100000}`;
  const cached = async () => {
    const res = await page.request.get(`${API}/system/dict/data/type/${dictType}`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: { dictLabel: string }[] }).data.map((d) => d.dictLabel);
  };

  await openShell(page, '/system/dict');
  await button(page, '新增').click();
  await saveDialog(page, '添加字典类型', { 字典名称: '客户等级', 字典类型: dictType }, '新增成功');

  await searchBy(page, '字典类型', dictType);
  await expect(tableRows(page)).toHaveCount(1);
  await button(tableRow(page, dictType), '修改').click();
  await saveDialog(page, '修改字典类型', { 字典名称: '客户级别' }, '修改成功');
  await expect(tableRow(page, '客户级别')).toBeVisible();

  // The type links to its entries.
  await tableRow(page, dictType).getByRole('link', { name: dictType }).click();
  await expect(page).toHaveURL(/\/system\/dict-data\/index\/\d+$/);
  await expect(searchForm(page)).toContainText('客户级别');
  await expect(page.locator('.ant-table-tbody .ant-empty-description:visible')).toHaveText('暂无数据');

  await button(page, '新增').click();
  const dialog = page.getByRole('dialog', { name: '添加字典数据' });
  await expect(dialog.getByLabel('字典类型')).toHaveValue(dictType);
  await dialog.getByLabel('回显样式').click();
  await page.locator('.ant-select-item-option', { hasText: '危险(danger)' }).click();
  await saveDialog(page, '添加字典数据', { 数据标签: '重要客户', 数据键值: 'vip' }, '新增成功');
  await button(page, '新增').click();
  await saveDialog(page, '添加字典数据', { 数据标签: '普通客户', 数据键值: 'normal', 显示排序: '1' }, '新增成功');
  await expect(tableRow(page, '重要客户').locator('.ant-tag', { hasText: '重要客户' })).toBeVisible();
  expect(await cached()).toEqual(['重要客户', '普通客户']);
  await snap(page, 'dict-data');

  await searchBy(page, '字典标签', '普通');
  await expect(tableRows(page)).toHaveCount(1);
  await button(tableRow(page, '普通客户'), '修改').click();
  await saveDialog(page, '修改字典数据', { 数据标签: '一般客户' }, '修改成功');
  expect(await cached()).toEqual(['重要客户', '一般客户']);

  await button(searchForm(page), '重置').click();
  await expect(tableRows(page)).toHaveCount(2);
  await deleteRow(page, '一般客户', '是否确认删除字典编码编号为');
  await expect(page.getByText('删除成功')).toBeVisible();
  expect(await cached()).toEqual(['重要客户']);

  await button(page, '关闭').click();
  await expect(page).toHaveURL(/\/system\/dict$/);

  await button(page, '刷新缓存').click();
  await expect(page.getByText('刷新成功')).toBeVisible();

  await searchBy(page, '字典类型', dictType);
  await deleteRow(page, dictType, '是否确认删除字典编号为');
  await expect(page.getByText('客户级别已分配,不能删除')).toBeVisible();
  await expect(tableRow(page, dictType)).toBeVisible();
  expect(errors).toEqual([]);
});
