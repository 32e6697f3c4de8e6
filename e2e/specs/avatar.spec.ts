import { expect, test } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell, userMenu } from '../support/shell';

test('a new avatar goes through the cropper on 个人中心 and replaces the picture', async ({ page }) => {
  await loginAs(page);
  await openShell(page);
  await userMenu(page, '个人中心');

  const avatar = page.getByRole('button', { name: '修改头像' }).getByRole('img', { name: '头像' });
  await expect(avatar).toBeVisible();
  const before = await avatar.getAttribute('src');

  // A real PNG made by the browser itself: a 320×240 image with two coloured halves.
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext('2d') as CanvasRenderingContext2D;
    g.fillStyle = '#165eff';
    g.fillRect(0, 0, 160, 240);
    g.fillStyle = '#ff8c00';
    g.fillRect(160, 0, 160, 240);
    return canvas.toDataURL('image/png');
  });
  const png = Buffer.from(dataUrl.split(',')[1], 'base64');

  await page.getByRole('button', { name: '修改头像' }).click();
  const dialog = page.getByRole('dialog', { name: '修改头像' });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.getByRole('button', { name: '放大' })).toBeEnabled();
  await snap(page, 'avatar-cropper');

  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(avatar).not.toHaveAttribute('src', before ?? '');
  const src = await avatar.getAttribute('src');
  expect(src).toMatch(/\/prod-api\/profile\/avatar\//);
  const image = await page.request.get(src as string);
  expect(image.headers()['content-type']).toBe('image/png');
  await snap(page, 'avatar-replaced');
});
