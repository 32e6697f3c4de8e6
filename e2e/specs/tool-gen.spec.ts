import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { button, consoleErrors, searchBy, tableRow } from '../support/list-page';
import { ADMIN, API, apiLogin, loginAs, snap } from '../support/session';

/*
 * 代码生成 in the browser: a table made from SQL is imported through 导入, its columns and names are
 * edited and saved, the code is previewed with highlighting, and the zip holds this project's files.
 */

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  rows: T;
}

async function call<T>(request: APIRequestContext, token: string, method: 'get' | 'post' | 'delete', url: string): Promise<Envelope<T>> {
  const res = await request[method](`${API}${url}`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await res.json()) as Envelope<T>;
  expect(body, `${method} ${url}: ${body.msg}`).toMatchObject({ code: 200 });
  return body;
}

/**
 * Two tables made by 创建 (admin), which creates and imports them; the goods table's import is removed
 * again, so the table itself waits in the 导入 dialog while the supplier table stays in the list.
 */
async function sampleTables(request: APIRequestContext, token: string, goods: string, supplier: string): Promise<void> {
  const sql = [
    `CREATE TABLE ${goods} (`,
    "  goods_id bigint NOT NULL AUTO_INCREMENT COMMENT '商品编号',",
    "  goods_name varchar(64) NOT NULL COMMENT '商品名称',",
    "  gender char(1) DEFAULT '0' COMMENT '适用性别',",
    "  price decimal(10,2) COMMENT '价格',",
    "  remark varchar(500) COMMENT '备注',",
    '  create_time datetime,',
    '  PRIMARY KEY (goods_id)',
    ") COMMENT='端到端商品表';",
    `CREATE TABLE ${supplier} (`,
    "  supplier_id bigint NOT NULL AUTO_INCREMENT COMMENT '供应商编号',",
    "  supplier_name varchar(64) NOT NULL COMMENT '供应商名称',",
    '  PRIMARY KEY (supplier_id)',
    ") COMMENT='端到端供应商表';",
  ].join('\n');
  await call(request, token, 'post', `/tool/gen/createTable?sql=${encodeURIComponent(sql)}`);
  const list = await call<{ tableId: number }[]>(request, token, 'get', `/tool/gen/list?tableName=${goods}`);
  await call(request, token, 'delete', `/tool/gen/${list.rows.map((r) => r.tableId).join(',')}`);
}

/** Waits until the toasts have gone, for a clean screenshot. */
const noToasts = (page: Page) => expect(page.locator('.ant-message-notice')).toHaveCount(0);

