import { DOUYIN_AUTH_STATUS_LABELS, type DouyinAuthStatus } from '@acs/shared';

/** What each authorisation state means for the account, and what its owner should do (console and /dySwitch). */
export const AUTH_STATUS_HINTS: Record<DouyinAuthStatus, string> = {
  authorized: '授权有效，访问令牌会在到期前自动刷新',
  expiring: '刷新令牌即将到期（或已用完续期次数），到期后无法收发私信，请账号所有者尽快重新扫码授权',
  expired: '授权已过期，无法接收和回复私信，请账号所有者重新扫码授权',
  revoked: '账号所有者已在抖音取消授权，无法接收和回复私信，需重新扫码授权',
};

/** A tone per state: green while it works, orange before it stops, red once it stopped. */
export const AUTH_STATUS_TONES: Record<DouyinAuthStatus, 'success' | 'warning' | 'error'> = {
  authorized: 'success',
  expiring: 'warning',
  expired: 'error',
  revoked: 'error',
};

export const authStatusLabel = (status: DouyinAuthStatus) => DOUYIN_AUTH_STATUS_LABELS[status] ?? status;

/** States whose owner must scan again. */
export const needsReauth = (status: DouyinAuthStatus) => status !== 'authorized';
