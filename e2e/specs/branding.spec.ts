import { expect, test, type Page } from '@playwright/test';
import { publishedAgent } from '../support/ai-chat';
import { consoleErrors } from '../support/list-page';
import { adminHeaders, API, loginAs, snap } from '../support/session';
import { openShell, sidebar, workbenchLinks } from '../support/shell';

const RUOYI = /若依|ruoyi/i;

/** The console's own text of the open page (the app container, sidebar and navbar). */
const shellText = (page: Page) => page.locator('#root').innerText();

test('the console carries its own neutral names: greeting, sidebar, department tree and notices', async ({ page }) => {
  const errors = consoleErrors(page);
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await loginAs(page);
  await openShell(page, '/index');
  await expect(page.locator('.workbench-hello h2')).toHaveText(/^.+好，管理员$/);
  // 通知公告's spec may have a notice of its own open at the same time.
  await expect(page.locator('.workbench .notice-rows li', { hasText: 'AI客服系统介绍' })).toHaveCount(1);
  await expect(sidebar(page).getByText('若依官网')).toHaveCount(0);
  expect(await shellText(page)).not.toMatch(RUOYI);
  await snap(page, 'workbench');

  // Every seeded menu has its page in this build (代码生成 included): nothing is left out of the menu.
  await expect(sidebar(page).getByText('系统监控', { exact: true })).toHaveCount(1);
  await expect(sidebar(page).getByText('系统工具', { exact: true })).toHaveCount(1);
  expect(warnings.filter((w) => w.includes('已从菜单隐藏'))).toEqual([]);

  await openShell(page, '/system/dept');
  await expect(page.getByRole('row', { name: /示例科技/ })).toBeVisible();
  expect(await shellText(page)).not.toMatch(RUOYI);
  expect(errors).toEqual([]);
});

test('every 工作台 quick link opens a page of this build', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page);
  const hrefs = await workbenchLinks(page);
  expect(hrefs.length).toBeGreaterThan(8);
  // The workbench offers the seeded tools, 代码生成 among them, and only pages of this console.
  expect(hrefs).toContain('/tool/gen');
  expect(hrefs.filter((h) => !h.startsWith('/'))).toEqual([]);
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
    await expect(page.getByText('404', { exact: true }), href).toHaveCount(0);
  }
});

test('a customer talking to staff sees 人工客服 · 管理员', async ({ page, request }) => {
  const agentName = `品牌检查${Date.now() % 1_000_000}`;
  const agentId = await publishedAgent(request, agentName);
  await page.goto(`/chat?agent=${agentId}`);
  const composer = page.getByRole('textbox', { name: '输入消息' });
  await composer.fill('你好');
  await composer.press('Enter');
  const log = page.getByRole('log', { name: '聊天记录' });
  await expect(log.locator('.chat-bubble-me', { hasText: '你好' })).toHaveCount(1);

  const headers = await adminHeaders(request);
  // The bubble shows as the message is sent; the conversation is there once the server has taken it.
  const conversations = async () =>
    ((await (await request.get(`${API}/ai/conversation/list?agentId=${agentId}`, { headers })).json()) as { rows: { conversationId: number }[] }).rows;
  await expect.poll(async () => (await conversations()).length).toBe(1);
  const [{ conversationId: id }] = await conversations();
  for (const [path, data] of [['takeover', undefined], ['reply', { content: '您好，请问有什么可以帮您' }]] as const) {
    const res = (await (await request.post(`${API}/ai/conversation/${id}/${path}`, { headers, data })).json()) as { code: number; msg: string };
    expect(res, res.msg).toMatchObject({ code: 200 });
  }
  await expect(log).toContainText('您好，请问有什么可以帮您');
  await expect(log.locator('.chat-row-them', { hasText: '您好，请问有什么可以帮您' })).toContainText(/人工客服\s*·\s*管理员/);
  expect(await page.locator('body').innerText()).not.toMatch(RUOYI);
});
