import { expect, test } from '@playwright/test';
import { API, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, searchBy, searchForm, tableRows } from '../support/list-page';
import { settled, watchNetwork } from '../support/network';

test('操作日志: a write is logged, filtered by several types, shown in detail, sorted, deleted, exported and cleaned', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const token = await loginAs(page);
  const code = `log${Date.now() % 100000}`;
  const added = await page.request.post(`${API}/system/post`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { postCode: code, postName: `日志岗位${code}`, postSort: 9, status: '0' },
  });
  expect(((await added.json()) as { code: number }).code).toBe(200);
  // This write's entry, by id: 岗位管理's spec may add a post as admin at the same moment.
  const logged = (await (
    await page.request.get(`${API}/monitor/operlog/list`, {
      headers: { Authorization: `Bearer ${token}` },
      params: { title: '岗位管理', businessType: 1, operName: 'admin', pageSize: 50 },
    })
  ).json()) as { rows: { operId: number; operParam: string }[] };
  const operId = logged.rows.find((r) => r.operParam.includes(code))?.operId;
  expect(operId).toBeDefined();

  await openShell(page, '/system/log/operlog');
  const search = searchForm(page);
  await search.getByLabel('系统模块', { exact: true }).fill('岗位管理');
  // 类型 takes several types at once.
  await search.getByLabel('类型', { exact: true }).click();
  const options = page.locator('.ant-select-dropdown:visible');
  await options.getByTitle('新增', { exact: true }).click();
  await options.getByTitle('删除', { exact: true }).click();
  await page.keyboard.press('Escape');
  await searchBy(page, '操作人员', 'admin');
  const row = tableRows(page).filter({ has: page.locator('td', { hasText: new RegExp(`^${operId}$`) }) });
  await expect(row).toContainText('岗位管理');
  await expect(row).toContainText('成功');
  await snap(page, 'operlog-list');

  await button(row, '详细').click();
  const detail = page.getByRole('dialog', { name: '操作日志详细' });
  await expect(detail).toContainText('POST');
  await expect(detail).toContainText(`${API}/system/post`);
  // The request body is shown indented.
  await expect(detail.locator('pre').first()).toContainText(`"postCode": "${code}"`);
  await expect(detail.getByRole('region', { name: '返回参数' })).toContainText('"msg": "操作成功"');
  await snap(page, 'operlog-detail');
  await detail.getByText('复制').first().click();
  await expect(page.getByText('已复制').first()).toBeVisible();
  await button(detail.locator('.ant-modal-footer'), '关闭').click();
  await expect(detail).toBeHidden();

  watchNetwork(page);
  const sorted = page.waitForRequest((r) => r.url().includes('orderByColumn=costTime') && r.url().includes('isAsc=descending'));
  await page.getByRole('columnheader', { name: '消耗时间' }).click();
  await sorted;
  await settled(page);

  const id = (await row.locator('td').nth(1).textContent())?.trim();
  await row.getByRole('checkbox').check();
  await button(page, '删除').click();
  const prompt = page.getByRole('dialog', { name: '系统提示' });
  await expect(prompt).toContainText(`是否确认删除日志编号为"${id}"的数据项？`);
  await button(prompt, '确定').click();
  await expect(page.getByText('删除成功')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await button(page, '导出').click();
  expect((await downloading).suggestedFilename()).toMatch(/^operlog_\d+\.xlsx$/);

  await button(page, '清空').click();
  await expect(prompt).toContainText('是否确认清空所有操作日志数据项？');
  await button(prompt, '确定').click();
  await expect(page.getByText('清空成功')).toBeVisible();
  // What remains of 操作日志 is the record of the 清空 itself (written just after it answered).
  await button(search, '重置').click();
  await expect(async () => {
    await searchBy(page, '系统模块', '操作日志');
    await expect(tableRows(page)).toHaveCount(1, { timeout: 1000 });
    await expect(tableRows(page).first()).toContainText('清空数据');
  }).toPass();
  expect(errors).toEqual([]);
});
