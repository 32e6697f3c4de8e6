import type { Page } from '@playwright/test';
import type { Account } from './session';

/** Fills and submits the login page's form as a user would (captcha is off in the e2e data directory). */
export async function submitLoginForm(page: Page, user: Account): Promise<void> {
  await page.getByPlaceholder('账号').fill(user.username);
  await page.getByPlaceholder('密码').fill(user.password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}
