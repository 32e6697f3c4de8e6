import { expect, test, type Browser, type Page } from '@playwright/test';
import { button, consoleErrors } from '../support/list-page';
import { startFakeOpenAI } from '../../apps/server/test/helpers/fake-openai';
import { publishedAgent } from '../support/ai-chat';
import { adminHeaders, API, loginAs, mobileOfRun, snap } from '../support/session';

/** The 留资获客 template's texts (modules/ai/agent/templates.ts). */
const WELCOME = '欢迎咨询';
const PRICE_ANSWER = '费用会根据您的具体需求来定';
const DISCOUNT_ANSWER = '当前的优惠活动请以顾问告知为准';
const BOOKING_ANSWER = '顾问会联系您确认时间';
/** The goal wants a phone or a WeChat id: a phone alone completes it and gets the goal's thanks. */
const CONTACT_ACK = '好的，已经记下了';
const STAFF_REPLY = '您好，我是人工客服小王';

/** A phone-sized customer browser (iPhone 12 screen, touch) on chromium. */
async function customerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  });
  return context.newPage();
}

const chatLog = (page: Page) => page.getByRole('log', { name: '聊天记录' });
const composer = (page: Page) => page.getByRole('textbox', { name: '输入消息' });
const chatStatus = (page: Page) => page.locator('.chat-header').getByRole('status');

