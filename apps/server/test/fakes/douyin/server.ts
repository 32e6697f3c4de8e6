import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { authorizePage, errorPage } from './authorize-page';
import { FAKE_CODES, FakeDouyinError, FakeDouyinState, REAL_LIFETIMES, type FakeAccount, type FakeLifetimes, type IssuedTokens } from './state';
import { deliverWebhook, enterDirectMessageEvent, pushWebhook, receiveMessageEvent, type PushOptions, type SignatureMode } from './webhook';

export const FAKE_DOUYIN_CLIENT_KEY = 'awfakedouyin0001';
export const FAKE_DOUYIN_CLIENT_SECRET = 'fake-douyin-client-secret-0001';
export const FAKE_DOUYIN_ACCOUNT = 'fake-enterprise-open-id-0001';

/** How the next calls of an endpoint family fail: HTTP 500, an auth error code, a busy code, or no answer at all. */
export const FAILURE_MODES = ['server_error', 'auth_error', 'busy', 'timeout'] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];
export type FailureTarget = 'send' | 'oauth';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

/** A private message the fake accepted, as the customer would see it. */
export interface SentRecord {
  msgId: string;
  accountOpenId: string;
  toUserId: string;
  conversationId: string;
  replyToMsgId?: string;
  scene: string;
  msgType: unknown;
  text: string | null;
  at: number;
}

export interface FakeDouyinOptions {
  clientKey?: string;
  clientSecret?: string;
  appName?: string;
  lifetimes?: Partial<FakeLifetimes>;
  accounts?: Array<Partial<FakeAccount> & { openId: string }>;
  port?: number;
  host?: string;
}

export interface FakeDouyin {
  baseUrl: string;
  clientKey: string;
  clientSecret: string;
  state: FakeDouyinState;
  requests: RecordedRequest[];
  sent: SentRecord[];
  /** The next `count` calls of `target` fail with `mode`. */
  failNext(mode: FailureMode, count?: number, target?: FailureTarget): void;
  /** A code for the account without the browser: what the confirm link hands out. */
  issueCode(openId?: string, scopes?: string[]): string;
  /** Opens an authorise URL as the scanning owner would and returns where the platform sends the browser. */
  authorize(authorizeUrl: string, openId?: string): Promise<URL>;
  /** Pushes a signed webhook event from a customer to an account, with the app's secret. */
  pushMessage(url: string, p: { from: string; text: string; to?: string; msgId?: string; signature?: SignatureMode; contentAsString?: boolean }): ReturnType<typeof pushWebhook>;
  pushEnter(url: string, p: { from: string; to?: string; adId?: string; msgId?: string }): ReturnType<typeof pushWebhook>;
  /** Any body, signed with the app's secret unless told otherwise, delivered with the platform's retries. */
  deliver(url: string, body: string | object, opts?: Omit<PushOptions, 'clientSecret'> & { retries?: number }): ReturnType<typeof deliverWebhook>;
  reset(): void;
  close(): Promise<void>;
}

const MAX_REQUEST_BYTES = 64 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) req.destroy();
      else parts.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const logId = () => `2026${randomBytes(12).toString('hex').toUpperCase()}`;

/** OAuth endpoints answer `{data:{…, error_code, description}, message}` (vendor OAuth pages). */
const oauthOk = (data: object) => ({ data: { ...data, description: '', error_code: 0 }, message: 'success' });
const oauthError = (e: FakeDouyinError) => ({ data: { description: e.message, error_code: e.code }, message: 'error' });
/** OpenAPI endpoints answer `{err_no, err_msg, log_id, data}` (userinfo page, send-message SDKs). */
const apiOk = (data: object) => ({ err_no: 0, err_msg: '', log_id: logId(), data });
const apiError = (e: FakeDouyinError) => ({ err_no: e.code, err_msg: e.message, log_id: logId(), data: {} });

function parseBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if ((contentType ?? '').includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    const v: unknown = raw ? JSON.parse(raw) : {};
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * A local Douyin Open Platform on 127.0.0.1: the web QR authorisation page, the token endpoints, user info,
 * the send-message endpoint (recording every message) and, for demos and e2e in another process, a control
 * API under /_fake/ (see handleControl). Everything is in memory.
 */
export async function startFakeDouyin(opts: FakeDouyinOptions = {}): Promise<FakeDouyin> {
  const clientKey = opts.clientKey ?? FAKE_DOUYIN_CLIENT_KEY;
  const clientSecret = opts.clientSecret ?? FAKE_DOUYIN_CLIENT_SECRET;
  const appName = opts.appName ?? '本地模拟应用';
  const state = new FakeDouyinState(clientKey, clientSecret, { ...REAL_LIFETIMES, ...opts.lifetimes });
  for (const a of opts.accounts ?? [{ openId: FAKE_DOUYIN_ACCOUNT, nickname: '模拟企业号' }]) state.addAccount(a);
  const defaultAccount = () => [...state.accounts.keys()][0];

  const requests: RecordedRequest[] = [];
  const sent: SentRecord[] = [];
  const failures: Record<FailureTarget, { mode: FailureMode; left: number }[]> = { send: [], oauth: [] };
  const sockets = new Set<Socket>();
  let sentCounter = 0;

  /** Applies a queued failure; true when the response has been handled (or deliberately left hanging). */
  function injectedFailure(target: FailureTarget, res: ServerResponse): boolean {
    const f = failures[target][0];
    if (!f) return false;
    if (--f.left <= 0) failures[target].shift();
    switch (f.mode) {
      case 'timeout':
        return true;
      case 'server_error':
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body>502 Bad Gateway</body></html>');
        return true;
      case 'busy': {
        const e = new FakeDouyinError(FAKE_CODES.busy, '系统繁忙，此时请开发者稍候再试');
        sendJson(res, 200, target === 'send' ? apiError(e) : oauthError(e));
        return true;
      }
      case 'auth_error': {
        const e = new FakeDouyinError(FAKE_CODES.accessTokenInvalid, 'access_token无效');
        sendJson(res, 200, target === 'send' ? apiError(e) : oauthError(e));
        return true;
      }
    }
  }

  function oauth(res: ServerResponse, produce: () => IssuedTokens | object): void {
    if (injectedFailure('oauth', res)) return;
    try {
      sendJson(res, 200, oauthOk(produce()));
    } catch (e) {
      if (!(e instanceof FakeDouyinError)) throw e;
      sendJson(res, 200, oauthError(e));
    }
  }

  function openApi(res: ServerResponse, target: FailureTarget, produce: () => object): void {
    if (injectedFailure(target, res)) return;
    try {
      sendJson(res, 200, apiOk(produce()));
    } catch (e) {
      if (!(e instanceof FakeDouyinError)) throw e;
      sendJson(res, 200, apiError(e));
    }
  }

  function authorizeGet(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const problem =
      q.get('client_key') !== clientKey ? 'client_key 无效' : q.get('response_type') !== 'code' ? 'response_type 必须为 code' : !q.get('redirect_uri') ? '缺少 redirect_uri' : !q.get('scope') ? '缺少 scope' : null;
    res.writeHead(problem ? 400 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(problem ? errorPage(problem) : authorizePage({ appName, scopes: (q.get('scope') ?? '').split(','), query: q, accounts: [...state.accounts.values()] }));
  }

  /**
   * "Scanned and agreed": 302 to redirect_uri with code and state, as the real page does after consent.
   * A refusal redirects with error=access_denied (the OAuth 2.0 convention; the real page's behaviour was not read).
   */
  function authorizeConfirm(url: URL, res: ServerResponse): void {
    const q = url.searchParams;
    const redirect = q.get('redirect_uri');
    let target: URL;
    try {
      target = new URL(redirect ?? '');
    } catch {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(errorPage('redirect_uri 无效'));
      return;
    }
    if (q.get('client_key') !== clientKey) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(errorPage('client_key 无效'));
      return;
    }
    if (q.get('deny')) target.searchParams.set('error', 'access_denied');
    else target.searchParams.set('code', state.issueCode(q.get('open_id') ?? defaultAccount(), (q.get('scope') ?? '').split(',').filter(Boolean)));
    target.searchParams.set('state', q.get('state') ?? '');
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  function send(url: URL, req: IncomingMessage, body: Record<string, unknown>, res: ServerResponse): void {
    openApi(res, 'send', () => {
      const accountOpenId = url.searchParams.get('open_id') ?? undefined;
      state.checkAccess(str(req.headers['access-token']), accountOpenId, 'im.direct_message');
      const content = body.content as { msg_type?: unknown; text?: { text?: unknown } } | undefined;
      const toUserId = str(body.to_user_id);
      const conversationId = str(body.conversation_id);
      const scene = str(body.scene);
      if (!toUserId || !conversationId || !scene || !content || typeof content !== 'object') throw new FakeDouyinError(FAKE_CODES.invalidParam, '参数不合法');
      const text = content.msg_type === 1 ? content.text?.text : undefined;
      if (content.msg_type === 1 && (typeof text !== 'string' || text === '')) throw new FakeDouyinError(FAKE_CODES.invalidParam, '参数不合法');
      const msgId = `fake-msg-${++sentCounter}`;
      sent.push({
        msgId,
        accountOpenId: accountOpenId as string,
        toUserId,
        conversationId,
        replyToMsgId: str(body.msg_id),
        scene,
        msgType: content.msg_type,
        text: typeof text === 'string' ? text : null,
        at: state.now(),
      });
      return { msg_id: msgId };
    });
  }

  /**
   * Control API for a fake in another process (dev script, e2e): GET messages, POST fail {mode,count,target},
   * POST push {url, from, text | event:'enter', msgId, signature}, POST revoke {openId}, POST advance {seconds},
   * POST reset. Answers plain JSON.
   */
  async function handleControl(path: string, body: Record<string, unknown>, res: ServerResponse): Promise<void> {
    switch (path) {
      case '/_fake/messages':
        return sendJson(res, 200, { messages: sent });
      case '/_fake/fail': {
        const mode = FAILURE_MODES.find((m) => m === body.mode);
        const target = body.target === 'oauth' ? 'oauth' : 'send';
        const count = Number(body.count ?? 1);
        if (!mode || !Number.isInteger(count) || count < 1) return sendJson(res, 400, { error: `mode is one of ${FAILURE_MODES.join(', ')}; count a positive integer` });
        fake.failNext(mode, count, target);
        return sendJson(res, 200, { ok: true });
      }
      case '/_fake/push': {
        const url = str(body.url);
        const from = str(body.from);
        if (!url || !from) return sendJson(res, 400, { error: 'url and from are required' });
        const common = { from, to: str(body.to), msgId: str(body.msgId) };
        const result =
          body.event === 'enter'
            ? await fake.pushEnter(url, common)
            : await fake.pushMessage(url, { ...common, text: String(body.text ?? ''), signature: (body.signature as SignatureMode) ?? 'valid' });
        return sendJson(res, 200, result);
      }
      case '/_fake/revoke':
        state.revoke(String(body.openId ?? defaultAccount()));
        return sendJson(res, 200, { ok: true });
      case '/_fake/advance':
        state.advance(Number(body.seconds ?? 0) * 1000);
        return sendJson(res, 200, { now: state.now() });
      case '/_fake/reset':
        fake.reset();
        return sendJson(res, 200, { ok: true });
      default:
        return sendJson(res, 404, { error: 'not found' });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.douyin');
    const raw = await readBody(req);
    const body = parseBody(raw, req.headers['content-type']);
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      body,
    });
    if (url.pathname.startsWith('/_fake/')) return handleControl(url.pathname, body, res);
    if (req.method === 'GET' && url.pathname === '/platform/oauth/connect/') return authorizeGet(url, res);
    if (req.method === 'GET' && url.pathname === '/platform/oauth/connect/confirm') return authorizeConfirm(url, res);
    if (req.method !== 'POST') return sendJson(res, 405, { message: 'method not allowed' });
    switch (url.pathname) {
      case '/oauth/access_token/':
        return oauth(res, () => {
          state.checkClient(str(body.client_key), str(body.client_secret), true);
          if (body.grant_type !== 'authorization_code') throw new FakeDouyinError(FAKE_CODES.invalidParam, 'grant_type 错误');
          return state.exchangeCode(str(body.code));
        });
      case '/oauth/refresh_token/':
        return oauth(res, () => {
          state.checkClient(str(body.client_key));
          if (body.grant_type !== 'refresh_token') throw new FakeDouyinError(FAKE_CODES.invalidParam, 'grant_type 错误');
          return state.refreshAccess(str(body.refresh_token));
        });
      case '/oauth/renew_refresh_token/':
        return oauth(res, () => {
          state.checkClient(str(body.client_key));
          return state.renewRefresh(str(body.refresh_token));
        });
      case '/oauth/userinfo/':
        return openApi(res, 'oauth', () => {
          const account = state.checkAccess(str(body.access_token), str(body.open_id), 'user_info');
          return { open_id: account.openId, union_id: account.unionId, nickname: account.nickname, avatar: account.avatar, e_account_role: 'EAccountM', client_key: clientKey, description: '', error_code: '0' };
        });
      case '/im/send/msg/':
        return send(url, req, body, res);
      default:
        return sendJson(res, 404, { err_no: 28001017, err_msg: '未知URI', log_id: logId(), data: {} });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { message: 'fake failure' });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const party = (from: string, to: string | undefined) => ({ clientKey, fromUserId: from, toUserId: to ?? defaultAccount() });

  const fake: FakeDouyin = {
    baseUrl: `http://${host}:${address.port}`,
    clientKey,
    clientSecret,
    state,
    requests,
    sent,
    failNext(mode, count = 1, target = 'send') {
      failures[target].push({ mode, left: count });
    },
    issueCode(openId = defaultAccount(), scopes = ['user_info', 'im.direct_message']) {
      return state.issueCode(openId, scopes);
    },
    async authorize(authorizeUrl, openId = defaultAccount()) {
      const page = new URL(authorizeUrl);
      const confirm = new URL('/platform/oauth/connect/confirm', fake.baseUrl);
      confirm.search = page.search;
      confirm.searchParams.set('open_id', openId);
      const res = await fetch(confirm, { redirect: 'manual' });
      const location = res.headers.get('location');
      if (res.status !== 302 || !location) throw new Error(`authorize refused: HTTP ${res.status}`);
      return new URL(location);
    },
    pushMessage(url, p) {
      return pushWebhook(url, receiveMessageEvent({ ...party(p.from, p.to), text: p.text, contentAsString: p.contentAsString }), { clientSecret, msgId: p.msgId, signature: p.signature });
    },
    pushEnter(url, p) {
      return pushWebhook(url, enterDirectMessageEvent({ ...party(p.from, p.to), adId: p.adId }), { clientSecret, msgId: p.msgId });
    },
    deliver(url, body, o = {}) {
      return deliverWebhook(url, body, { ...o, clientSecret });
    },
    reset() {
      requests.length = 0;
      sent.length = 0;
      failures.send.length = 0;
      failures.oauth.length = 0;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
