import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DouyinClient, type DouyinClientConfig } from '../../../src/infra/douyin/client';
import { DOUYIN_BASE_URL } from '../../../src/infra/douyin/constants';
import { DouyinError } from '../../../src/infra/douyin/errors';
import type { DouyinTarget } from '../../../src/infra/douyin/http';
import type { SendTextMessage } from '../../../src/infra/douyin/im';
import { FAKE_DOUYIN_ACCOUNT, startFakeDouyin, type FakeDouyin } from '../../fakes/douyin/server';

let fake: FakeDouyin;
beforeAll(async () => {
  fake = await startFakeDouyin({ accounts: [{ openId: FAKE_DOUYIN_ACCOUNT, nickname: '模拟企业号' }, { openId: 'second-account' }] });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** The fake listens on 127.0.0.1: a deployment that allows private addresses. */
const target: DouyinTarget = { policy: { allowPrivateNetwork: true } };
const DAY = 24 * 3600 * 1000;

const client = (extra: Partial<DouyinClientConfig> = {}) =>
  new DouyinClient({ baseUrl: fake.baseUrl, clientKey: fake.clientKey, clientSecret: fake.clientSecret, target, timeoutMs: 2000, now: () => fake.state.now(), ...extra });

async function failure(p: Promise<unknown>): Promise<DouyinError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(DouyinError);
  return err as DouyinError;
}

/** Binds an account the way /dyLogin will: authorise URL → "scan" → callback code → tokens. */
async function bind(c = client(), openId = FAKE_DOUYIN_ACCOUNT, scopes?: string[]) {
  const callback = await fake.authorize(c.authorizeUrl({ redirectUri: 'https://console.example.com/dyLogin/callback', state: 'signed-state', scopes }), openId);
  return c.exchangeCode(callback.searchParams.get('code') as string);
}

const reply = (accessToken: string, extra: Partial<SendTextMessage> = {}): SendTextMessage => ({
  accessToken,
  accountOpenId: FAKE_DOUYIN_ACCOUNT,
  toUserId: 'customer-open-id',
  conversationId: 'conv-1',
  replyToMsgId: 'server-msg-1',
  scene: 'reply',
  text: '您好，请问有什么可以帮您？',
  ...extra,
});

describe('DouyinClient: authorisation', () => {
  it('builds the web QR authorisation URL on the real platform by default', () => {
    const url = new URL(new DouyinClient({ clientKey: 'awkey', clientSecret: 's', target }).authorizeUrl({ redirectUri: 'https://a.example/cb', state: 'st 1' }));
    expect(url.origin + url.pathname).toBe(`${DOUYIN_BASE_URL}/platform/oauth/connect/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: 'awkey',
      response_type: 'code',
      scope: 'user_info,im.direct_message',
      redirect_uri: 'https://a.example/cb',
      state: 'st 1',
    });
  });

  it('completes the whole flow: authorise page, callback with code and state, code → tokens, user info', async () => {
    const c = client();
    const page = await fetch(c.authorizeUrl({ redirectUri: 'https://console.example.com/cb', state: 'xyz' }));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('二维码');

    const callback = await fake.authorize(c.authorizeUrl({ redirectUri: 'https://console.example.com/cb?x=1', state: 'xyz' }));
    expect(callback.origin + callback.pathname).toBe('https://console.example.com/cb');
    expect(callback.searchParams.get('state')).toBe('xyz');
    expect(callback.searchParams.get('x')).toBe('1');

    const before = fake.state.now();
    const tokens = await c.exchangeCode(callback.searchParams.get('code') as string);
    expect(tokens.openId).toBe(FAKE_DOUYIN_ACCOUNT);
    expect(tokens.accessToken).toMatch(/^act\./);
    expect(tokens.refreshToken).toMatch(/^rft\./);
    expect(tokens.scopes).toEqual(['user_info', 'im.direct_message']);
    expect(tokens.accessTokenExpiresAt.getTime() - before).toBeGreaterThanOrEqual(15 * DAY - 5000);
    expect(tokens.accessTokenExpiresAt.getTime() - before).toBeLessThanOrEqual(15 * DAY + 5000);
    expect(Math.abs(tokens.refreshTokenExpiresAt.getTime() - before - 30 * DAY)).toBeLessThan(5000);

    const req = fake.requests.find((r) => r.path === '/oauth/access_token/');
    expect(req?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req?.body).toMatchObject({ client_key: fake.clientKey, client_secret: fake.clientSecret, grant_type: 'authorization_code' });

    const info = await c.userInfo(tokens.accessToken, tokens.openId);
    expect(info).toMatchObject({ openId: FAKE_DOUYIN_ACCOUNT, nickname: '模拟企业号', enterpriseRole: 'EAccountM' });
    expect(info.avatar).toMatch(/^https:\/\//);
  });

  it('a refused authorisation comes back with an error instead of a code', async () => {
    const c = client();
    const url = new URL(c.authorizeUrl({ redirectUri: 'https://console.example.com/cb', state: 's1' }));
    const confirm = new URL('/platform/oauth/connect/confirm', fake.baseUrl);
    confirm.search = url.search;
    confirm.searchParams.set('deny', '1');
    const res = await fetch(confirm, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('code')).toBeNull();
    expect(location.searchParams.get('state')).toBe('s1');
  });

  it('a code is good once, and only for the app that holds the right secret', async () => {
    const code = fake.issueCode();
    const wrongSecret = await failure(client({ clientSecret: 'not-the-secret' }).exchangeCode(code));
    expect(wrongSecret).toMatchObject({ kind: 'auth', reason: 'wrong_app', message: '抖音应用凭证错误或应用不可用' });
    // Refused before the code is looked at: the right app can still use it, once.
    await client().exchangeCode(code);
    expect(await failure(client().exchangeCode(code))).toMatchObject({ kind: 'auth', reason: 'code_invalid' });
    expect(await failure(client().exchangeCode('never-issued'))).toMatchObject({ kind: 'auth', reason: 'code_invalid' });
  });

  it('an expired code is refused', async () => {
    const code = fake.issueCode();
    fake.state.advance(11 * 60 * 1000);
    expect(await failure(client().exchangeCode(code))).toMatchObject({ kind: 'auth', reason: 'code_invalid' });
  });


  it('a malformed base URL is a bad request, not a crash', async () => {
    const c = client({ baseUrl: 'not a url' });
    expect(() => c.authorizeUrl({ redirectUri: 'https://a.example/cb', state: 's' })).toThrow(DouyinError);
    expect(await failure(c.exchangeCode('x'))).toMatchObject({ kind: 'bad_request', reason: 'invalid_request' });
  });
});

describe('DouyinClient: tokens', () => {
  it('refreshes an expired access token; the refresh token keeps its expiry', async () => {
    const c = client();
    const tokens = await bind(c);
    fake.state.advance(16 * DAY);
    const expired = await failure(c.sendText(reply(tokens.accessToken)));
    expect(expired).toMatchObject({ kind: 'auth', reason: 'access_token_expired', details: { code: 28001008 } });

    const refreshed = await c.refreshAccessToken(tokens.refreshToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(Math.abs(refreshed.refreshTokenExpiresAt.getTime() - tokens.refreshTokenExpiresAt.getTime())).toBeLessThan(2000);
    await expect(c.sendText(reply(refreshed.accessToken))).resolves.toMatchObject({ msgId: expect.any(String) });
    expect(fake.requests.find((r) => r.path === '/oauth/refresh_token/')?.body).toEqual({ client_key: fake.clientKey, grant_type: 'refresh_token', refresh_token: tokens.refreshToken });
  });

  it('renews the refresh token five times at most, the old one stopping each time', async () => {
    const c = client();
    const tokens = await bind(c);
    let current = tokens.refreshToken;
    for (let i = 0; i < 5; i++) {
      fake.state.advance(20 * DAY);
      const renewed = await c.renewRefreshToken(current);
      expect(renewed.refreshToken).not.toBe(current);
      expect(Math.abs(renewed.refreshTokenExpiresAt.getTime() - fake.state.now() - 30 * DAY)).toBeLessThan(2000);
      expect(await failure(c.refreshAccessToken(current))).toMatchObject({ kind: 'auth', reason: 'refresh_token_expired' });
      current = renewed.refreshToken;
    }
    expect(await failure(c.renewRefreshToken(current))).toMatchObject({ kind: 'auth', reason: 'renewal_limit', details: { code: 10020 } });
    await expect(c.refreshAccessToken(current)).resolves.toMatchObject({ openId: FAKE_DOUYIN_ACCOUNT });
  });

  it('an expired refresh token means re-authorisation', async () => {
    const c = client();
    const tokens = await bind(c);
    fake.state.advance(31 * DAY);
    expect(await failure(c.refreshAccessToken(tokens.refreshToken))).toMatchObject({ kind: 'auth', reason: 'refresh_token_expired', message: '抖音刷新令牌已过期，请重新扫码授权' });
    expect(await failure(c.renewRefreshToken(tokens.refreshToken))).toMatchObject({ kind: 'auth', reason: 'refresh_token_expired' });
  });

  it('a revoked authorisation stops the access and the refresh token at once', async () => {
    const c = client();
    const tokens = await bind(c);
    fake.state.revoke(FAKE_DOUYIN_ACCOUNT);
    expect(await failure(c.sendText(reply(tokens.accessToken)))).toMatchObject({ kind: 'auth', reason: 'access_token_invalid' });
    expect(await failure(c.userInfo(tokens.accessToken, tokens.openId))).toMatchObject({ kind: 'auth', reason: 'access_token_invalid' });
    expect(await failure(c.refreshAccessToken(tokens.refreshToken))).toMatchObject({ kind: 'auth', reason: 'refresh_token_expired' });
  });

  it('a refresh for another app is refused as an auth error', async () => {
    const tokens = await bind();
    expect(await failure(client({ clientKey: 'aw-other-app' }).refreshAccessToken(tokens.refreshToken))).toMatchObject({ kind: 'auth', reason: 'wrong_app' });
  });
});

describe('DouyinClient: sending', () => {
  it('sends a text reply with the account token and records it at the platform', async () => {
    const c = client();
    const tokens = await bind(c);
    const sent = await c.sendText(reply(tokens.accessToken));
    expect(sent.msgId).toMatch(/^fake-msg-/);
    expect(sent.logId).toBeTruthy();
    expect(fake.sent).toEqual([
      expect.objectContaining({
        msgId: sent.msgId,
        accountOpenId: FAKE_DOUYIN_ACCOUNT,
        toUserId: 'customer-open-id',
        conversationId: 'conv-1',
        replyToMsgId: 'server-msg-1',
        scene: 'im_reply_msg',
        msgType: 1,
        text: '您好，请问有什么可以帮您？',
      }),
    ]);
    const req = fake.requests.find((r) => r.path === '/im/send/msg/');
    expect(req?.query).toEqual({ open_id: FAKE_DOUYIN_ACCOUNT });
    expect(req?.headers['access-token']).toBe(tokens.accessToken);
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.body).toEqual({
      msg_id: 'server-msg-1',
      conversation_id: 'conv-1',
      to_user_id: 'customer-open-id',
      content: { msg_type: 1, text: { text: '您好，请问有什么可以帮您？' } },
      scene: 'im_reply_msg',
    });
  });

  it('a greeting after an enter event carries no msg_id', async () => {
    const tokens = await bind();
    await client().sendText(reply(tokens.accessToken, { scene: 'enter', replyToMsgId: undefined, text: '欢迎咨询' }));
    expect(fake.sent[0]).toMatchObject({ scene: 'im_enter_direct_msg', text: '欢迎咨询' });
    expect(fake.sent[0].replyToMsgId).toBeUndefined();
  });

  it('refuses a bad message before anything leaves', async () => {
    const tokens = await bind();
    fake.reset();
    for (const bad of [reply(tokens.accessToken, { text: '  ' }), reply(tokens.accessToken, { replyToMsgId: undefined }), reply(tokens.accessToken, { toUserId: '' })]) {
      expect(await failure(client().sendText(bad))).toMatchObject({ kind: 'bad_request', reason: 'invalid_request' });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('a token of one account cannot send as another, and a token without the IM scope cannot send', async () => {
    const second = await bind(client(), 'second-account');
    expect(await failure(client().sendText(reply(second.accessToken)))).toMatchObject({ kind: 'auth', reason: 'access_token_invalid', details: { code: 28001015 } });
    const userOnly = await bind(client(), FAKE_DOUYIN_ACCOUNT, ['user_info']);
    expect(await failure(client().sendText(reply(userOnly.accessToken)))).toMatchObject({ kind: 'auth', reason: 'no_permission' });
    expect(fake.sent).toHaveLength(0);
  });

  it('tells transient failures (5xx, busy, timeout) from auth failures', async () => {
    const tokens = await bind();
    fake.failNext('server_error');
    expect(await failure(client().sendText(reply(tokens.accessToken)))).toMatchObject({ kind: 'transient', reason: 'http', details: { status: 502 } });
    fake.failNext('busy');
    expect(await failure(client().sendText(reply(tokens.accessToken)))).toMatchObject({ kind: 'transient', reason: 'busy', details: { code: 28001005 } });
    fake.failNext('auth_error');
    expect(await failure(client().sendText(reply(tokens.accessToken)))).toMatchObject({ kind: 'auth', reason: 'access_token_invalid' });
    fake.failNext('timeout');
    const started = Date.now();
    expect(await failure(client({ timeoutMs: 300 }).sendText(reply(tokens.accessToken)))).toMatchObject({ kind: 'transient', reason: 'timeout', message: '抖音开放平台响应超时' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(fake.sent).toHaveLength(0);
    await expect(client().sendText(reply(tokens.accessToken))).resolves.toBeTruthy();
    expect(fake.sent).toHaveLength(1);
  });

  it('failures can be queued for several calls and for the token endpoints', async () => {
    const tokens = await bind();
    fake.failNext('server_error', 2);
    await failure(client().sendText(reply(tokens.accessToken)));
    await failure(client().sendText(reply(tokens.accessToken)));
    await expect(client().sendText(reply(tokens.accessToken))).resolves.toBeTruthy();
    fake.failNext('timeout', 1, 'oauth');
    expect(await failure(client({ timeoutMs: 300 }).refreshAccessToken(tokens.refreshToken))).toMatchObject({ kind: 'transient', reason: 'timeout' });
  });

  it("honours the caller's abort", async () => {
    const tokens = await bind();
    fake.failNext('timeout');
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stopped')), 100);
    await expect(client().sendText(reply(tokens.accessToken), controller.signal)).rejects.toThrow('stopped');
  });
});

/** Runs `use` against a one-off server answering every request with `answer`. */
async function withServer<T>(answer: (res: ServerResponse) => void, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = createServer((_req, res) => answer(res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  }
}

const json = (status: number, body: unknown) => (res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

describe('DouyinClient: answers the platform should not give', () => {
  const send = (baseUrl: string) => client({ baseUrl }).sendText(reply('act.x'));

  it.each([
    ['HTTP 429', json(429, 'slow down'), 'transient', 'rate_limit'],
    ['HTTP 503 with an unknown code', json(503, { err_no: 99999, err_msg: 'x' }), 'transient', 'http'],
    ['quota used up', json(200, { err_no: 28003018, err_msg: '请求频率过高', data: {} }), 'transient', 'rate_limit'],
    ['HTTP 200 with HTML', json(200, '<html>proxy</html>'), 'transient', 'bad_response'],
    ['success without msg_id', json(200, { err_no: 0, err_msg: '', data: {} }), 'transient', 'bad_response'],
    ['an invalid parameter', json(200, { err_no: 28001007, err_msg: '参数不合法', data: {} }), 'bad_request', 'invalid_request'],
    ['HTTP 404 without a code', json(404, 'nope'), 'bad_request', 'invalid_request'],
    ['an error code as a string inside data', json(200, { data: { error_code: '2190008', description: 'expired' }, message: 'error' }), 'auth', 'access_token_expired'],
    ['a banned app', json(200, { err_no: 28001016, err_msg: '当前应用已被封禁或下线', data: {} }), 'auth', 'wrong_app'],
  ] as const)('%s', async (_name, answer, kind, reason) => {
    const err = await withServer(answer, (baseUrl) => failure(send(baseUrl)));
    expect(err).toMatchObject({ kind, reason });
  });

  it('an oversized answer is a bad response', async () => {
    const big = JSON.stringify({ err_no: 0, data: { msg_id: 'x'.repeat(400 * 1024) } });
    expect(await withServer(json(200, big), (baseUrl) => failure(send(baseUrl)))).toMatchObject({ kind: 'transient', reason: 'bad_response' });
  });

  it('keeps the platform text for logs but shows only the fixed message', async () => {
    const err = await withServer(json(200, { err_no: 28001007, err_msg: '<script>x</script>', log_id: 'L1', data: {} }), (baseUrl) => failure(send(baseUrl)));
    expect(err.message).toBe('抖音开放平台拒绝了请求（参数错误）');
    expect(err.details).toMatchObject({ code: 28001007, platformMessage: '<script>x</script>', logId: 'L1' });
  });

  it('a private address is refused when the deployment does not allow it, and an unreachable host is transient', async () => {
    const blocked = await failure(client({ target: { policy: { allowPrivateNetwork: false } } }).sendText(reply('act.x')));
    expect(blocked).toMatchObject({ kind: 'bad_request', reason: 'blocked' });
    const closed = await withServer(json(200, {}), async (baseUrl) => baseUrl);
    expect(await failure(client({ baseUrl: closed }).sendText(reply('act.x')))).toMatchObject({ kind: 'transient', reason: 'network' });
  });
});
