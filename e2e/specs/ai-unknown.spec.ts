import { expect, test } from '@playwright/test';
import { apiVisitor, publishedAgent } from '../support/ai-chat';
import { button, consoleErrors, tableRow } from '../support/list-page';
import { adminHeaders, API, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';

const ENTRY = '支持开增值税发票吗';
/** Shares nothing with the entry: the engine can only fall back, and the message is collected. */
const QUESTION = '店里有没有停车位';

test('未知问题: a question the agent could not answer in /chat is added to an entry as a similar question', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const agent = `未知问题客服${Date.now() % 1_000_000}`;
  const agentId = await publishedAgent(request, agent, 'blank');
  const headers = await adminHeaders(request);
  const added = await (await request.post(`${API}/ai/agent/${agentId}/knowledge`, { headers, data: { question: ENTRY, answer: '可以，下单后在订单页申请。' } })).json();
  expect(added).toMatchObject({ code: 200 });

  // A customer asks in the public chat; the answer (and the collection) runs after the message is accepted.
  const visitor = await apiVisitor(request, agentId);
  await visitor.say(QUESTION);
  await expect
    .poll(async () => {
      const res = await request.get(`${API}/ai/agent/${agentId}/unknown/list`, { headers });
      return ((await res.json()) as { rows: { question: string }[] }).rows.map((r) => r.question);
    })
    .toEqual([QUESTION]);

  await loginAs(page);
  await openShell(page, '/ai/agent');
  await button(tableRow(page, agent), '回复').click();
  const reply = page.getByRole('dialog', { name: `回复设置 - ${agent}` });
  await reply.getByRole('tab', { name: '未知问题' }).click();
  const row = tableRow(page, QUESTION);
  await expect(row).toContainText('兜底');
  await expect(row.locator('td').nth(2)).toHaveText('1');
  await snap(page, 'unknown-list');

  await button(row, '添加为相似问法').click();
  const attach = page.getByRole('dialog', { name: '添加为相似问法' });
  await attach.getByLabel('选择知识问答').click();
  await attach.getByLabel('选择知识问答').fill('发票');
  await page.locator('.ant-select-item-option', { hasText: ENTRY }).click();
  await button(attach, '确定').click();
  await expect(page.getByText('已添加为相似问法').last()).toBeVisible();
  await expect(attach).toBeHidden();
  await expect(tableRow(page, QUESTION)).toHaveCount(0);
  await expect(reply.getByText(/客户消息未能直接回答（澄清或兜底）时会收集到这里/)).toBeVisible();

  // 已处理 keeps the record of what was done.
  await reply.getByText('已处理', { exact: true }).click();
  await expect(tableRow(page, QUESTION)).toContainText('已添加为相似问法');

  // The entry now carries the question as another phrasing.
  await reply.getByRole('tab', { name: '知识问答' }).click();
  const entry = tableRow(page, ENTRY);
  await expect(entry.locator('td').nth(2)).toHaveText('1');
  await button(entry, '修改').click();
  const edit = page.getByRole('dialog', { name: '修改知识问答' });
  await expect(edit.getByLabel('相似问法1', { exact: true })).toHaveValue(QUESTION);
  await snap(page, 'unknown-added-to-entry');
  expect(errors).toEqual([]);
});
