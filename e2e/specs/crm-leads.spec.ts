import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiVisitor, publishedAgent } from '../support/ai-chat';
import { button, consoleErrors, searchForm, tableRow } from '../support/list-page';
import { type Account, ADMIN, adminHeaders, API, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';

interface Salesperson {
  account: Account;
  userId: number;
}

/** A salesperson of this test (普通角色, like ry), added as an admin would in 用户管理. */
async function newSalesperson(request: APIRequestContext, seed: number): Promise<Salesperson> {
  const headers = await adminHeaders(request);
  const account = { username: `sales${seed}`, password: 'sales123' };
  const user = { userName: account.username, nickName: `销售${seed % 1000}`, password: account.password, deptId: 105, roleIds: [2], postIds: [], status: '0' };
  const added = (await (await request.post(`${API}/system/user`, { headers, data: user })).json()) as { code: number; msg: string };
  expect(added, added.msg).toMatchObject({ code: 200 });
  const found = (await (await request.get(`${API}/system/user/list`, { headers, params: { userName: account.username } })).json()) as {
    rows: { userId: number; userName: string }[];
  };
  const row = found.rows.find((r) => r.userName === account.username);
  expect(row).toBeTruthy();
  return { account, userId: row!.userId };
}

/** A distribution rule for one scope, giving every lead to one salesperson, as an admin saves it in 员工分配. */
async function ruleFor(request: APIRequestContext, sales: Salesperson, name: string, scope: Record<string, unknown>): Promise<void> {
  const headers = await adminHeaders(request);
  const data = { name, method: 'round_robin', scope, firstContactMinutes: 30, members: [{ userId: sales.userId }] };
  const saved = (await (await request.post(`${API}/crm/distribution`, { headers, data })).json()) as { code: number; msg: string };
  expect(saved, saved.msg).toMatchObject({ code: 200 });
}

/**
 * Deletes the rules whose names start with `prefix`: the first matching rule wins, and a retried test
 * would otherwise find its first try's rule (same scope, another salesperson) ahead of its own.
 */
async function removeRules(request: APIRequestContext, prefix: string): Promise<void> {
  const headers = await adminHeaders(request);
  const listed = (await (await request.get(`${API}/crm/distribution/list`, { headers, params: { name: prefix, pageSize: 100 } })).json()) as {
    rows: { ruleId: number; name: string }[];
  };
  const earlier = listed.rows.filter((r) => r.name.startsWith(prefix)).map((r) => r.ruleId);
  if (earlier.length === 0) return;
  const removed = (await (await request.delete(`${API}/crm/distribution/${earlier.join(',')}`, { headers })).json()) as { code: number; msg: string };
  expect(removed, removed.msg).toMatchObject({ code: 200 });
}

/** A mainland mobile of this run, so repeated runs on one database never meet an earlier customer. */
const mobile = (seed: number) => `139${String(seed).padStart(8, '0').slice(-8)}`;

/** A three-character Chinese name of this run (what the engine reads as a name: no digits, at most three characters). */
const chineseName = (seed: number) => `陈${[...String(seed % 100).padStart(2, '0')].map((d) => '零一二三四五六七八九'[Number(d)]).join('')}`;

const leadBell = (page: Page) => page.getByRole('button', { name: '新线索' });

/** 跟进 with a result, as the owner does in 客户留资. */
async function followUp(page: Page, rowText: string, result: string, note: string): Promise<void> {
  await tableRow(page, rowText).getByRole('button', { name: '跟进' }).click();
  const dialog = page.getByRole('dialog', { name: '线索跟进' });
  await dialog.getByRole('radio', { name: result }).check();
  await dialog.getByRole('textbox', { name: '跟进内容' }).fill(note);
  await button(dialog, '保存跟进').click();
  await expect(dialog).toBeHidden();
}

test('a phone number typed in /chat reaches the salesperson live, is followed up and converted', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  const seed = Date.now() % 100_000_000;
  const agentName = `留资演示${seed % 100000}`;
  const agentId = await publishedAgent(request, agentName);
  const sales = await newSalesperson(request, seed);
  await ruleFor(request, sales, `售前组${seed % 100000}`, { agentIds: [agentId] });

  // The salesperson is at the workbench before the customer writes.
  await loginAs(page, sales.account);
  await openShell(page, '/index');
  await expect(leadBell(page)).toBeVisible();

  const customer = chineseName(seed);
  const phone = mobile(seed);
  const visitor = await apiVisitor(request, agentId);
  await visitor.say(`你好，我叫${customer}，电话${phone}，想了解一下价格`);

  // Told at once, without a reload: a notification and the bell's list.
  await expect(page.getByText(`新线索：${customer}`)).toBeVisible();
  await leadBell(page).click();
  const item = page.locator('.lead-bell-item', { hasText: phone.slice(-4) });
  await expect(item).toContainText(`售前组${seed % 100000}`);
  await snap(page, 'lead-bell');
  await item.click();

  // 我的线索 opens with the lead, assigned by the rule with a first-contact deadline.
  await expect(page).toHaveURL(/\/crm\/customerLeave\?tab=mine/);
  await expect(tableRow(page, phone)).toContainText('已分配');
  await tableRow(page, phone).getByRole('button', { name: '聊天记录' }).click();
  const chat = page.getByRole('dialog', { name: /聊天记录/ });
  await expect(chat.locator('.lead-chat-evidence').first()).toContainText(phone);
  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();

  await followUp(page, phone, '有意向', '电话沟通，客户想看方案');
  await expect(tableRow(page, phone)).toContainText('已联系');
  await followUp(page, phone, '已成交', '签约');
  await expect(tableRow(page, phone)).toContainText('已成交');
  await snap(page, 'lead-converted');
  expect(errors).toEqual([]);

  // The numbers: today's row of the agent in 客服数据 counts the conversation, the lead and the conversion.
  await loginAs(page, ADMIN);
  await openShell(page, '/ai/csData');
  // Other specs' agents fill the first page too: the table is narrowed to this agent, as an admin would.
  const agentFilter = page.getByRole('combobox', { name: 'AI客服' });
  await agentFilter.fill(agentName);
  await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: agentName }).click();
  await button(searchForm(page), '搜索').click();
  const today = tableRow(page, agentName);
  // One conversation and one lead: a 100% capture rate.
  await expect(today).toContainText('100.0%');
  await snap(page, 'cs-data');
});

test('an application on /home becomes an 申请记录 and a lead in the salesperson’s list', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const seed = (Date.now() + 7) % 100_000_000;
  const sales = await newSalesperson(request, seed);
  await removeRules(request, '官网申请');
  await ruleFor(request, sales, `官网申请${seed % 100000}`, { sources: ['apply'] });
  const name = chineseName(seed + 1);
  const phone = mobile(seed + 1);

  // The visitor, on a phone, anonymous.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/home');
  const form = visitor.locator('form.home-form');
  await form.getByLabel('姓名').fill(name);
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('公司名称').fill('示例贸易');
  await form.getByRole('checkbox').check();
  await form.locator('button[type="submit"]').click();
  await expect(visitor.getByRole('status')).toBeVisible();
  await snap(visitor, 'home-applied');
  await visitorContext.close();

  await loginAs(page, sales.account);
  await openShell(page, '/crm/customerLeave?tab=mine');
  await expect(tableRow(page, phone)).toContainText('已分配');

  await loginAs(page, ADMIN);
  await openShell(page, '/crm/apply');
  await expect(tableRow(page, phone)).toContainText('示例贸易');
});
