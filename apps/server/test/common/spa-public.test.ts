import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/** The public pages' light entry (issue 8): /chat must not load the console's entry. */
describe('public pages entry', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'acs-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(webDist, 'public.html'), '<!doctype html><title>public</title>');
    t = await createTestApp({ config: { webDist } });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('answers /chat (with its query) with public.html, revalidated like index.html', async () => {
    for (const url of ['/chat', '/chat?agent=3']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>public</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the console entry for console paths, including ones that start like a public page', async () => {
    for (const url of ['/login', '/system/user', '/chatroom', '/chat/x']) {
      expect((await get(url)).body).toContain('<title>console</title>');
    }
  });
});
