import { ADDRESS_NOT_ALLOWED, type OutboundErrorKind } from '../outbound/fetch';

/**
 * What the caller does about a failure:
 * - `auth`: permanent for this account or app (token expired, revoked or for another app, scope missing):
 *   refresh or re-authorise, never retry as is;
 * - `transient`: the platform or the network is unwell (5xx, timeout, rate limit, busy): retry later;
 * - `bad_request`: our request is wrong (parameters, address refused by the outbound policy): retrying changes nothing.
 */
export type DouyinErrorKind = 'auth' | 'transient' | 'bad_request';

export type DouyinErrorReason =
  | 'access_token_expired'
  | 'access_token_invalid'
  | 'refresh_token_expired'
  | 'renewal_limit'
  | 'code_invalid'
  | 'wrong_app'
  | 'no_permission'
  | 'account_unavailable'
  | 'rate_limit'
  | 'busy'
  | 'http'
  | 'timeout'
  | 'network'
  | 'bad_response'
  | 'blocked'
  | 'invalid_request';

/**
 * A failed call to the Douyin Open Platform, with a fixed Chinese message per reason (fit for staff and for
 * the outbound audit). The platform's own text is kept apart in `platformMessage` for logs, never shown as is.
 */
export class DouyinError extends Error {
  constructor(
    readonly kind: DouyinErrorKind,
    readonly reason: DouyinErrorReason,
    message: string,
    readonly details: { status?: number; code?: number; platformMessage?: string; logId?: string } = {},
  ) {
    super(message);
    this.name = 'DouyinError';
  }
}

const MESSAGES: Record<DouyinErrorReason, string> = {
  access_token_expired: '抖音授权已过期，请刷新或重新授权',
  access_token_invalid: '抖音授权已失效（可能已被取消），请重新授权',
  refresh_token_expired: '抖音刷新令牌已过期，请重新扫码授权',
  renewal_limit: '抖音刷新令牌续期次数已用完，请重新扫码授权',
  code_invalid: '抖音授权码无效或已过期，请重新扫码授权',
  wrong_app: '抖音应用凭证错误或应用不可用',
  no_permission: '抖音应用或账号未获得该能力的授权',
  account_unavailable: '抖音账号已注销或被封禁',
  rate_limit: '抖音接口调用过于频繁，请稍后重试',
  busy: '抖音开放平台繁忙，请稍后重试',
  http: '抖音开放平台返回错误',
  timeout: '抖音开放平台响应超时',
  network: '无法连接到抖音开放平台',
  bad_response: '抖音开放平台返回了无法识别的数据',
  blocked: ADDRESS_NOT_ALLOWED,
  invalid_request: '抖音开放平台拒绝了请求（参数错误）',
};

const KIND: Record<DouyinErrorReason, DouyinErrorKind> = {
  access_token_expired: 'auth',
  access_token_invalid: 'auth',
  refresh_token_expired: 'auth',
  renewal_limit: 'auth',
  code_invalid: 'auth',
  wrong_app: 'auth',
  no_permission: 'auth',
  account_unavailable: 'auth',
  rate_limit: 'transient',
  busy: 'transient',
  http: 'transient',
  timeout: 'transient',
  network: 'transient',
  bad_response: 'transient',
  blocked: 'bad_request',
  invalid_request: 'bad_request',
};

export const douyinError = (reason: DouyinErrorReason, details: DouyinError['details'] = {}) => new DouyinError(KIND[reason], reason, MESSAGES[reason], details);

/**
 * Platform error codes → reason. New-style codes from the vendor's 状态码排查工具 page and the OAuth pages
 * (刷新 access_token / refresh_token) [doc]; 10007 and 10013 are quoted by public SDKs only [3rd].
 * A code not listed is a bad request: retrying an unknown refusal only repeats it.
 */
export const DOUYIN_ERROR_CODES: Readonly<Record<number, DouyinErrorReason>> = {
  // 系统繁忙 / 网络调用错误 / 平台风控 / quota 已用完 / 请求频率过高
  28001005: 'busy',
  28001006: 'busy',
  28001052: 'rate_limit',
  28003017: 'rate_limit',
  28003018: 'rate_limit',
  2100004: 'busy',
  2190001: 'rate_limit',
  // access_token 过期
  28001008: 'access_token_expired',
  10008: 'access_token_expired',
  2190008: 'access_token_expired',
  // access_token 无效（被取消授权后立即失效）/ 与 open_id 不匹配
  28001003: 'access_token_invalid',
  2190002: 'access_token_invalid',
  28001015: 'access_token_invalid',
  10010: 'refresh_token_expired',
  10020: 'renewal_limit',
  10007: 'code_invalid',
  // 应用被封禁或下线 / 测试应用 / client_key 错误
  28001016: 'wrong_app',
  28001020: 'wrong_app',
  28001021: 'wrong_app',
  10013: 'wrong_app',
  // 用户未授权该 OpenAPI / 应用未获得该能力 / 能力被封禁 / 权限不足
  28001012: 'no_permission',
  28001014: 'no_permission',
  28001018: 'no_permission',
  28001019: 'no_permission',
  28001056: 'no_permission',
  10004: 'no_permission',
  2100007: 'no_permission',
  // 用户已注销 / 被封禁
  28001045: 'account_unavailable',
  28001046: 'account_unavailable',
  2100009: 'account_unavailable',
};

export const reasonOfCode = (code: number): DouyinErrorReason => DOUYIN_ERROR_CODES[code] ?? 'invalid_request';

/** A non-2xx answer without a recognised platform code. */
export function reasonOfStatus(status: number): DouyinErrorReason {
  if (status === 429) return 'rate_limit';
  if (status === 401 || status === 403) return 'access_token_invalid';
  if (status >= 500) return 'http';
  return 'invalid_request';
}

export function reasonOfOutbound(kind: OutboundErrorKind): DouyinErrorReason {
  switch (kind) {
    case 'blocked':
      return 'blocked';
    case 'too_large':
      return 'bad_response';
    case 'tls':
    case 'unreachable':
      return 'network';
  }
}
