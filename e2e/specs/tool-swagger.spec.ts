import { expect, test } from '@playwright/test';
import { consoleErrors } from '../support/list-page';
import { loginAs, snap } from '../support/session';
import { openFromSidebar, openShell } from '../support/shell';

test('系统接口: Swagger UI in the shell calls an endpoint with the signed-in user\'s token', async ({ page }) => {
  const errors = consoleErrors(page);
  await loginAs(page);
  await openShell(page, '/index');
  await openFromSidebar(page, '系统工具', '系统接口');

  const frame = page.frameLocator('.inner-link-frame iframe');
  await expect(frame.getByRole('heading', { name: /AI客服系统 接口文档/ })).toBeVisible();
  await expect(frame.getByRole('heading', { name: '登录认证' })).toBeVisible();
  await snap(page, 'tool-swagger');

  await frame.locator('input.operation-filter-input').fill('登录认证');
  await frame.getByRole('heading', { name: '登录认证' }).click();
  const getInfo = frame.locator('.opblock-get', { hasText: '获取用户信息' });
  await getInfo.locator('.opblock-summary').click();
  await getInfo.getByRole('button', { name: 'Try it out' }).click();
  await getInfo.getByRole('button', { name: 'Execute' }).click();

  const live = getInfo.locator('.live-responses-table tbody');
  await expect(live.locator('.response-col_status')).toHaveText('200');
  const body = live.locator('.response-col_description pre').first();
  await body.scrollIntoViewIfNeeded();
  await expect(body).toContainText('"userName": "admin"');
  await expect(body).toContainText('"code": 200');
  await snap(page, 'tool-swagger-executed');
  expect(errors).toEqual([]);
});
