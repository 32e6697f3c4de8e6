import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { CLARIFY_PROMPT } from '@acs/shared';
import { consoleErrors } from '../support/list-page';
import { adminHeaders, API, snap } from '../support/session';

/** Three entries of one shop about delivery costs: a vague 「快递费用」 is near all of them, and sure of none. */
const ENTRIES = [
  { question: '运费怎么算', answer: '单笔订单满99元包邮，不满99元收取运费8元。' },
  { question: '退货运费谁出', answer: '质量问题退货运费由我们承担，七天无理由退货运费由买家承担。' },
  { question: '发什么快递', answer: '默认发顺丰快递，偏远地区发邮政。' },
];
const VAGUE = '快递费用';

interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
}

/**
 * A published agent on the built-in engine with the three entries. The thresholds are set wide apart so the
 * test does not hang on the engine's calibration: nothing short of the entry's own question answers directly
 * (0.95), anything related is offered (0.1).
 */
async function clarifyAgent(request: APIRequestContext, name: string): Promise<number> {
  const headers = await adminHeaders(request);
  const ok = async (res: Promise<{ json(): Promise<unknown> }>) => {
    const body = (await (await res).json()) as Envelope;
    expect(body, body.msg).toMatchObject({ code: 200 });
    return body;
  };
  const created = await ok(
    request.post(`${API}/ai/agent`, { headers, data: { name, template: 'blank', knowledgeThreshold: 0.95, clarifyThreshold: 0.1 } }),
  );
  const agentId = created.data as number;
  for (const entry of ENTRIES) await ok(request.post(`${API}/ai/agent/${agentId}/knowledge`, { headers, data: entry }));
  await ok(request.put(`${API}/ai/agent/${agentId}/status`, { headers, data: { status: 'published' } }));
  return agentId;
}

/** A phone-sized customer browser (iPhone 12 screen, touch) on chromium. */
async function customerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  return context.newPage();
}

const chatLog = (page: Page) => page.getByRole('log', { name: '聊天记录' });

test('a vague question gets 「您是想问」 with tappable suggestions; tapping one answers that entry', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const name = `澄清${Date.now() % 1_000_000}`;
  const agentId = await clarifyAgent(request, name);

  const customer = await customerPage(browser);
  const errors = consoleErrors(customer);
  await customer.goto(`/chat?agent=${agentId}`);
  await expect(customer.getByRole('heading', { name })).toBeVisible();

  const composer = customer.getByRole('textbox', { name: '输入消息' });
  await composer.fill(VAGUE);
  await composer.press('Enter');

  const group = customer.getByRole('group', { name: '您是想问' });
  const suggestions = chatLog(customer).locator(group);
  await expect(suggestions).toBeVisible();
  const clarify = chatLog(customer).locator('.chat-row-them', { has: group });
  // The bubble keeps the prompt; the numbered list is the buttons, not shown twice.
  await expect(clarify.locator('.chat-bubble')).toHaveText(CLARIFY_PROMPT);
  const chips = suggestions.getByRole('button');
  const offered = await chips.allTextContents();
  // How many are close enough is the engine's call (up to CLARIFY_MAX); the shipping-cost entry must be among them.
  expect(offered.length).toBeGreaterThanOrEqual(1);
  expect(offered.length).toBeLessThanOrEqual(3);
  for (const q of offered) expect(ENTRIES.map((e) => e.question)).toContain(q);
  expect(offered).toContain(ENTRIES[0].question);

  // A finger-sized target on a phone.
  const box = await chips.first().boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await snap(customer, 'chat-clarify');

  await suggestions.getByRole('button', { name: ENTRIES[0].question }).tap();
  await expect(chatLog(customer).locator('.chat-bubble-me', { hasText: ENTRIES[0].question })).toHaveCount(1);
  await expect(chatLog(customer).locator('.chat-row-them').last()).toContainText(ENTRIES[0].answer);
  // Answered: the suggestions stay in the history but no longer send.
  for (const chip of await chips.all()) await expect(chip).toBeDisabled();

  expect(errors).toEqual([]);
  await customer.context().close();
});
