import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loggerOptions, maskUrl } from '../../src/infra/logger';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs } from '../helpers/login';
import { API } from '../ai/runtime/support';

const PASSWORD = 'admin123';
const WRONG_PASSWORD = 'Wrong-Pa55word-7f3c';
const VISITOR_TOKEN = 'vt-5b1e0c9d2f7a4e21';
const API_KEY = 'sk-live-0123456789abcdef';

let t: TestApp;
let app: FastifyInstance;
let lines: string[] = [];

const capture = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp();
  // The server's own logger options, at the most talkative level, writing into the test.
  app = await buildApp(t.deps, { logger: loggerOptions('trace', capture) });
  await app.ready();
  return () => app.close();
});

const logged = () => lines.join('\n');

describe('logs', () => {
  it('never contain a login password, a bearer token or a stream token in the URL', async () => {
    lines = [];
    const { headers, token } = await loginAs(app, 'admin', PASSWORD);
    await app.inject({ method: 'POST', url: `${API}/login`, payload: { username: 'admin', password: WRONG_PASSWORD, code: '0', uuid: 'x' } });
    await app.inject({ method: 'GET', url: `${API}/getInfo`, headers });
    await app.inject({ method: 'GET', url: `${API}/chat/stream?conversationId=999999&visitorToken=${VISITOR_TOKEN}&after=0` });

    expect(logged()).toContain('incoming request');
    expect(logged()).toContain('conversationId=999999');
    for (const secret of [PASSWORD, WRONG_PASSWORD, token, VISITOR_TOKEN]) expect(logged()).not.toContain(secret);
  });

  it('redact secret fields and credential headers wherever a log call puts them', () => {
    lines = [];
    app.log.info({ body: { username: 'admin', password: PASSWORD, newPassword: WRONG_PASSWORD } }, 'body');
    app.log.warn({ provider: { name: 'openai', apiKey: API_KEY }, req: { method: 'GET', url: `/chat/stream?visitorToken=${VISITOR_TOKEN}`, headers: { authorization: `Bearer ${API_KEY}`, cookie: `Admin-Token=${API_KEY}` } } }, 'nested');
    expect(logged()).toContain('admin');
    expect(logged()).toContain('[Redacted]');
    for (const secret of [PASSWORD, WRONG_PASSWORD, API_KEY]) expect(logged()).not.toContain(secret);
  });
});

describe('logs behind a trusted proxy', () => {
  it('give the address the proxy saw as the remote address, not one the client put in front', async () => {
    const proxied = await buildApp({ ...t.deps, config: { ...t.deps.config, trustProxy: true } }, { logger: loggerOptions('info', capture) });
    try {
      lines = [];
      await proxied.inject({ method: 'GET', url: `${API}/captchaImage`, headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.8' } });
      const incoming = lines.map((l) => JSON.parse(l) as { msg: string; req?: { remoteAddress: string } }).find((l) => l.msg === 'incoming request');
      expect(incoming?.req?.remoteAddress).toBe('198.51.100.8');
    } finally {
      await proxied.close();
    }
  });
});

describe('maskUrl', () => {
  it('masks credential-like query values and keeps the rest', () => {
    expect(maskUrl('/prod-api/chat/stream?conversationId=3&visitorToken=abc&after=2')).toBe('/prod-api/chat/stream?conversationId=3&visitorToken=%5BRedacted%5D&after=2');
    expect(maskUrl('/x?access_token=a&apiKey=b&password=c&pageNum=1')).toBe('/x?access_token=%5BRedacted%5D&apiKey=%5BRedacted%5D&password=%5BRedacted%5D&pageNum=1');
    expect(maskUrl('/prod-api/system/user/list?pageNum=1')).toBe('/prod-api/system/user/list?pageNum=1');
  });
});
