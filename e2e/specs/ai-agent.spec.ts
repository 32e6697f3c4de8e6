import { expect, test, type Page } from '@playwright/test';
import { API, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, tableRow, tableRows } from '../support/list-page';

/** The row of exactly this agent (a copy's name contains the original's). */
const agentRow = (page: Page, name: string) => tableRows(page).filter({ has: page.getByText(name, { exact: true }) });

/** 更多 of an agent's row (named by the agent, so a copy's row is told apart), then one of its entries. */
async function more(page: Page, agent: string, entry: string) {
  await page.getByRole('button', { name: `更多操作：${agent}`, exact: true }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Fills the reply dialog's test box and runs it. */
async function testMessage(page: Page, text: string) {
  const reply = page.getByRole('dialog', { name: /回复设置/ });
  await reply.getByLabel('测试消息', { exact: true }).fill(text);
  await button(reply, '测试').click();
}

test('AI客服列表: create from a template, settings, rules and knowledge, test, debug, duplicate, publish, delete', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = consoleErrors(page);
  await loginAs(page);
  await openShell(page, '/ai/agent');
  const n = Date.now() % 100000;
  const agent = `售前助手${n}`;
  const copy = `${agent}-副本`;
  const keyword = `口令${n}`;

  // 新建客服 from 通用客服; its settings open next.
  await page.getByRole('button', { name: '新建客服' }).first().click();
  const create = page.getByRole('dialog', { name: '新建客服' });
  await expect(create.getByRole('radio', { name: '通用客服' })).toContainText('解答常见问题');
  await create.getByLabel('客服名称').fill(agent);
  await create.getByRole('radio', { name: '通用客服' }).click();
  await button(create, '创建').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();

  const settings = page.getByRole('dialog', { name: `客服设置 - ${agent}` });
  await expect(settings.getByLabel('客服名称')).toHaveValue(agent);
  await settings.getByRole('tab', { name: '欢迎语与快捷问题' }).click();
  const welcome = settings.getByLabel('欢迎语', { exact: true });
  await welcome.fill('您好，我是');
  await settings.getByRole('button', { name: '插入变量' }).click();
  await page.getByRole('menuitem', { name: '{{agent_name}} 客服名称' }).click();
  await expect(welcome).toHaveValue('您好，我是{{agent_name}}');
  await settings.getByRole('button', { name: /预\s*览/ }).click();
  await expect(settings.getByText(`您好，我是${agent}`)).toBeVisible();
  await snap(page, 'agent-settings');
  await button(settings, '保存').click();
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await expect(settings).toBeHidden();
  await expect(tableRow(page, agent)).toContainText('草稿');

  // 变量: the template's own variables get this agent's values, checked by type before saving.
  await button(tableRow(page, agent), '变量').click();
  const vars = page.getByRole('dialog', { name: `设置变量 - ${agent}` });
  const phone = vars.getByLabel('联系电话的值');
  await phone.fill('abc');
  await button(vars, '保存').click();
  await expect(vars.getByText('请输入正确的电话号码')).toBeVisible();
  await phone.fill('400-800-1234');
  await button(vars, '保存').click();
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await expect(vars).toBeHidden();

  // 回复: a keyword rule and a knowledge entry, then 测试消息 shows which answers.
  await button(tableRow(page, agent), '回复').click();
  const reply = page.getByRole('dialog', { name: `回复设置 - ${agent}` });
  await button(reply, '添加规则').click();
  const ruleDialog = page.getByRole('dialog', { name: '添加回复规则' });
  await ruleDialog.getByLabel('关键词').fill(keyword);
  await ruleDialog.getByLabel('回复', { exact: true }).fill('口令已收到，请稍候。');
  await button(ruleDialog, '确定').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(reply.locator('tr', { hasText: keyword })).toContainText('关键词包含');

  await reply.getByRole('tab', { name: '知识问答' }).click();
  await button(reply, '添加问答').click();
  const qa = page.getByRole('dialog', { name: '添加知识问答' });
  await qa.getByLabel('问题').fill('可以开增值税发票吗');
  await button(qa, '添加相似问法').click();
  await qa.getByLabel('相似问法1', { exact: true }).fill('能开专票吗');
  await qa.getByLabel('答案', { exact: true }).fill('可以，下单后在订单页申请增值税发票。');
  await button(qa, '确定').click();
  await expect(page.getByText('新增成功').last()).toBeVisible();
  await expect(reply.locator('tr', { hasText: '可以开增值税发票吗' })).toBeVisible();

  await testMessage(page, `我的${keyword}`);
  const result = reply.getByLabel('测试结果');
  await expect(result).toContainText(new RegExp(`规则 #\\d+ 「${keyword}」`));
  await expect(result).toContainText('口令已收到，请稍候。');
  await testMessage(page, '可以开增值税发票吗');
  await expect(result).toContainText('知识 「可以开增值税发票吗」');
  await expect(result).toContainText('可以，下单后在订单页申请增值税发票。');
  await testMessage(page, '怎么联系你们？');
  await expect(result).toContainText('您可以拨打400-800-1234联系我们');
  await snap(page, 'agent-reply-test');
  await reply.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(tableRow(page, agent)).toContainText('3 / 4');

  // 调试: the rule answers, shown with its hit.
  await button(tableRow(page, agent), '调试').click();
  const debug = page.getByRole('dialog', { name: `调试 - ${agent}` });
  await debug.getByLabel('调试消息').fill(keyword);
  await debug.getByLabel('调试消息').press('Enter');
  const log = debug.getByRole('log', { name: '调试对话' });
  await expect(log).toContainText('口令已收到，请稍候。');
  await expect(log).toContainText(new RegExp(`规则 #\\d+ 「${keyword}」`));
  await expect(log).toContainText(/\d+ ms/);
  await snap(page, 'agent-debug');
  await button(debug, '重置对话').click();
  await expect(log).not.toContainText('口令已收到');
  await debug.getByRole('button', { name: '关闭', exact: true }).click();

  // 复制, 发布, then the copy is deleted after a confirmation.
  await more(page, agent, '复制');
  await expect(page.getByText('复制成功').last()).toBeVisible();
  await expect(agentRow(page, copy)).toContainText('3 / 4');
  await more(page, agent, '发布');
  await expect(page.getByText('发布成功').last()).toBeVisible();
  await expect(agentRow(page, agent)).toContainText('已发布');
  await expect(agentRow(page, copy)).toContainText('草稿');
  await snap(page, 'agent-list');

  await more(page, copy, '删除');
  const confirm = page.getByRole('dialog', { name: '系统提示' });
  await expect(confirm).toContainText(`确认删除客服"${copy}"吗？`);
  await button(confirm, '确定').click();
  await expect(page.getByText('删除成功').last()).toBeVisible();
  await expect(tableRow(page, copy)).toHaveCount(0);
  await expect(tableRow(page, agent)).toContainText('已发布');
  expect(errors).toEqual([]);
});

/** Opens the agent's 回复 dialog on 知识问答. */
async function openKnowledge(page: Page, agent: string) {
  await button(agentRow(page, agent), '回复').click();
  const reply = page.getByRole('dialog', { name: `回复设置 - ${agent}` });
  await reply.getByRole('tab', { name: '知识问答' }).click();
  return reply;
}

/** 导入 with the file; returns the result dialog. */
async function importSheet(page: Page, file: string) {
  await button(page.getByRole('dialog', { name: /回复设置/ }), '导入').click();
  const dialog = page.getByRole('dialog', { name: '导入知识问答' });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await button(dialog, '确定').click();
  return page.locator('.ant-modal-confirm', { hasText: '导入结果' });
}

test('知识问答: the exported sheet imports into another agent, a repeat is refused row by row, updates when asked', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = consoleErrors(page);
  const token = await loginAs(page);
  const n = Date.now() % 100000;
  const source = `导出客服${n}`;
  const target = `导入客服${n}`;
  for (const [name, template] of [[source, 'general'], [target, 'blank']]) {
    const res = await page.request.post(`${API}/ai/agent`, { headers: { Authorization: `Bearer ${token}` }, data: { name, template } });
    expect(await res.json()).toMatchObject({ code: 200 });
  }
  await openShell(page, '/ai/agent');

  const from = await openKnowledge(page, source);
  await expect(from.locator('.ant-table-tbody tr.ant-table-row:visible')).toHaveCount(3);
  const downloading = page.waitForEvent('download');
  await button(from, '导出').click();
  const file = test.info().outputPath('knowledge.xlsx');
  await (await downloading).saveAs(file);
  await from.getByRole('button', { name: '关闭', exact: true }).click();

  const to = await openKnowledge(page, target);
  await expect(to.locator('.ant-empty-description:visible')).toHaveText('暂无数据');
  let report = await importSheet(page, file);
  await expect(report).toContainText('恭喜您，数据已全部导入成功！共 3 条');
  await expect(report).toContainText('1、问题');
  await snap(page, 'knowledge-import');
  await button(report, '确定').click();
  await expect(to.locator('.ant-table-tbody tr.ant-table-row:visible')).toHaveCount(3);

  report = await importSheet(page, file);
  await expect(report).toContainText('很抱歉，导入失败！共 3 条');
  await expect(report).toContainText('已存在');
  await button(report, '确定').click();

  // The refused file stays picked, so ticking the update box and confirming retries it.
  const importDialog = page.getByRole('dialog', { name: '导入知识问答' });
  await importDialog.getByRole('checkbox', { name: '更新已经存在的问题' }).check();
  await button(importDialog, '确定').click();
  await expect(report).toContainText('更新成功');
  await button(report, '确定').click();
  await expect(to.locator('.ant-table-tbody tr.ant-table-row:visible')).toHaveCount(3);
  expect(errors).toEqual([]);
});

