/**
 * Every number and path of the Douyin Open Platform protocol in one place. Sources are tagged as in
 * reference/anchors-ai-cs.md §2: [doc] vendor documentation, [3rd] public SDKs or blogs, not confirmed by the
 * vendor pages read; a [3rd] value is the one to correct first when the real platform disagrees.
 */

/** The real platform; the fake and any proxy are configured per app instead (§2.4, §2.5 [doc]). */
export const DOUYIN_BASE_URL = 'https://open.douyin.com';

/** API paths under the base URL (§2.4, §2.5 [doc]; user info: vendor page 获取用户公开信息 [doc]). */
export const DOUYIN_PATHS = {
  authorize: '/platform/oauth/connect/',
  accessToken: '/oauth/access_token/',
  refreshToken: '/oauth/refresh_token/',
  renewRefreshToken: '/oauth/renew_refresh_token/',
  userInfo: '/oauth/userinfo/',
  sendMessage: '/im/send/msg/',
} as const;

/** Scopes asked for when binding an enterprise account: messages need im.direct_message (§2.3), nickname and avatar need user_info. */
export const DOUYIN_DEFAULT_SCOPES = ['user_info', 'im.direct_message'] as const;

/** Longest wait for one platform call, connection to last byte; ours, not the platform's. */
export const DOUYIN_CALL_TIMEOUT_MS = 10_000;

/** Largest platform answer read: token and send answers are a few hundred bytes. */
export const DOUYIN_MAX_RESPONSE_BYTES = 256 * 1024;

/** Token lifetimes when an answer leaves them out (§2.5: access 15 days [doc], refresh 30 days [doc], 5 renewals [doc]). */
export const DOUYIN_TOKEN_LIFETIMES = {
  accessTokenSeconds: 15 * 24 * 3600,
  refreshTokenSeconds: 30 * 24 * 3600,
  maxRefreshTokenRenewals: 5,
} as const;

/** Webhook delivery (§2.2 [doc]): the platform cuts the connection after 5 s and retries 3 times, same Msg-Id. */
export const DOUYIN_WEBHOOK = {
  signatureHeader: 'x-douyin-signature',
  msgIdHeader: 'msg-id',
  platformTimeoutMs: 5_000,
  platformRetries: 3,
  /** Ours: an IM event is a few kilobytes; anything far larger is not from the platform. */
  maxBodyBytes: 64 * 1024,
} as const;

/**
 * Reply windows and caps per conversation (§2.4). Official: proactive messages once a day, at most 3 [doc].
 * The reply-to-message and enter-DM windows are third-party claims [3rd]: kept here so they are easy to correct.
 */
export const DOUYIN_REPLY_LIMITS = {
  /** scene im_reply_msg: up to 6 replies within 24 h of the customer's message [3rd]. */
  reply: { windowMs: 24 * 3600 * 1000, maxMessages: 6 },
  /** scene im_enter_direct_msg: up to 3 messages within 30 s of the enter event [3rd]. */
  enter: { windowMs: 30 * 1000, maxMessages: 3 },
  /** scene im_authorize_message: once a day, at most 3 messages [doc]. */
  proactive: { windowMs: 24 * 3600 * 1000, maxMessages: 3 },
} as const;

/** The send-message `scene` per reply kind (§2.4 [3rd]). */
export const DOUYIN_SCENES = {
  reply: 'im_reply_msg',
  enter: 'im_enter_direct_msg',
  proactive: 'im_authorize_message',
} as const;

/** Our own retries of a send on transient failures: bounded so a dead platform does not pile up work. */
export const DOUYIN_SEND_RETRY = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
} as const;
