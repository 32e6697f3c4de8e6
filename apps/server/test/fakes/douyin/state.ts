import { randomBytes } from 'node:crypto';

/**
 * The fake platform's memory: the app, the accounts that can authorise it, one-time codes and tokens with
 * their expiries (the real lifetimes: access 15 days, refresh 30 days, 5 renewals, reference §2.5), on a
 * clock tests can move forward. Error codes are the platform's (vendor 状态码 page and OAuth pages; 10007
 * and 10013 as public SDKs quote them), written out here so the fake does not borrow the client's table.
 */
export const FAKE_CODES = {
  busy: 28001005,
  invalidParam: 28001007,
  accessTokenExpired: 28001008,
  accessTokenInvalid: 28001003,
  openIdMismatch: 28001015,
  scopeNotGranted: 28001012,
  refreshTokenExpired: 10010,
  renewalLimit: 10020,
  codeInvalid: 10007,
  wrongClient: 10013,
  missingParam: 10005,
} as const;

export class FakeDouyinError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface FakeAccount {
  openId: string;
  unionId: string;
  nickname: string;
  avatar: string;
}

export interface FakeLifetimes {
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  maxRenewals: number;
  codeSeconds: number;
}

export const REAL_LIFETIMES: FakeLifetimes = { accessTokenSeconds: 15 * 24 * 3600, refreshTokenSeconds: 30 * 24 * 3600, maxRenewals: 5, codeSeconds: 600 };

interface Code {
  openId: string;
  scopes: string[];
  expiresAt: number;
}

interface AccessToken {
  openId: string;
  scopes: string[];
  expiresAt: number;
}

interface RefreshToken {
  openId: string;
  scopes: string[];
  expiresAt: number;
  renewalsLeft: number;
}

export interface IssuedTokens {
  access_token: string;
  expires_in: number;
  open_id: string;
  refresh_token: string;
  refresh_expires_in: number;
  scope: string;
}

const token = (prefix: string) => `${prefix}.${randomBytes(18).toString('hex')}`;

export class FakeDouyinState {
  readonly accounts = new Map<string, FakeAccount>();
  private readonly codes = new Map<string, Code>();
  private readonly accessTokens = new Map<string, AccessToken>();
  private readonly refreshTokens = new Map<string, RefreshToken>();
  private clockOffsetMs = 0;

  constructor(
    readonly clientKey: string,
    readonly clientSecret: string,
    readonly lifetimes: FakeLifetimes,
  ) {}

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** Moves the fake's clock (and so every expiry) forward. */
  advance(ms: number): void {
    this.clockOffsetMs += ms;
  }

  addAccount(account: Partial<FakeAccount> & { openId: string }): FakeAccount {
    const full: FakeAccount = { unionId: `union-${account.openId}`, nickname: `抖音企业号 ${account.openId}`, avatar: `https://p3.douyinpic.com/fake/${account.openId}.jpeg`, ...account };
    this.accounts.set(full.openId, full);
    return full;
  }