test('设置: one 保存 for the settings and the channel bindings, and the dialog keeps its size between tabs', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const token = await loginAs(page);
  const n = Date.now() % 100000;
  const agent = `渠道客服${n}`;
  const entry = `官网入口${n}`;
  const created = await page.request.post(`${API}/ai/agent`, { headers: { Authorization: `Bearer ${token}` }, data: { name: agent, template: 'general' } });
  expect(await created.json()).toMatchObject({ code: 200 });
  await openShell(page, '/ai/agent');

  await button(tableRow(page, agent), '设置').click();
  const settings = page.getByRole('dialog', { name: `客服设置 - ${agent}` });
  await expect(settings.getByLabel('客服名称')).toHaveValue(agent);
  const dialogHeight = async () => (await settings.boundingBox())?.height ?? 0;
  const heights = new Set<number>();
  for (const tab of ['基础', '提示词', '欢迎语与快捷问题', '兜底回复', '模型', '转人工', '营业时间', '留资目标', '渠道']) {
    await settings.getByRole('tab', { name: tab, exact: true }).click();
    await expect(settings.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    heights.add(Math.round(await dialogHeight()));
  }
  expect([...heights]).toHaveLength(1);

  // 渠道 has no save of its own: a new web entry is ticked and saved with a renamed agent by the one 保存.
  await expect(button(settings, '保存绑定')).toHaveCount(0);
  await settings.getByPlaceholder('网页入口名称，如：官网咨询').fill(entry);
  await button(settings, '创建网页入口').click();
  await expect(page.getByText('创建成功').last()).toBeVisible();
  await settings.getByRole('row', { name: new RegExp(entry) }).getByRole('checkbox').check();
  await settings.getByRole('tab', { name: '基础', exact: true }).click();
  await settings.getByLabel('客服名称').fill(`${agent}改`);
  await snap(page, 'agent-settings-channels');
  await button(settings, '保存').click();
  await expect(page.getByText('保存成功').last()).toBeVisible();
  await expect(settings).toBeHidden();
  await expect(agentRow(page, `${agent}改`)).toContainText(entry);
  expect(errors).toEqual([]);
});
