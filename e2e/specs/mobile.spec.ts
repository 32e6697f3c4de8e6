import { expect, test } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell, sidebar } from '../support/shell';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a phone the sidebar opens as an overlay from the hamburger and a tap on the backdrop closes it', async ({ page }) => {
  await loginAs(page);
  await openShell(page);
  const backdrop = page.locator('.drawer-bg');
  const onScreen = async () => {
    const box = await sidebar(page).boundingBox();
    return box !== null && box.x + box.width > 1;
  };

  await expect(backdrop).toHaveCount(0);
  await expect.poll(onScreen).toBe(false);

  await page.getByRole('button', { name: '展开菜单' }).tap();
  await expect(backdrop).toBeVisible();
  await expect.poll(onScreen).toBe(true);
  await expect(sidebar(page).getByRole('link', { name: '工作台' })).toBeVisible();
  await snap(page, 'mobile-sidebar-open');

  // The sidebar covers the left 220 px; the backdrop shows to its right.
  await backdrop.tap({ position: { x: 340, y: 420 } });
  await expect(backdrop).toHaveCount(0);
  await expect.poll(onScreen).toBe(false);
});
