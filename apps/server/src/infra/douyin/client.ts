import { DOUYIN_BASE_URL, DOUYIN_CALL_TIMEOUT_MS, DOUYIN_DEFAULT_SCOPES } from './constants';
import type { DouyinTarget } from './http';
import { sendTextMessage, type SendTextMessage, type SentMessage } from './im';
import {
  authorizeUrl,
  exchangeCode,
  fetchUserInfo,
  refreshAccessToken,
  renewRefreshToken,
  type DouyinApp,
  type DouyinRenewedRefreshToken,
  type DouyinTokens,
  type DouyinUserInfo,
} from './oauth';

export interface DouyinClientConfig {
  /** Default: the real platform. The local fake or a proxy otherwise. */
  baseUrl?: string;
  clientKey: string;
  clientSecret: string;
  timeoutMs?: number;
  target: DouyinTarget;
  now?: () => number;
}

/** One Douyin app's view of the Open Platform: authorisation, tokens, profile, private messages. Throws DouyinError. */
export class DouyinClient {
  private readonly app: DouyinApp;

  constructor(config: DouyinClientConfig) {
    this.app = {
      baseUrl: config.baseUrl || DOUYIN_BASE_URL,
      clientKey: config.clientKey,
      clientSecret: config.clientSecret,
      timeoutMs: config.timeoutMs ?? DOUYIN_CALL_TIMEOUT_MS,
      target: config.target,
      now: config.now ?? Date.now,
    };
  }

  authorizeUrl(opts: { redirectUri: string; state: string; scopes?: readonly string[] }): string {
    return authorizeUrl(this.app, { ...opts, scopes: opts.scopes ?? DOUYIN_DEFAULT_SCOPES });
  }

  exchangeCode(code: string, signal?: AbortSignal): Promise<DouyinTokens> {
    return exchangeCode(this.app, code, signal);
  }

  refreshAccessToken(refreshToken: string, signal?: AbortSignal): Promise<DouyinTokens> {
    return refreshAccessToken(this.app, refreshToken, signal);
  }

  renewRefreshToken(refreshToken: string, signal?: AbortSignal): Promise<DouyinRenewedRefreshToken> {
    return renewRefreshToken(this.app, refreshToken, signal);
  }

  userInfo(accessToken: string, openId: string, signal?: AbortSignal): Promise<DouyinUserInfo> {
    return fetchUserInfo(this.app, accessToken, openId, signal);
  }

  sendText(msg: SendTextMessage, signal?: AbortSignal): Promise<SentMessage> {
    return sendTextMessage(this.app, msg, signal);
  }
}
