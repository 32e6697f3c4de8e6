import { expect, test, type Page } from '@playwright/test';
import { apiVisitor, publishedAgent } from '../support/ai-chat';
import { button, consoleErrors } from '../support/list-page';
import { loginAs, mobileOfRun, snap } from '../support/session';

const rows = (page: Page) => page.locator('.conv-row:visible');
/** A status filter button, labelled with its count ('等待人工 2'). */
const statusTab = (page: Page, label: string) =>
  page.getByRole('radiogroup', { name: '会话状态' }).locator('label').filter({ hasText: new RegExp(`^${label} \\d+$`) });

/** Opens 在线会话 and waits for its live stream (the page never goes network-idle). */
async function openConversations(page: Page): Promise<void> {
  await loginAs(page);
  await page.goto('/ai/conversation');
  await expect(page.getByText('实时更新中')).toBeVisible();
}

test('在线会话: status tabs with counts, keyword search, record with hits and lead, export', async ({ page, request }) => {
  test.setTimeout(60_000);
  const errors = consoleErrors(page);
  const name = `筛选${Date.now() % 1_000_000}`;
  // A number of this run's own: the e2e database keeps earlier runs' conversations.
  const phone = mobileOfRun('139');
  const agentId = await publishedAgent(request, name);
  const asker = await apiVisitor(request, agentId);
  await asker.say('怎么收费？');
  await asker.say(`我的手机号 ${phone}`);
  const waiting = await apiVisitor(request, agentId);
  await waiting.say('我要投诉，转人工');

  await openConversations(page);
  const mine = rows(page).filter({ hasText: name });
  await expect(mine).toHaveCount(2);
  // Waiting conversations float to the top.
  await expect(rows(page).first()).toContainText('等待人工');

  await statusTab(page, '等待人工').click();
  await expect(page.getByRole('radio', { name: /^等待人工 \d+$/ })).toBeChecked();
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('等待人工');
  await expect(rows(page).filter({ hasText: phone })).toHaveCount(0);

  await statusTab(page, '全部').click();
  const search = page.getByRole('searchbox', { name: '搜索会话' });
  await search.fill(phone);
  await search.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(name);

  await rows(page).click();
  const record = page.getByRole('log', { name: '会话记录' });
  await expect(record).toContainText('费用会根据您的具体需求来定');
  await expect(record.locator('.conv-hit', { hasText: '知识库' })).toHaveCount(1);
  await expect(record).toContainText(`手机号：${phone}`);
  await expect(page.getByRole('complementary', { name: '客户信息' })).toContainText(phone);
  await snap(page, 'conversation-record');

  const download = page.waitForEvent('download');
  await button(page, '导出').click();
  expect((await download).suggestedFilename()).toMatch(/^conversation_\d+\.xlsx$/);
  expect(errors).toEqual([]);
});

test('在线会话: the open record updates live: the staff reply and the customer’s follow-ups appear without a click', async ({ page, request }) => {
  const name = `实时${Date.now() % 1_000_000}`;
  const visitor = await apiVisitor(request, await publishedAgent(request, name));
  await visitor.say('你好，我想咨询一下');

  await openConversations(page);
  await rows(page).filter({ hasText: name }).click();
  const record = page.getByRole('log', { name: '会话记录' });
  await expect(record).toContainText('我想咨询一下');
  await button(page, '接管').click();
  await expect(record).toContainText('已接入');

  // From here on nothing is clicked: every line arrives through the live stream.
  const box = page.getByRole('textbox', { name: '回复内容' });
  await box.fill('您好，我是人工客服小王');
  await box.press('Enter');
  await expect(record).toContainText('您好，我是人工客服小王');
  await visitor.say('第一条追问：价格多少');
  await expect(record).toContainText('第一条追问：价格多少');
  await visitor.say('第二条追问：什么时候能发货');
  await expect(record).toContainText('第二条追问：什么时候能发货');
  // Each line once, in order.
  const lines = await record.locator('.conv-msg-body').allTextContents();
  expect(lines.filter((l) => /人工客服小王|追问/.test(l))).toEqual(['您好，我是人工客服小王', '第一条追问：价格多少', '第二条追问：什么时候能发货']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('在线会话 stacks the panes: list, then the record with a way back', async ({ page, request }) => {
    const name = `手机${Date.now() % 1_000_000}`;
    const visitor = await apiVisitor(request, await publishedAgent(request, name));
    await visitor.say('你们主要做什么？');

    await openConversations(page);
    const row = rows(page).filter({ hasText: name });
    await row.tap();
    await expect(page.getByRole('log', { name: '会话记录' })).toContainText('你们主要做什么？');
    await expect(rows(page)).toHaveCount(0);
    await snap(page, 'conversation-phone-record');

    await page.getByRole('button', { name: '返回列表' }).tap();
    await expect(row).toBeVisible();
    await expect(page.getByRole('log', { name: '会话记录' })).toHaveCount(0);
  });
});
