import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONNECTOR_CLOCK_SKEW_SECONDS,
  CONNECTOR_HEADERS,
  CONNECTOR_KEY_ID_PATTERN,
  CONNECTOR_MAX_BODY_BYTES,
  CONNECTOR_SIGNING_SCHEME,
} from '@acs/shared';
import { MemoryKv, RedisKv, type KvStore } from '../../../src/infra/kv';
import {
  CONNECTOR_NONCE_TTL_MS,
  constantTimeEqual,
  signConnectorRequest,
  verifyConnectorRequest,
  type ConnectorAuthDeps,
  type ConnectorRequest,
} from '../../../src/modules/channel/boss/connector-auth';
import { generateConnectorKey, sealConnectorSecret, unsealConnectorSecret } from '../../../src/modules/channel/boss/connector-key';
import { redisAvailable } from '../../helpers/kv';

const NOW = 1_795_000_000_000;
/** Cross-checked with Python's hmac/hashlib; docs/channels.md quotes the same vector for client authors. */
const KNOWN_SIGNATURE = '84148ccfd52b6c3d33beeb854c8d4234001f082bcfe637c342816df0f1655cae';
const key = generateConnectorKey();
const other = generateConnectorKey();
const PATH = '/prod-api/channel/boss/connector/messages?accountId=7&b=%E4%BD%A0';
const BODY = Buffer.from(JSON.stringify({ candidate: '张三', text: '您好' }), 'utf8');

function deps(kv: KvStore, now: () => number = () => NOW): ConnectorAuthDeps {
  return { kv, now, findSecret: async (id) => (id === key.keyId ? key.secret : null) };
}

function signed(over: { method?: string; path?: string; body?: Buffer; now?: number; nonce?: string; secret?: string; keyId?: string } = {}): ConnectorRequest {
  const method = over.method ?? 'POST';
  const path = over.path ?? PATH;
  const body = over.body ?? BODY;
  const headers = signConnectorRequest({
    keyId: over.keyId ?? key.keyId,
    secret: over.secret ?? key.secret,
    method,
    path,
    body,
    now: () => over.now ?? NOW,
    ...(over.nonce ? { nonce: over.nonce } : {}),
  });
  // Node lower-cases incoming header names.
  return { method, url: path, rawBody: body, headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])) };
}

const withHeader = (req: ConnectorRequest, name: string, value: string | string[] | undefined): ConnectorRequest => ({
  ...req,
  headers: { ...req.headers, [name.toLowerCase()]: value },
});

