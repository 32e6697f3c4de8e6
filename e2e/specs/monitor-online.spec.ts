import { expect, test, type APIRequestContext } from '@playwright/test';
import { API, apiCreateUser, apiLogin, loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, searchBy, searchForm, tableRow, tableRows } from '../support/list-page';

/** The session id a token points at (the JWT's login_user_key claim, the list's 会话编号). */
function sessionOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { login_user_key: string };
  return payload.login_user_key;
}

const infoCode = async (request: APIRequestContext, token: string) =>
  ((await (await request.get(`${API}/getInfo`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { code: number }).code;

test('在线用户: sessions listed, own session marked and protected, 强退 one and a selection', async ({ page, playwright }) => {
  test.setTimeout(90_000);
  const errors = consoleErrors(page);
  // Sessions of another browser, so this page's own cookie jar stays the admin's.
  const other = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const member = await apiCreateUser(other, 'online');
  const ryTokens = [await apiLogin(other, member), await apiLogin(other, member), await apiLogin(other, member)];
  const [single, ...batch] = ryTokens.map(sessionOf);
  const own = sessionOf(await loginAs(page));

  await openShell(page, '/monitor/online');
  await expect(tableRow(page, single)).toBeVisible();

  // The admin's own session carries the mark and its 强退 is disabled, its checkbox too.
  const mine = tableRow(page, own);
  await expect(mine).toContainText('当前会话');
  await expect(button(mine, '强退')).toBeDisabled();
  await expect(mine.getByRole('checkbox')).toBeDisabled();
  await snap(page, 'online-list');

  await searchBy(page, '用户名称', member.username);
  await expect(tableRows(page).filter({ hasText: 'admin' })).toHaveCount(0);

  await button(tableRow(page, single), '强退').click();
  const prompt = page.getByRole('dialog', { name: '系统提示' });
  await expect(prompt).toContainText(`是否确认强退名称为"${member.username}"的用户？`);
  await button(prompt, '确定').click();
  await expect(page.getByText('强退成功')).toBeVisible();
  await expect(tableRow(page, single)).toHaveCount(0);
  expect(await infoCode(other, ryTokens[0])).toBe(401);

  for (const id of batch) await tableRow(page, id).getByRole('checkbox').check();
  await button(page, '批量强退').click();
  await expect(prompt).toContainText('是否确认强退选中的2个会话？');
  await button(prompt, '确定').click();
  await expect(page.getByText('已强退2个会话')).toBeVisible();
  for (const id of batch) await expect(tableRow(page, id)).toHaveCount(0);
  expect(await infoCode(other, ryTokens[1])).toBe(401);
  expect(await infoCode(other, ryTokens[2])).toBe(401);

  await button(searchForm(page), '重置').click();
  await expect(tableRow(page, own)).toBeVisible();
  await other.dispose();
  expect(errors).toEqual([]);
});
