import { z } from 'zod';
import { endpoint } from '../llm/openai';
import { DOUYIN_PATHS, DOUYIN_TOKEN_LIFETIMES } from './constants';
import { douyinError } from './errors';
import { douyinRequest, parseData, type DouyinTarget } from './http';

/** One Douyin app as the client uses it: where the platform is, the app's credentials, how long a call may take. */
export interface DouyinApp {
  baseUrl: string;
  clientKey: string;
  clientSecret: string;
  timeoutMs: number;
  target: DouyinTarget;
  /** Milliseconds since the epoch; injectable so expiry dates are testable. */
  now: () => number;
}

export interface AuthorizeUrlOptions {
  /** Must match the callback configured in the Douyin console (only the part before `#` is compared, §2.5). */
  redirectUri: string;
  /** Opaque to the platform and sent back with the code: ours to sign and check. */
  state: string;
  scopes: readonly string[];
}

/**
 * The web QR authorisation page (§2.5 step 1): shown on a PC it renders a QR code the account owner scans in
 * the Douyin app; after consent the platform redirects to `redirectUri?code=…&state=…`.
 */
export function authorizeUrl(app: Pick<DouyinApp, 'baseUrl' | 'clientKey'>, opts: AuthorizeUrlOptions): string {
  let url: URL;
  try {
    url = new URL(endpoint(app.baseUrl, DOUYIN_PATHS.authorize));
  } catch {
    throw douyinError('invalid_request');
  }
  url.searchParams.set('client_key', app.clientKey);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', opts.scopes.join(','));
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('state', opts.state);
  return url.toString();
}

/** Seconds, sometimes quoted as a string in the platform's answers (the refresh pages' examples). */
const seconds = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

const tokenData = z.object({
  access_token: z.string().min(1),
  expires_in: seconds,
  open_id: z.string().min(1),
  refresh_token: z.string().min(1),
  refresh_expires_in: seconds.optional(),
  scope: z.string().optional(),
});

const renewData = z.object({ refresh_token: z.string().min(1), expires_in: seconds });

const userInfoData = z.object({
  open_id: z.string().min(1),
  union_id: z.string().optional(),
  nickname: z.string().default(''),
  avatar: z.string().default(''),
  /** EAccountM / EAccountS / EAccountK for enterprise accounts, empty for personal ones. */
  e_account_role: z.string().optional(),
});

export interface DouyinTokens {
  openId: string;
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
  scopes: string[];
}

export interface DouyinRenewedRefreshToken {
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

export interface DouyinUserInfo {
  openId: string;
  unionId?: string;
  nickname: string;
  avatar: string;
  enterpriseRole?: string;
}

const at = (app: DouyinApp, secondsFromNow: number) => new Date(app.now() + secondsFromNow * 1000);

const scopesOf = (scope: string | undefined) =>
  (scope ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function tokensOf(app: DouyinApp, d: z.infer<typeof tokenData>): DouyinTokens {
  return {
    openId: d.open_id,
    accessToken: d.access_token,
    accessTokenExpiresAt: at(app, d.expires_in),
    refreshToken: d.refresh_token,
    refreshTokenExpiresAt: at(app, d.refresh_expires_in ?? DOUYIN_TOKEN_LIFETIMES.refreshTokenSeconds),
    scopes: scopesOf(d.scope),
  };
}

const post = (app: DouyinApp, path: string, form: Record<string, string>, signal?: AbortSignal) =>
  douyinRequest({ baseUrl: app.baseUrl, path, form, timeoutMs: app.timeoutMs, target: app.target, signal });

/** §2.5 step 2: the callback's one-time code → the account's tokens and open_id. */
export async function exchangeCode(app: DouyinApp, code: string, signal?: AbortSignal): Promise<DouyinTokens> {
  const answer = await post(app, DOUYIN_PATHS.accessToken, { client_key: app.clientKey, client_secret: app.clientSecret, code, grant_type: 'authorization_code' }, signal);
  return tokensOf(app, parseData(tokenData, answer));
}

/** A new access token (15 days); the refresh token's own expiry does not move (vendor page 刷新 access_token). */
export async function refreshAccessToken(app: DouyinApp, refreshToken: string, signal?: AbortSignal): Promise<DouyinTokens> {
  const answer = await post(app, DOUYIN_PATHS.refreshToken, { client_key: app.clientKey, grant_type: 'refresh_token', refresh_token: refreshToken }, signal);
  return tokensOf(app, parseData(tokenData, answer));
}

/** A new refresh token (30 days) replacing the old one, at most 5 times per authorisation (vendor page 刷新 refresh_token). */
export async function renewRefreshToken(app: DouyinApp, refreshToken: string, signal?: AbortSignal): Promise<DouyinRenewedRefreshToken> {
  const answer = await post(app, DOUYIN_PATHS.renewRefreshToken, { client_key: app.clientKey, refresh_token: refreshToken }, signal);
  const d = parseData(renewData, answer);
  return { refreshToken: d.refresh_token, refreshTokenExpiresAt: at(app, d.expires_in) };
}

/** The bound account's public profile (nickname, avatar), for the account list (vendor page 获取用户公开信息, scope user_info). */
export async function fetchUserInfo(app: DouyinApp, accessToken: string, openId: string, signal?: AbortSignal): Promise<DouyinUserInfo> {
  const answer = await post(app, DOUYIN_PATHS.userInfo, { access_token: accessToken, open_id: openId }, signal);
  const d = parseData(userInfoData, answer);
  return { openId: d.open_id, unionId: d.union_id || undefined, nickname: d.nickname, avatar: d.avatar, enterpriseRole: d.e_account_role || undefined };
}