async function say(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

test('a customer chats on a phone, leaves a phone number, asks for a human and is answered live by staff', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const name = `留资${Date.now() % 1_000_000}`;
  const agentId = await publishedAgent(request, name);
  // A retry that gave an earlier try's number would meet a known customer, who is not thanked again.
  const phone = mobileOfRun();
  const typedPhone = `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;

  const customer = await customerPage(browser);
  const customerErrors = consoleErrors(customer);
  await customer.goto(`/chat?agent=${agentId}`);
  await expect(customer.getByRole('heading', { name })).toBeVisible();
  await expect(chatLog(customer)).toContainText(WELCOME);
  await expect(chatStatus(customer)).toHaveText('AI接待中');

  await customer.getByRole('button', { name: '怎么收费？' }).click();
  await expect(chatLog(customer).locator('.chat-bubble-me', { hasText: '怎么收费？' })).toHaveCount(1);
  await expect(chatLog(customer)).toContainText(PRICE_ANSWER);

  await say(customer, `我的电话是 ${typedPhone}`);
  await expect(chatLog(customer)).toContainText(CONTACT_ACK);
  // The contact card offered under the lead question goes once the talk moves on.
  await expect(customer.getByRole('form', { name: '留下联系方式' })).toHaveCount(0);
  await snap(customer, 'chat-customer-lead');

  // Staff on a desktop browser of their own.
  const staffContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const staff = await staffContext.newPage();
  const staffErrors = consoleErrors(staff);
  await loginAs(staff);
  // Not openShell: the screen's live stream keeps the network busy for good.
  await staff.goto('/ai/conversation');
  await expect(staff.getByText('实时更新中')).toBeVisible();
  const row = staff.locator('.conv-row', { hasText: name });
  await expect(row).toContainText(phone);
  await row.click();
  const customerCard = staff.getByRole('complementary', { name: '客户信息' });
  await expect(customerCard).toContainText(phone);
  await expect(staff.getByRole('log', { name: '会话记录' })).toContainText(`我的电话是 ${typedPhone}`);

  // 转人工: the staff screen shows it waiting without a reload.
  await customer.getByRole('button', { name: '转人工' }).click();
  await expect(chatStatus(customer)).toHaveText('等待人工');
  await expect(row).toContainText('等待人工');
  // Of this agent: another spec's conversation may turn to 等待人工 at the same time.
  await expect(staff.locator('.ant-notification-notice', { hasText: name })).toContainText('新的等待人工会话');
  await snap(staff, 'chat-staff-waiting');

  await button(staff, '接管').click();
  await expect(chatStatus(customer)).toContainText('人工接待中');
  const replyBox = staff.getByRole('textbox', { name: '回复内容' });
  await expect(replyBox).toBeEnabled();
  await replyBox.fill(STAFF_REPLY);
  await replyBox.press('Enter');
  await expect(replyBox).toHaveValue('');

  const staffBubble = chatLog(customer).locator('.chat-row-them', { hasText: STAFF_REPLY });
  await expect(staffBubble).toHaveCount(1);
  await expect(staffBubble).toContainText('人工客服');
  await snap(customer, 'chat-customer-staff-reply');

  await button(staff, '结束会话').click();
  await button(staff.locator('.ant-popconfirm'), '确定').click();
  await expect(chatStatus(customer)).toHaveText('已结束');
  await expect(customer.locator('.chat-closed')).toContainText('会话已结束');
  await expect(composer(customer)).toHaveCount(0);
  await expect(row).toContainText('已结束');
  await snap(customer, 'chat-customer-closed');

  await customer.getByRole('button', { name: '开始新会话' }).click();
  await expect(chatStatus(customer)).toHaveText('AI接待中');
  await expect(chatLog(customer)).not.toContainText(STAFF_REPLY);

  expect(customerErrors).toEqual([]);
  expect(staffErrors).toEqual([]);
  await staffContext.close();
  await customer.context().close();
});

test('a reload keeps the history; going offline and back loses and repeats nothing', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const name = `续聊${Date.now() % 1_000_000}`;
  const agentId = await publishedAgent(request, name);
  const customer = await customerPage(browser);

  const session = customer.waitForResponse((r) => r.url().endsWith('/chat/session'));
  await customer.goto(`/chat?agent=${agentId}`);
  const { data } = (await (await session).json()) as { data: { conversation: { conversationId: number } } };
  const conversationId = data.conversation.conversationId;

  await say(customer, '怎么收费？');
  await expect(chatLog(customer)).toContainText(PRICE_ANSWER);

  await customer.reload();
  await expect(chatLog(customer)).toContainText(PRICE_ANSWER);
  await expect(chatLog(customer).locator('.chat-bubble-me', { hasText: '怎么收费？' })).toHaveCount(1);

  await customer.context().setOffline(true);
  await expect(customer.getByRole('alert').filter({ hasText: '网络已断开，正在重连…' })).toBeVisible();

  // While the page is away the conversation moves on (the same visitor from another tab)…
  const visitor = (await customer.evaluate((key) => localStorage.getItem(key), `acs-chat:${agentId}`)) ?? '{}';
  const { visitorToken } = JSON.parse(visitor) as { visitorToken: string };
  const sent = await request.post(`${API}/chat/message`, {
    data: { conversationId, visitorToken, clientMsgId: `e2e-${Date.now()}`, content: '怎么预约咨询？' },
  });
  expect(await sent.json()).toMatchObject({ code: 200 });

  // …and the customer types a message that waits for the network.
  await say(customer, '有优惠活动吗？');
  await expect(chatLog(customer)).toContainText('等待网络恢复后发送');
  await snap(customer, 'chat-customer-offline');

  await customer.context().setOffline(false);
  await expect(customer.getByText('网络已断开，正在重连…')).toHaveCount(0);
  await expect(chatLog(customer)).toContainText(BOOKING_ANSWER);
  await expect(chatLog(customer)).toContainText(DISCOUNT_ANSWER);
  await expect(chatLog(customer)).not.toContainText('等待网络恢复后发送');

  const log = chatLog(customer);
  for (const text of ['怎么收费？', '怎么预约咨询？', '有优惠活动吗？']) {
    await expect(log.locator('.chat-bubble-me', { hasText: text }), text).toHaveCount(1);
  }
  for (const text of [PRICE_ANSWER, BOOKING_ANSWER, DISCOUNT_ANSWER]) {
    await expect(log.locator('.chat-bubble-them', { hasText: text }), text).toHaveCount(1);
  }

  // On a desktop screen the same page is a centred 420 px chat card.
  await customer.setViewportSize({ width: 1440, height: 900 });
  const card = await customer.locator('.chat-card').boundingBox();
  expect(card?.width).toBe(420);
  expect(Math.round(card!.x + card!.width / 2)).toBe(720);
  await snap(customer, 'chat-desktop');
  await customer.context().close();
});

test('a model reply streams into a growing bubble that the stored reply replaces', async ({ browser, request }) => {
  const fake = await startFakeOpenAI();
  try {
    const headers = await adminHeaders(request);
    const provider = `模拟模型${Date.now() % 1_000_000}`;
    const added = await request.post(`${API}/ai/model`, {
      headers,
      data: { name: provider, baseUrl: fake.baseUrl, apiKey: fake.apiKey, models: ['fake-slow'], defaultModel: 'fake-slow', timeoutMs: 20_000 },
    });
    expect(await added.json()).toMatchObject({ code: 200 });
    const list = (await (await request.get(`${API}/ai/model/list`, { headers, params: { name: provider } })).json()) as {
      rows: Array<{ providerId: number }>;
    };
    const providerId = list.rows[0].providerId;
    const name = `模型${Date.now() % 1_000_000}`;
    const agent = (await (
      await request.post(`${API}/ai/agent`, { headers, data: { name, template: 'blank', providerId, model: 'fake-slow' } })
    ).json()) as { code: number; msg: string; data: number };
    expect(agent, agent.msg).toMatchObject({ code: 200 });
    await request.put(`${API}/ai/agent/${agent.data}/status`, { headers, data: { status: 'published' } });

    const customer = await customerPage(browser);
    await customer.goto(`/chat?agent=${agent.data}`);
    await say(customer, '帮我写一首诗');
    // fake-slow sends its chunks 300 ms apart: the draft (with its caret) shows the text so far.
    const draft = chatLog(customer).locator('.chat-bubble-them', { has: customer.locator('.chat-caret') });
    await expect(draft).toContainText('你好，');
    await snap(customer, 'chat-customer-streaming');
    const reply = chatLog(customer).locator('.chat-bubble-them', { hasText: '你好，帮我写一首诗' });
    await expect(reply).toHaveCount(1);
    await expect(chatLog(customer).locator('.chat-caret')).toHaveCount(0);
    await customer.context().close();
  } finally {
    await fake.close();
  }
});

test('an unknown agent gets a friendly page, not a broken chat', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/chat?agent=987654');
  await expect(page.getByRole('alert')).toContainText('该客服不存在或未发布');
  await expect(page.getByRole('heading', { name: '暂时无法咨询' })).toBeVisible();
});
