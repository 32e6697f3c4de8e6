import { expect, test, type Page } from '@playwright/test';
import { API, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, searchBy, searchForm, tableRow, tableRows } from '../support/list-page';

/** Opens the agent's 设置 and replaces its system prompt (typed, then a variable inserted from the menu). */
async function setPrompt(page: Page, agent: string, text: string, insert?: string) {
  await openShell(page, '/ai/agent');
  await button(tableRow(page, agent), '设置').click();
  const dialog = page.getByRole('dialog', { name: `客服设置 - ${agent}` });
  await dialog.getByRole('tab', { name: '提示词' }).click();
  const prompt = dialog.getByLabel('系统提示词', { exact: true });
  await prompt.fill(text);
  if (insert) {
    await dialog.getByRole('button', { name: '插入变量' }).click();
    await page.getByRole('menuitem', { name: insert }).click();
    await expect(prompt).toHaveValue(new RegExp(insert.split(' ')[0].replace(/[{}]/g, '\\$&')));
  }
  await button(dialog, '保存').click();
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('变量管理: create with a live preview, used in a prompt is refused deletion, unused is deleted', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  const token = await loginAs(page);
  const n = Date.now() % 100000;
  const key = `hotline${n}`;
  const agent = `变量客服${n}`;
  const created = await page.request.post(`${API}/ai/agent`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: agent, template: 'blank' },
  });
  expect(await created.json()).toMatchObject({ code: 200 });

  await openShell(page, '/ai/variable');
  await button(page, '新增').click();
  const dialog = page.getByRole('dialog', { name: '添加变量' });
  await dialog.getByLabel('变量键').fill('agent_name');
  await dialog.getByLabel('变量名称').fill('客服热线');
  await button(dialog, '确定').click();
  await expect(dialog.getByText('"agent_name"是系统变量，不能使用')).toBeVisible();
  await dialog.getByLabel('变量键').fill(key);
  await dialog.getByLabel('默认值').fill('400-800-1234');
  await dialog.getByLabel('兜底值').fill('客服电话');
  await expect(dialog.getByTestId('preview-default')).toHaveText('您好，客服热线是：400-800-1234。');
  await expect(dialog.getByTestId('preview-fallback')).toHaveText('您好，客服热线是：客服电话。');
  await snap(page, 'variable-dialog');
  await button(dialog, '确定').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(dialog).toBeHidden();

  await searchBy(page, '变量键', key);
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRow(page, key)).toContainText(`{{${key}}}`);
  await expect(tableRow(page, key)).toContainText('未使用');

  await setPrompt(page, agent, '你是客服，电话是', `{{${key}}} 客服热线`);

  await openShell(page, '/ai/variable');
  await searchBy(page, '变量键', key);
  await expect(tableRow(page, key)).toContainText(`${agent}·系统提示词`);
  await snap(page, 'variable-used');
  await button(tableRow(page, key), '删除').click();
  await button(page.getByRole('dialog', { name: '系统提示' }), '确定').click();
  await expect(page.getByText(`变量'${key}'正在被使用`)).toBeVisible();
  await expect(tableRow(page, key)).toBeVisible();

  await setPrompt(page, agent, '你是客服。');

  await openShell(page, '/ai/variable');
  await searchBy(page, '变量键', key);
  await expect(tableRow(page, key)).toContainText('未使用');
  await button(tableRow(page, key), '删除').click();
  await button(page.getByRole('dialog', { name: '系统提示' }), '确定').click();
  await expect(page.getByText('删除成功').last()).toBeVisible();
  await expect(tableRows(page)).toHaveCount(0);
  await button(searchForm(page), '重置').click();
  expect(errors).toEqual([]);
});
