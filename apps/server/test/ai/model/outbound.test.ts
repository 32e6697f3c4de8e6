import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { startFakeOpenAI, type FakeOpenAI } from '../../helpers/fake-openai';
import { allowPrivateModels } from '../../helpers/outbound';
import { call } from '../../common/support';
import { addProvider, createAgent } from '../runtime/support';

/** Issue 8 item 4: 测试连接 and 获取模型 go out only through the outbound guard. */
const API = '/prod-api';
const NOT_ALLOWED = '不允许访问该地址（内网或云元数据地址）';
const UNREACHABLE = '无法连接到模型服务';
let t: TestApp;
let admin: LoggedIn;
let fake: FakeOpenAI;

type TestResult = { ok: boolean; latencyMs: number; reply?: string; error?: string };

const post = (url: string, payload: object) => call<{ data?: unknown }>(t.app, { method: 'POST', url: API + url, payload, headers: admin.headers });
const probe = (baseUrl: string, extra: object = {}) => ({ baseUrl, apiKey: 'sk-probe-0000000000', model: 'fake-echo', timeoutMs: 3000, ...extra });
const testConnection = async (baseUrl: string, extra: object = {}) => (await post('/ai/model/test', probe(baseUrl, extra))).data as TestResult;
const fetchModels = (baseUrl: string) => post('/ai/model/models', { baseUrl, apiKey: 'sk-probe-0000000000', timeoutMs: 3000 });