  /** What a scan and consent in the Douyin app yields: a one-time code for the account. */
  issueCode(openId: string, scopes: string[]): string {
    if (!this.accounts.has(openId)) throw new FakeDouyinError(FAKE_CODES.invalidParam, '账号不存在');
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { openId, scopes, expiresAt: this.now() + this.lifetimes.codeSeconds * 1000 });
    return code;
  }

  checkClient(clientKey: string | undefined, clientSecret?: string | undefined, needSecret = false): void {
    if (!clientKey) throw new FakeDouyinError(FAKE_CODES.missingParam, '缺少参数 client_key');
    if (clientKey !== this.clientKey || (needSecret && clientSecret !== this.clientSecret)) throw new FakeDouyinError(FAKE_CODES.wrongClient, 'client_key 或 client_secret 错误');
  }

  exchangeCode(code: string | undefined): IssuedTokens {
    const entry = code ? this.codes.get(code) : undefined;
    // A code is good once (vendor page 获取 access_token: do not re-use a code).
    if (code) this.codes.delete(code);
    if (!entry || entry.expiresAt <= this.now()) throw new FakeDouyinError(FAKE_CODES.codeInvalid, '授权码已过期或无效');
    const refresh = token('rft');
    this.refreshTokens.set(refresh, { openId: entry.openId, scopes: entry.scopes, expiresAt: this.now() + this.lifetimes.refreshTokenSeconds * 1000, renewalsLeft: this.lifetimes.maxRenewals });
    return this.issueAccess(entry.openId, entry.scopes, refresh);
  }

  private issueAccess(openId: string, scopes: string[], refresh: string): IssuedTokens {
    const access = token('act');
    this.accessTokens.set(access, { openId, scopes, expiresAt: this.now() + this.lifetimes.accessTokenSeconds * 1000 });
    const r = this.refreshTokens.get(refresh);
    return {
      access_token: access,
      expires_in: this.lifetimes.accessTokenSeconds,
      open_id: openId,
      refresh_token: refresh,
      refresh_expires_in: r ? Math.max(0, Math.floor((r.expiresAt - this.now()) / 1000)) : 0,
      scope: scopes.join(','),
    };
  }

  private liveRefresh(refreshToken: string | undefined): RefreshToken {
    const r = refreshToken ? this.refreshTokens.get(refreshToken) : undefined;
    if (!r || r.expiresAt <= this.now()) throw new FakeDouyinError(FAKE_CODES.refreshTokenExpired, 'refresh_token 过期');
    return r;
  }

  /** A new access token; the refresh token and its expiry stay as they are (vendor page 刷新 access_token). */
  refreshAccess(refreshToken: string | undefined): IssuedTokens {
    const r = this.liveRefresh(refreshToken);
    return this.issueAccess(r.openId, r.scopes, refreshToken as string);
  }

  /** The old refresh token stops working; the new one lives 30 days; 5 times at most (vendor page 刷新 refresh_token). */
  renewRefresh(refreshToken: string | undefined): { refresh_token: string; expires_in: number } {
    const r = this.liveRefresh(refreshToken);
    if (r.renewalsLeft <= 0) throw new FakeDouyinError(FAKE_CODES.renewalLimit, '超过刷新次数限制');
    this.refreshTokens.delete(refreshToken as string);
    const fresh = token('rft');
    this.refreshTokens.set(fresh, { ...r, expiresAt: this.now() + this.lifetimes.refreshTokenSeconds * 1000, renewalsLeft: r.renewalsLeft - 1 });
    return { refresh_token: fresh, expires_in: this.lifetimes.refreshTokenSeconds };
  }

  /** The account owner cancelled the authorisation in the app: every token of the account stops at once. */
  revoke(openId: string): void {
    for (const [k, v] of this.accessTokens) if (v.openId === openId) this.accessTokens.delete(k);
    for (const [k, v] of this.refreshTokens) if (v.openId === openId) this.refreshTokens.delete(k);
  }

  /** The account behind an access token, checked against the open_id the call names and the scope it needs. */
  checkAccess(accessToken: string | undefined, openId: string | undefined, scope?: string): FakeAccount {
    const t = accessToken ? this.accessTokens.get(accessToken) : undefined;
    if (!t) throw new FakeDouyinError(FAKE_CODES.accessTokenInvalid, 'access_token无效');
    if (t.expiresAt <= this.now()) throw new FakeDouyinError(FAKE_CODES.accessTokenExpired, 'access_token过期,请刷新或重新授权');
    if (!openId || openId !== t.openId) throw new FakeDouyinError(FAKE_CODES.openIdMismatch, '请求参数 access_token 和 openId不匹配');
    if (scope && !t.scopes.includes(scope)) throw new FakeDouyinError(FAKE_CODES.scopeNotGranted, '用户未授权该OpenAPI');
    return this.accounts.get(t.openId) as FakeAccount;
  }
}
