import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { multipart, PNG } from '../common/support';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../../src/core/json-depth';

const API = '/prod-api';
const KB = 1024;
const MB = 1024 * KB;

let t: TestApp;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
});

/** A JSON object of about `bytes` bytes. */
const jsonOfSize = (bytes: number) => JSON.stringify({ filler: 'x'.repeat(bytes) });
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('body limits (issue 8 item 5)', () => {
  it('keeps anonymous routes to small bodies', async () => {
    for (const url of ['/logout', '/login', '/register', '/chat/message']) {
      const res = await t.app.inject({ method: 'POST', url: `${API}${url}`, headers: { 'content-type': 'application/json' }, payload: jsonOfSize(200 * KB) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 500, msg: '请求数据过大，最大允许64KB' });
    }
  });

  it('refuses JSON bodies over 1 MB on logged-in routes', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/system/user/profile`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: jsonOfSize(2 * MB),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 500, msg: '请求数据过大，最大允许1MB' });
  });

  it('still takes uploads above the default limit up to their own', async () => {
    const form = await multipart([{ field: 'file', filename: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(3 * MB, 1)]) }]);
    const res = await t.app.inject({ method: 'POST', url: `${API}/common/upload`, headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expect(res.json()).toMatchObject({ code: 200 });
  });

  it('reads only as many files as the route takes', async () => {
    const files = [1, 2].map((n) => ({ field: 'file', filename: `${n}.png`, data: PNG }));
    const form = await multipart(files);
    const res = await t.app.inject({ method: 'POST', url: `${API}/common/upload`, headers: { ...admin.headers, ...form.headers }, payload: form.payload });
    expect(res.json()).toEqual({ code: 500, msg: '上传的文件数量超出限制，最多1个' });
  });

  it('rate limits captcha images and logouts per client', async () => {
    for (const url of ['/captchaImage', '/logout']) {
      const method = url === '/logout' ? 'POST' : 'GET';
      const codes: number[] = [];
      for (let i = 0; i < 65; i++) {
        const res = await t.app.inject({ method, url: `${API}${url}`, remoteAddress: '203.0.113.9' });
        codes.push(res.json<{ code: number }>().code);
      }
      expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
      expect(codes.at(-1)).toBe(500);
    }
  });
});

describe('JSON nesting depth (issue 8 item 8)', () => {
  it('refuses deeply nested bodies before any recursive walk', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API}/system/user/profile`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: `{"nickName":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 500, msg: '请求数据嵌套层级过深' });
  });

  it('counts containers outside strings only, up to the limit', () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(exceedsJsonDepth(JSON.stringify({ a: '[[[[[[', b: '\\"{{{{{' }), 2)).toBe(false);
    expect(exceedsJsonDepth('{"a":[{"b":[1]}],"c":{}}', 4)).toBe(false);
    expect(exceedsJsonDepth('{"a":[{"b":[1]}],"c":{}}', 3)).toBe(true);
  });
});

describe('transport errors in the envelope (issue 8 item 9)', () => {
  it('answers a badly encoded URL in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/system/user/%ff%fe`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 500, msg: '请求地址格式不正确' });
  });

  it('accepts an empty JSON body on a route that takes none', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${API}/logout`, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.json()).toEqual({ code: 200, msg: '退出成功' });
  });

  it('answers malformed JSON and unsupported content types in Chinese', async () => {
    const bad = await t.app.inject({ method: 'PUT', url: `${API}/system/user/profile`, headers: { ...admin.headers, 'content-type': 'application/json' }, payload: '{"nickName":' });
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({ code: 500, msg: '请求数据不是有效的JSON格式' });
    const xml = await t.app.inject({ method: 'PUT', url: `${API}/system/user/profile`, headers: { ...admin.headers, 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(200);
    expect(xml.json()).toEqual({ code: 500, msg: '不支持的请求数据类型' });
  });

  it('answers unknown paths outside the API in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '请求的资源不存在：/no/such/page' });
  });

  it('answers unknown paths under the API in the envelope, in Chinese, as JSON that no browser renders as a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API}/no/such/api?x=1`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 500, msg: `请求地址'${API}/no/such/api'不存在` });
    const script = await t.app.inject({ method: 'GET', url: `${API}/x/%3Cscript%3Ealert(1)%3C%2Fscript%3E`, headers: admin.headers });
    expect(script.headers['content-type']).toMatch(/^application\/json/);
    expect(script.json()).toEqual({ code: 500, msg: `请求地址'${API}/x/%3Cscript%3Ealert(1)%3C%2Fscript%3E'不存在` });
  });
});
