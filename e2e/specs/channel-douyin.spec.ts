import { expect, test, type APIRequestContext } from '@playwright/test';
import { startFakeDouyin, type FakeDouyin } from '../../apps/server/test/fakes/douyin/server';
import { publishedAgent } from '../support/ai-chat';
import { button, consoleErrors, tableRow } from '../support/list-page';
import { adminHeaders, API, loginAs, snap } from '../support/session';

/*
 * The Douyin channel end to end against the local fake platform (a real HTTP server speaking the Open
 * Platform's protocol, started by this spec): an enterprise account bound through /dyLogin, a private
 * message answered by the agent, a phone number that becomes a lead, staff taking over from 在线会话,
 * and every message reaching the platform exactly once.
 */

const seed = Date.now() % 1_000_000;
const ACCOUNT_OPEN_ID = `e2e-enterprise-${seed}`;
const CUSTOMER_OPEN_ID = `e2e-customer-${seed}`;
let fake: FakeDouyin;

test.beforeAll(async () => {
  // A client key of this run: the e2e database keeps the apps of earlier attempts. No avatar: the
  // fake's would point at Douyin's image host, which this closed network cannot reach.
  fake = await startFakeDouyin({ clientKey: `awe2e${seed}`, appName: 'E2E抖音应用', accounts: [{ openId: ACCOUNT_OPEN_ID, nickname: `E2E企业号${seed}`, avatar: '' }] });
});
test.afterAll(async () => fake.close());

async function api<T>(request: APIRequestContext, method: 'get' | 'post' | 'put', path: string, data?: object): Promise<T> {
  const res = await request[method](`${API}${path}`, { headers: await adminHeaders(request), ...(data ? { data } : {}) });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body, `${method} ${path}: ${body.msg}`).toMatchObject({ code: 200 });
  return body.data;
}

/** What the fake platform received for the customer, in order. */
const sentToCustomer = () => fake.sent.filter((m) => m.toUserId === CUSTOMER_OPEN_ID).map((m) => m.text ?? '');

test('抖音: bind an account through /dyLogin, answer a private message, capture the lead, staff take over; each message reaches Douyin once', async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const agentName = `抖音客服${seed}`;
  const agentId = await publishedAgent(request, agentName);
  const app = await api<{ appId: number; webhookUrl: string }>(request, 'post', '/channel/dyConfig/app', {
    name: `E2E应用${seed}`,
    clientKey: fake.clientKey,
    clientSecret: fake.clientSecret,
    apiBaseUrl: fake.baseUrl,
  });

  // The operator starts a binding in 抖音配置 and opens the link, as the account's owner would.
  await loginAs(page);
  await page.goto('/channel/dyConfig');
  await expect(page.getByText(`E2E应用${seed}`).first()).toBeVisible();
  const link = await api<{ url: string }>(request, 'post', '/channel/dyConfig/bindLink', { appId: app.appId, agentId });
  await page.goto(link.url);
  await page.getByRole('link', { name: /扫码授权/ }).click();
  // The fake's authorise page stands in for the QR code: "scanning" sends the browser back to /dyLogin.
  await page.getByRole('link', { name: new RegExp(`模拟扫码并同意授权：E2E企业号${seed}`) }).click();
  await expect(page.getByText('绑定成功')).toBeVisible();
  await expect(page.getByText(`E2E企业号${seed}`)).toBeVisible();
  await snap(page, 'dy-login-bound');

  await page.goto('/channel/dyConfig');
  const accountRow = tableRow(page, `E2E企业号${seed}`);
  await expect(accountRow).toContainText('已授权');
  await expect(accountRow).toContainText(agentName);
  await snap(page, 'dy-config');

  // A customer writes to the account: the platform pushes the signed event to the webhook URL.
  const webhook = `${baseURL}${app.webhookUrl}`;
  const first = await fake.pushMessage(webhook, { from: CUSTOMER_OPEN_ID, to: ACCOUNT_OPEN_ID, text: '你好，在吗' });
  expect(first.status).toBe(200);
  await expect.poll(() => sentToCustomer().length, { timeout: 15_000 }).toBeGreaterThan(0);

  const phone = `139${String(seed).padStart(8, '0')}`;
  // The platform retries a delivery it thinks was lost: the same Msg-Id arrives three times.
  const msgId = `e2e-dup-${seed}`;
  for (let i = 0; i < 3; i += 1) {
    const r = await fake.pushMessage(webhook, { from: CUSTOMER_OPEN_ID, to: ACCOUNT_OPEN_ID, text: `我的电话是${phone}`, msgId });
    expect(r.status).toBe(200);
  }
  await expect.poll(() => leadsWith(request, phone), { timeout: 15_000 }).toBe(1);

  // Staff take over in 在线会话 and reply; the reply goes out through the platform.
  await page.goto('/ai/conversation');
  await expect(page.getByText('实时更新中')).toBeVisible();
  await page.locator('.conv-row:visible').filter({ hasText: agentName }).first().click();
  const record = page.getByRole('log', { name: '会话记录' });
  await expect(record).toContainText('你好，在吗');
  await expect(record).toContainText(phone);
  await button(page, '接管').click();
  const box = page.getByRole('textbox', { name: '回复内容' });
  await box.fill('您好，我是人工客服小王');
  await box.press('Enter');
  await expect(record).toContainText('您好，我是人工客服小王');
  await expect.poll(() => sentToCustomer().filter((t) => t === '您好，我是人工客服小王').length, { timeout: 15_000 }).toBe(1);

  // Every message the console stored for the customer reached the platform once, and nothing else did.
  const stored = (await record.locator('.conv-msg-ai .conv-msg-body, .conv-msg-staff .conv-msg-body').allTextContents()).map((t) => t.trim());
  const sent = sentToCustomer().map((t) => t.trim());
  expect([...sent].sort()).toEqual([...stored].sort());
  expect(new Set(sent.map((t, i) => `${i}:${t}`)).size).toBe(sent.length);
  await snap(page, 'dy-conversation');
  expect(errors).toEqual([]);
});

/** Leads with the phone in 客户留资 (the lead list's rows). */
async function leadsWith(request: APIRequestContext, phone: string): Promise<number> {
  const res = await request.get(`${API}/crm/lead/list`, { headers: await adminHeaders(request), params: { phone } });
  const body = (await res.json()) as { rows: { phone: string; channel: string }[] };
  return body.rows.filter((r) => r.phone === phone && r.channel === 'douyin').length;
}
