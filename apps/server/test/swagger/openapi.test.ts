import { beforeAll, describe, expect, it } from 'vitest';
import { Code, Msg } from '@acs/shared';
import { createTestApp, type TestApp } from '../helpers/app';
import { userWithoutRoles } from '../helpers/crud';
import { loginAs, type LoggedIn } from '../helpers/login';

const API = '/prod-api';
const CHINESE = /[\u4e00-\u9fff]/;

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface OpenApiDocument {
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
}

const operations = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));

/** A concrete URL for a documented path: every parameter becomes 1. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1').replace(/\*$/, 'x');

describe('OpenAPI document content', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: `${API}/v3/api-docs` })).json<OpenApiDocument>();
  });

  it('gives every operation a Chinese summary, a Chinese module tag and a response schema', () => {
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(250);
    const bad = ops.filter(
      ({ op }) => !CHINESE.test(op.summary ?? '') || op.tags?.length !== 1 || !CHINESE.test(op.tags[0]) || !op.responses?.['200']?.content,
    );
    expect(bad.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const tags = (prefix: string) => new Set(ops.filter(({ path }) => path.startsWith(`${API}/${prefix}`)).flatMap(({ op }) => op.tags));
    expect(tags('system/user/list')).toEqual(new Set(['系统管理-用户管理']));
    expect(tags('system/user/profile')).toEqual(new Set(['系统管理-个人中心']));
    expect(tags('ai/agent/{agentId}/knowledge')).toEqual(new Set(['AI客服-知识库']));
    expect(doc.paths[`${API}/getInfo`].get.summary).toBe('获取用户信息');
  });

  it('documents the bearer scheme exactly on the routes that refuse anonymous callers', async () => {
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const refusedWithoutToken = async (method: string, path: string) => {
      const url = concrete(path);
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      const body = String(res.headers['content-type']).includes('json') ? res.json<{ code?: number; msg?: string }>() : {};
      return body.code === Code.UNAUTHORIZED && body.msg === Msg.unauthorized(url.slice(API.length));
    };
    const wrong: string[] = [];
    for (const { method, path, op } of operations(doc)) {
      const anonymous = Array.isArray(op.security) && op.security.length === 0;
      if (op.security !== undefined && !anonymous) wrong.push(`${method} ${path}: unexpected security`);
      else if ((await refusedWithoutToken(method, path)) === anonymous) wrong.push(`${method} ${path}: documented ${anonymous ? 'anonymous' : 'bearer'}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe.each([
  { mode: 'public' as const, open: true },
  { mode: 'permission' as const, open: false },
])('document access with SWAGGER_ACCESS=$mode', ({ mode, open }) => {
  let t: TestApp;
  let admin: LoggedIn;
  let nobody: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp({ config: { swaggerAccess: mode } });
    admin = await loginAs(t.app, 'admin', 'admin123');
    nobody = await userWithoutRoles(t, 'swagger_nobody');
  });

  const documentUrls = [`${API}/v3/api-docs`, `${API}/swagger-ui/json`, `${API}/swagger-ui/yaml`];
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it(open ? 'serves the document to anyone' : 'refuses the document without a session (401) or the permission (403)', async () => {
    for (const url of documentUrls) {
      const anonymous = await get(url);
      const withoutPermission = await get(url, nobody.headers);
      if (open) {
        expect(anonymous.statusCode).toBe(200);
        expect(anonymous.body).toContain('/getInfo');
        expect(withoutPermission.body).toContain('/getInfo');
      } else {
        expect(anonymous.json()).toEqual({ code: Code.UNAUTHORIZED, msg: Msg.unauthorized(url.slice(API.length)) });
        expect(withoutPermission.json()).toEqual({ code: Code.FORBIDDEN, msg: Msg.FORBIDDEN });
      }
    }
  });

  it('serves the document to a session holding tool:swagger:list', async () => {
    for (const url of documentUrls) {
      const res = await get(url, admin.headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('获取用户信息');
    }
  });

  it('serves the UI page anonymously, with the script that sends the console token', async () => {
    const page = await get(`${API}/swagger-ui/`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('theme/authorize.js');
    const initializer = await get(`${API}/swagger-ui/static/swagger-initializer.js`);
    expect(initializer.body).toContain('acsAuthorize(request)');
    const script = await get(`${API}/swagger-ui/static/theme/authorize.js`);
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('"Admin-Token"');
  });
});

describe('SWAGGER_ACCESS configuration', () => {
  it('defaults to permission in production and public elsewhere, and rejects other values', async () => {
    const { loadConfig } = await import('../../src/config');
    const base = { JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'y'.repeat(32) };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).swaggerAccess).toBe('permission');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).swaggerAccess).toBe('public');
    expect(loadConfig({ ...base, NODE_ENV: 'production', SWAGGER_ACCESS: 'public' }).swaggerAccess).toBe('public');
    expect(() => loadConfig({ ...base, SWAGGER_ACCESS: 'open' })).toThrow('SWAGGER_ACCESS must be public or permission');
  });
});
