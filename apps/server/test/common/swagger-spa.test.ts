import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

const API = '/prod-api';

describe('OpenAPI document and Swagger UI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('serves the document anonymously with the routes, title and bearer scheme', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/v3/api-docs` });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      info: { title: string };
      paths: Record<string, Record<string, { security?: unknown[]; parameters?: { name: string }[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    }>();
    expect(doc.info.title).toBe('AI客服系统 接口文档');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths[`${API}/system/user/profile`]).toHaveProperty('put');
    expect(doc.paths[`${API}/common/upload`]).toHaveProperty('post');
    expect(doc.paths[`${API}/system/dict/data/type/{dictType}`].get.parameters?.[0].name).toBe('dictType');
    expect(doc.paths[`${API}/captchaImage`].get.security).toEqual([]);
    expect(doc.paths[`${API}/system/user/profile`].get.security).toBeUndefined();
    expect(Object.keys(doc.paths).every((p) => p.startsWith(`${API}/`))).toBe(true);
    expect(Object.keys(doc.paths).some((p) => p.includes('swagger-ui'))).toBe(false);
  });

  it('serves Swagger UI anonymously', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/swagger-ui/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('single-page app serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'acs-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await createTestApp({ config: { webDist } });
  });

  const get = (url: string, accept = 'text/html,application/xhtml+xml') => t.app.inject({ method: 'GET', url, headers: { accept } });

  it('serves index.html at / without caching and hashed assets with a long cache', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
    expect(root.headers['cache-control']).toBe('no-cache');
    const asset = await get('/assets/index-abc123.js', '*/*');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers deep links that accept HTML with index.html', async () => {
    for (const url of ['/login', '/index', '/system/user', '/system/user-auth/role/2?x=1']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps JSON answers for the API prefix and 404 for missing files', async () => {
    const api = await get(`${API}/no/such/thing`);
    expect(api.headers['content-type']).toContain('application/json');
    expect(api.json().code).not.toBe(200);
    expect((await get('/assets/missing.js', '*/*')).statusCode).toBe(404);
  });
});