describe('verifyConnectorRequest', () => {
  it('accepts a correctly signed request and returns the key id', async () => {
    const req = signed();
    const res = await verifyConnectorRequest(req, deps(new MemoryKv(() => NOW)));
    expect(res).toEqual({ ok: true, keyId: key.keyId, timestamp: NOW / 1000, nonce: req.headers['x-connector-nonce'] });
  });

  it('accepts an empty body, header names in any case and an upper-case hex signature', async () => {
    const headers = signConnectorRequest({ keyId: key.keyId, secret: key.secret, method: 'GET', path: PATH, now: () => NOW });
    headers[CONNECTOR_HEADERS.signature] = headers[CONNECTOR_HEADERS.signature].toUpperCase();
    const res = await verifyConnectorRequest({ method: 'GET', url: PATH, headers, rawBody: Buffer.alloc(0) }, deps(new MemoryKv(() => NOW)));
    expect(res.ok).toBe(true);
  });

  it.each([
    ['body', (r: ConnectorRequest) => ({ ...r, rawBody: Buffer.from(r.rawBody.toString('utf8').replace('您好', '你好'), 'utf8') })],
    ['body (one extra byte)', (r: ConnectorRequest) => ({ ...r, rawBody: Buffer.concat([r.rawBody, Buffer.from(' ')]) })],
    ['path', (r: ConnectorRequest) => ({ ...r, url: r.url.replace('accountId=7', 'accountId=8') })],
    ['query order', (r: ConnectorRequest) => ({ ...r, url: '/prod-api/channel/boss/connector/messages?b=%E4%BD%A0&accountId=7' })],
    ['method', (r: ConnectorRequest) => ({ ...r, method: 'PUT' })],
    ['timestamp', (r: ConnectorRequest) => withHeader(r, CONNECTOR_HEADERS.timestamp, String(NOW / 1000 + 1))],
    ['nonce', (r: ConnectorRequest) => withHeader(r, CONNECTOR_HEADERS.nonce, 'ZZZZZZZZZZZZZZZZZZZZZZ')],
  ])('refuses an altered %s as 签名无效', async (_label, alter) => {
    const res = await verifyConnectorRequest(alter(signed()), deps(new MemoryKv(() => NOW)));
    expect(res).toMatchObject({ ok: false, reason: 'bad_signature', status: 401, message: '签名无效' });
  });

  it('refuses a signature made with another key’s secret, and an unknown key id', async () => {
    const kv = new MemoryKv(() => NOW);
    expect(await verifyConnectorRequest(signed({ secret: other.secret }), deps(kv))).toMatchObject({ ok: false, reason: 'bad_signature' });
    expect(await verifyConnectorRequest(signed({ keyId: other.keyId, secret: other.secret }), deps(kv))).toMatchObject({
      ok: false,
      reason: 'unknown_key',
      status: 401,
      message: '连接器密钥无效或已停用',
    });
  });

  it('accepts timestamps at the edge of the skew, refuses old and future ones', async () => {
    const skewMs = CONNECTOR_CLOCK_SKEW_SECONDS * 1000;
    const kv = new MemoryKv(() => NOW);
    expect((await verifyConnectorRequest(signed({ now: NOW - skewMs }), deps(kv))).ok).toBe(true);
    expect((await verifyConnectorRequest(signed({ now: NOW + skewMs }), deps(kv))).ok).toBe(true);
    expect(await verifyConnectorRequest(signed({ now: NOW - skewMs - 1000 }), deps(kv))).toMatchObject({
      ok: false,
      reason: 'expired',
      message: expect.stringContaining('请求已过期'),
    });
    expect(await verifyConnectorRequest(signed({ now: NOW + skewMs + 1000 }), deps(kv))).toMatchObject({
      ok: false,
      reason: 'future',
      message: expect.stringContaining('时间戳超前'),
    });
  });

  it('refuses a replayed nonce for as long as its timestamp is acceptable, then as expired', async () => {
    let now = NOW;
    const kv = new MemoryKv(() => now);
    const req = signed();
    expect((await verifyConnectorRequest(req, deps(kv, () => now))).ok).toBe(true);
    expect(await verifyConnectorRequest(req, deps(kv, () => now))).toMatchObject({ ok: false, reason: 'replay', message: expect.stringContaining('重复请求') });
    now = NOW + CONNECTOR_CLOCK_SKEW_SECONDS * 1000;
    expect(await verifyConnectorRequest(req, deps(kv, () => now))).toMatchObject({ ok: false, reason: 'replay' });
    now += 1000;
    expect(await verifyConnectorRequest(req, deps(kv, () => now))).toMatchObject({ ok: false, reason: 'expired' });
    // A request signed at the far future edge stays replay-protected for the whole window it is acceptable.
    expect(CONNECTOR_NONCE_TTL_MS).toBeGreaterThan(2 * CONNECTOR_CLOCK_SKEW_SECONDS * 1000);
  });

  it('scopes nonces per key and does not record a nonce for a forged request', async () => {
    const kv = new MemoryKv(() => NOW);
    const nonce = 'fixed-nonce-0123456789';
    // A forger reusing the client's next nonce must not burn it.
    expect((await verifyConnectorRequest(signed({ nonce, secret: other.secret }), deps(kv))).ok).toBe(false);
    expect((await verifyConnectorRequest(signed({ nonce }), deps(kv))).ok).toBe(true);
    const both: ConnectorAuthDeps = { kv, now: () => NOW, findSecret: async (id) => (id === other.keyId ? other.secret : key.secret) };
    expect((await verifyConnectorRequest(signed({ nonce, keyId: other.keyId, secret: other.secret }), both)).ok).toBe(true);
  });

  it('lets exactly one of concurrent identical requests through', async () => {
    const kv = new MemoryKv(() => NOW);
    const req = signed();
    const results = await Promise.all(Array.from({ length: 5 }, () => verifyConnectorRequest(req, deps(kv))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });

  it('names every missing header and treats blank as missing', async () => {
    const req = signed();
    const res = await verifyConnectorRequest(
      { ...req, headers: { 'x-connector-key-id': req.headers['x-connector-key-id'], 'x-connector-nonce': '  ' } },
      deps(new MemoryKv(() => NOW)),
    );
    expect(res).toEqual({
      ok: false,
      reason: 'missing_header',
      status: 401,
      message: '缺少签名头：X-Connector-Timestamp, X-Connector-Nonce, X-Connector-Signature',
    });
  });

  it.each([
    [CONNECTOR_HEADERS.keyId, 'ck_../../etc/passwd'],
    [CONNECTOR_HEADERS.timestamp, '1795000000.0'],
    [CONNECTOR_HEADERS.timestamp, '1e9'],
    [CONNECTOR_HEADERS.nonce, 'short'],
    [CONNECTOR_HEADERS.nonce, 'has:colon:and:more:chars'],
    [CONNECTOR_HEADERS.signature, 'zz'.repeat(32)],
    [CONNECTOR_HEADERS.signature, 'ab'.repeat(31)],
  ])('refuses a garbled %s (%s)', async (name, value) => {
    const res = await verifyConnectorRequest(withHeader(signed(), name, value), deps(new MemoryKv(() => NOW)));
    expect(res).toEqual({ ok: false, reason: 'bad_header', status: 400, message: `签名头格式错误：${name}` });
  });

  it('refuses a repeated header', async () => {
    const req = signed();
    const nonce = req.headers['x-connector-nonce'] as string;
    const res = await verifyConnectorRequest(withHeader(req, CONNECTOR_HEADERS.nonce, [nonce, nonce]), deps(new MemoryKv(() => NOW)));
    expect(res).toMatchObject({ ok: false, reason: 'bad_header', message: '签名头格式错误：X-Connector-Nonce 重复' });
  });

  it('refuses a request target or method that cannot be signed', async () => {
    const kv = new MemoryKv(() => NOW);
    expect(await verifyConnectorRequest({ ...signed(), url: 'http://evil.example/x' }, deps(kv))).toMatchObject({ reason: 'bad_request', status: 400, message: '请求路径格式错误' });
    expect(await verifyConnectorRequest({ ...signed(), url: `/${'a'.repeat(5000)}` }, deps(kv))).toMatchObject({ reason: 'bad_request', message: expect.stringContaining('过长') });
    expect(await verifyConnectorRequest({ ...signed(), method: 'post' }, deps(kv))).toMatchObject({ reason: 'bad_request', message: '请求方法格式错误' });
  });

  it('refuses an oversized body before looking at anything else', async () => {
    let looked = false;
    const d: ConnectorAuthDeps = { kv: new MemoryKv(() => NOW), now: () => NOW, findSecret: async () => ((looked = true), key.secret) };
    const big = Buffer.alloc(CONNECTOR_MAX_BODY_BYTES + 1, 0x61);
    expect(await verifyConnectorRequest({ method: 'POST', url: PATH, headers: {}, rawBody: big }, d)).toMatchObject({ ok: false, reason: 'too_large', status: 413 });
    expect(looked).toBe(false);
    expect((await verifyConnectorRequest(signed({ body: Buffer.alloc(CONNECTOR_MAX_BODY_BYTES, 0x61) }), d)).ok).toBe(true);
    expect(await verifyConnectorRequest(signed({ body: Buffer.alloc(11) }), { ...d, maxBodyBytes: 10 })).toMatchObject({ reason: 'too_large', message: '请求体过大：最多 10 字节' });
  });

  it('never puts the secret or the signature in a failure message', async () => {
    const kv = new MemoryKv(() => NOW);
    const req = signed({ secret: other.secret });
    const sig = req.headers['x-connector-signature'] as string;
    for (const r of [req, withHeader(req, CONNECTOR_HEADERS.timestamp, 'x'), { ...req, rawBody: Buffer.alloc(CONNECTOR_MAX_BODY_BYTES + 1) }]) {
      const res = await verifyConnectorRequest(r, deps(kv));
      expect(res.ok).toBe(false);
      const text = JSON.stringify(res);
      for (const secret of [key.secret, other.secret, sig]) expect(text).not.toContain(secret);
    }
  });

  it('matches the documented known-answer vector', async () => {
    const vector = {
      keyId: 'ck_0123456789abcdef01234567',
      secret: 'cks_test-secret-for-the-docs',
      method: 'POST',
      path: '/prod-api/channel/boss/connector/messages?accountId=7',
      body: '{"text":"您好"}',
      now: () => 1_795_000_000_000,
      nonce: 'AAAAAAAAAAAAAAAAAAAAAA',
    };
    expect(signConnectorRequest(vector)[CONNECTOR_HEADERS.signature]).toBe(KNOWN_SIGNATURE);
    expect(CONNECTOR_SIGNING_SCHEME).toBe('ACS-CONNECTOR-HMAC-SHA256');
  });
});

describe('constantTimeEqual', () => {
  it('compares equal and unequal buffers of the same length', () => {
    expect(constantTimeEqual(Buffer.from('abcd'), Buffer.from('abcd'))).toBe(true);
    expect(constantTimeEqual(Buffer.from('abcd'), Buffer.from('abce'))).toBe(false);
  });

  it('answers false, without throwing, for different lengths (a prefix included)', () => {
    expect(constantTimeEqual(Buffer.from('abc'), Buffer.from('abcd'))).toBe(false);
    expect(constantTimeEqual(Buffer.alloc(0), Buffer.from('a'))).toBe(false);
    expect(constantTimeEqual(Buffer.alloc(0), Buffer.alloc(0))).toBe(true);
  });
});

describe('connector keys', () => {
  it('generates distinct ids in the shared format and long secrets', () => {
    const a = generateConnectorKey();
    const b = generateConnectorKey();
    expect(a.keyId).toMatch(CONNECTOR_KEY_ID_PATTERN);
    expect(a.keyId).not.toBe(b.keyId);
    expect(a.secret).not.toBe(b.secret);
    expect(a.secret).toMatch(/^cks_[A-Za-z0-9_-]{43}$/);
  });

  it('seals the secret at rest and unseals it only with the same encryption key', () => {
    const enc = 'k'.repeat(40);
    const sealed = sealConnectorSecret(enc, key.secret);
    expect(sealed).not.toContain(key.secret.slice(4));
    expect(unsealConnectorSecret(enc, sealed)).toBe(key.secret);
    expect(() => unsealConnectorSecret('x'.repeat(40), sealed)).toThrow(/密文校验失败/);
  });
});

describe.runIf(redisAvailable)('replay across instances sharing Redis', () => {
  const prefix = `test:${randomUUID()}:`;
  let a: RedisKv;
  let b: RedisKv;

  beforeAll(async () => {
    a = await RedisKv.connect(process.env.TEST_REDIS_URL as string, prefix);
    b = await RedisKv.connect(process.env.TEST_REDIS_URL as string, prefix);
  });

  afterAll(async () => {
    const keys = await a.keys('');
    if (keys.length) await a.del(...keys);
    await a.close();
    await b.close();
  });

  it('refuses on instance B a request already accepted on instance A, with a TTL on the nonce', async () => {
    const req = signed({ now: Date.now() });
    expect((await verifyConnectorRequest(req, { ...deps(a), now: Date.now })).ok).toBe(true);
    expect(await verifyConnectorRequest(req, { ...deps(b), now: Date.now })).toMatchObject({ ok: false, reason: 'replay' });
    const [nonceKey] = await a.keys('channel:boss:nonce:');
    const ttl = await b.ttl(nonceKey);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(CONNECTOR_NONCE_TTL_MS);
  });

  it('lets exactly one of concurrent requests through across two instances', async () => {
    const req = signed({ now: Date.now() });
    const results = await Promise.all([a, b, a, b].map((kv) => verifyConnectorRequest(req, { ...deps(kv), now: Date.now })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});