/** A server that is not a model: it answers every request with its own (secret) text. */
async function chattyServer(status: number, headers: Record<string, string> = {}): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer((_req, res) => {
    hits++;
    res.writeHead(status, { 'content-type': 'text/html', ...headers });
    res.end('<html><body>INTERNAL-SECRET redis_version:7.2 admin panel</body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    hits: () => hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

describe('with ai.model.allowPrivateNetwork off (the default)', () => {
  beforeEach(() => allowPrivateModels(t, false));

  it('refuses loopback by address and by a host name resolving to it, without connecting', async () => {
    const before = fake.requests.length;
    const port = new URL(fake.baseUrl).port;
    for (const baseUrl of [fake.baseUrl, `http://localhost:${port}/v1`, `http://[::1]:${port}/v1`, `http://127.1.2.3:${port}/v1`]) {
      expect(await testConnection(baseUrl, { apiKey: fake.apiKey })).toMatchObject({ ok: false, error: NOT_ALLOWED });
    }
    expect(await fetchModels(fake.baseUrl)).toEqual({ code: 500, msg: `获取模型列表失败：${NOT_ALLOWED}` });
    expect(fake.requests.length).toBe(before);
  });

  it('keeps an agent’s replies inside the guard too: the model call is refused and the fallback answers', async () => {
    const before = fake.requests.length;
    const agentId = await createAgent(t, { providerId: await addProvider(t, fake.baseUrl, fake.apiKey), model: 'fake-echo', fallbackReply: '稍后再试' });
    const turn = await post(`/ai/agent/${agentId}/debug`, { content: '介绍一下' });
    const reply = (turn.data as { turn: { replies: Array<{ content: string; hit: { type: string; error?: string } }> } }).turn.replies[0];
    expect(reply).toMatchObject({ content: '稍后再试', hit: { type: 'fallback', error: `blocked: ${NOT_ALLOWED}` } });
    expect(fake.requests.length).toBe(before);
  });

  it('refuses private, CGNAT, unspecified and multicast addresses', async () => {
    for (const host of ['10.0.0.8', '172.16.5.4', '192.168.1.10', '100.64.0.1', '0.0.0.0', '224.0.0.1', '[fc00::1]']) {
      expect(await testConnection(`http://${host}:8000/v1`)).toMatchObject({ ok: false, error: NOT_ALLOWED });
    }
  });
});

describe('with ai.model.allowPrivateNetwork on', () => {
  beforeAll(() => allowPrivateModels(t, true));

  it('reaches a model on this machine', async () => {
    expect(await testConnection(fake.baseUrl, { apiKey: fake.apiKey })).toMatchObject({ ok: true, reply: '你好，你好' });
    const port = new URL(fake.baseUrl).port;
    expect(await testConnection(`http://localhost:${port}/v1`, { apiKey: fake.apiKey })).toMatchObject({ ok: true });
  });

  it.each([
    ['cloud metadata (link-local)', 'http://169.254.169.254/latest/meta-data'],
    ['another link-local address', 'http://169.254.10.1:8080/v1'],
    ['metadata written as one decimal number', 'http://2852039166/latest/meta-data'],
    ['metadata written in hex', 'http://0xa9.0xfe.0xa9.0xfe/latest/meta-data'],
    ['IPv6 link-local', 'http://[fe80::1]:8080/v1'],
    ['link-local mapped into IPv6', 'http://[::ffff:169.254.169.254]/v1'],
    ['link-local through NAT64', 'http://[64:ff9b::a9fe:a9fe]/v1'],
    ['Alibaba Cloud metadata', 'http://100.100.100.200/latest/meta-data'],
    ['AWS IPv6 metadata', 'http://[fd00:ec2::254]/latest/meta-data'],
    ['GCP metadata host name', 'http://metadata.google.internal/computeMetadata/v1'],
    ['bare metadata host name', 'http://metadata/computeMetadata/v1'],
  ])('still refuses %s', async (_what, baseUrl) => {
    expect(await testConnection(baseUrl)).toMatchObject({ ok: false, error: NOT_ALLOWED });
    expect(await fetchModels(baseUrl)).toEqual({ code: 500, msg: `获取模型列表失败：${NOT_ALLOWED}` });
  });

  it('answers a closed port and an unreachable host with the same words', async () => {
    const closed = await testConnection(`http://127.0.0.1:${await closedPort()}/v1`);
    // No host answers at this private address: the attempt times out (or fails at once) instead of being refused.
    const unreachable = await testConnection('http://10.255.255.1:9/v1', { timeoutMs: 1000 });
    expect(closed).toMatchObject({ ok: false, error: UNREACHABLE });
    expect(unreachable).toMatchObject({ ok: false, error: UNREACHABLE });
    expect(await fetchModels(`http://127.0.0.1:${await closedPort()}/v1`)).toEqual({ code: 500, msg: `获取模型列表失败：${UNREACHABLE}` });
  });

  it('gives the HTTP status of a refusal without the remote text', async () => {
    expect(await testConnection(fake.baseUrl, { apiKey: 'sk-wrong-000000000000' })).toEqual(expect.objectContaining({ ok: false, error: '模型服务返回错误（HTTP 401）' }));
    expect(await testConnection(fake.baseUrl, { apiKey: fake.apiKey, model: 'fake-error' })).toMatchObject({ ok: false, error: '模型服务返回错误（HTTP 500）' });
    const chatty = await chattyServer(403);
    try {
      const result = await testConnection(chatty.url);
      expect(result).toMatchObject({ ok: false, error: '模型服务返回错误（HTTP 403）' });
      expect(JSON.stringify(await fetchModels(chatty.url))).not.toContain('SECRET');
    } finally {
      await chatty.close();
    }
  });

  it('does not echo a 200 answer that is not a model’s', async () => {
    const chatty = await chattyServer(200);
    try {
      const result = await testConnection(chatty.url);
      expect(result).toMatchObject({ ok: false, error: '模型服务返回了无法识别的数据' });
      expect(await fetchModels(chatty.url)).toEqual({ code: 500, msg: '获取模型列表失败：模型服务返回了无法识别的数据' });
    } finally {
      await chatty.close();
    }
  });

  it('does not follow a redirect (to metadata or anywhere)', async () => {
    const redirect = await chattyServer(302, { location: 'http://169.254.169.254/latest/meta-data' });
    try {
      expect(await testConnection(redirect.url)).toMatchObject({ ok: false, error: '模型服务返回错误（HTTP 302）' });
      expect(redirect.hits()).toBe(1);
    } finally {
      await redirect.close();
    }
  });
});