/** Picks an option of the antd Select named `label` from its dropdown, once that has finished opening. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: label });
  await select.click();
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${await select.getAttribute('aria-controls')}"]`) });
  // The option list is virtual: clicked while the dropdown still slides open, the option is scrolled into view
  // by scrolling the list, which can move it out of the rendered rows so that it is never found again.
  await expect(dropdown).toBeVisible();
  await expect(dropdown).not.toHaveClass(/ant-slide-up/);
  await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

const columnNames = (grid: Locator) => grid.locator('.ant-table-tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();

test('代码生成: import a table, edit its columns and names, preview the code and download the zip', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const token = await apiLogin(request, ADMIN);
  // The worker slot too: two copies of this test started in the same millisecond (--repeat-each) would make the same tables.
  const suffix = `${Date.now() % 1_000_000}_${test.info().parallelIndex}`;
  const tableName = `e2e_goods_${suffix}`;
  await sampleTables(request, token, tableName, `e2e_supplier_${suffix}`);

  await loginAs(page);
  await page.goto('/tool/gen');
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();

  // 导入: the dialog lists the database table; a click on its row picks it.
  await button(page, '导入').click();
  const importDialog = page.getByRole('dialog', { name: '导入表' });
  await button(importDialog, '确定').click();
  await expect(page.getByText('请选择要导入的表')).toBeVisible();
  await importDialog.getByLabel('表名称', { exact: true }).fill(tableName);
  await importDialog.getByLabel('表名称', { exact: true }).press('Enter');
  await importDialog.getByRole('row', { name: new RegExp(tableName) }).click();
  await button(importDialog, '确定').click();
  await expect(importDialog).toBeHidden();
  await searchBy(page, '表名称', tableName);
  const row = tableRow(page, tableName);
  await expect(row).toContainText('端到端商品表');

  const [{ tableId }] = (await call<{ tableId: number }[]>(request, token, 'get', `/tool/gen/list?tableName=${tableName}`)).rows;

  // 编辑: 字段信息 opens first; a column gets a dictionary select and moves up by keyboard.
  await row.getByRole('button', { name: '编辑' }).click();
  await expect(page).toHaveURL(new RegExp(`/tool/gen-edit/index/${tableId}$`));
  await expect(page.getByRole('tab', { name: '字段信息', selected: true })).toBeVisible();
  const grid = page.locator('.gen-column-grid');
  await expect(grid.getByRole('textbox', { name: 'gender 字段描述' })).toHaveValue('适用性别');
  await choose(page, 'gender 显示类型', '下拉框');
  await choose(page, 'gender 字典类型', '用户性别');
  expect(await columnNames(grid)).toEqual(['goods_id', 'goods_name', 'gender', 'price', 'remark', 'create_time']);
  await grid.getByRole('button', { name: '拖动gender' }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect.poll(() => columnNames(grid)).toEqual(['goods_id', 'gender', 'goods_name', 'price', 'remark', 'create_time']);
  await snap(page, 'tool-gen-edit');
  // At 1280×800 the grid scrolls sideways inside its card; the page itself keeps to the window.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await snap(page, 'tool-gen-edit-1280');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('tab', { name: '生成信息' }).click();
  await page.getByLabel('生成功能名').fill('端到端商品');
  await snap(page, 'tool-gen-edit-info');
  await button(page, '提交').click();
  await expect(page.getByText('操作成功').last()).toBeVisible();
  await expect(page).toHaveURL(/\/tool\/gen$/);
  await noToasts(page);

  const detail = await call<{ info: { functionName: string; moduleName: string; businessName: string }; rows: { columnName: string; htmlType: string; dictType: string; sort: number }[] }>(
    request,
    token,
    'get',
    `/tool/gen/${tableId}`,
  );
  expect(detail.data.info.functionName).toBe('端到端商品');
  const gender = detail.data.rows.find((c) => c.columnName === 'gender');
  expect(gender).toMatchObject({ htmlType: 'select', dictType: 'sys_user_sex', sort: 2 });
  const { moduleName, businessName } = detail.data.info;

  // 预览: one tab per file, the target path above highlighted code.
  await tableRow(page, tableName).getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('dialog', { name: '代码预览' });
  await expect(preview.getByRole('tab', { name: 'routes.ts' })).toBeVisible();
  await expect(preview.getByRole('tab', { name: 'index.tsx' })).toBeVisible();
  await expect(preview.getByRole('tab', { name: 'sql' })).toBeVisible();
  await preview.getByRole('tab', { name: 'routes.ts' }).click();
  await expect(preview.getByText(`apps/server/src/modules/${moduleName}/${businessName}/routes.ts`)).toBeVisible();
  const code = preview.locator('pre.gen-code:visible');
  await expect(code.locator('.hljs-keyword').first()).toBeVisible();
  await expect(code).toContainText(`${businessName}Routes`);
  await snap(page, 'tool-gen-preview');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  await button(page, '重置').click();
  await expect(tableRow(page, `e2e_supplier_${suffix}`)).toBeVisible();
  await noToasts(page);
  await snap(page, 'tool-gen-list');

  // 生成代码: one table downloads as <table>.zip, its entries at their repository paths.
  const downloading = page.waitForEvent('download');
  await tableRow(page, tableName).getByRole('button', { name: '生成代码' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${tableName}.zip`);
  const zip = await JSZip.loadAsync(await readFile(await download.path()));
  const entries = Object.keys(zip.files);
  expect(entries).toContain(`apps/server/src/modules/${moduleName}/${businessName}/routes.ts`);
  expect(entries).toContain(`apps/web/src/pages/${moduleName}/${businessName}/index.tsx`);
  expect(await zip.file(`apps/web/src/pages/${moduleName}/${businessName}/index.tsx`)?.async('string')).toContain('端到端商品');

  expect(errors).toEqual([]);
});
