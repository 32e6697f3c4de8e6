/**
 * The Douyin and BOSS直聘 channels (issue 12): states, policies and limits both sides show or check.
 */

/** How a bound Douyin account's authorisation stands; 'expiring' is computed from the token dates. */
export const DOUYIN_AUTH_STATUSES = ['authorized', 'expiring', 'expired', 'revoked'] as const;
export type DouyinAuthStatus = (typeof DOUYIN_AUTH_STATUSES)[number];
export const DOUYIN_AUTH_STATUS_LABELS: Record<DouyinAuthStatus, string> = {
  authorized: '已授权',
  expiring: '即将过期',
  expired: '已过期',
  revoked: '已取消授权',
};
/** A refresh token with less than this left makes the account 'expiring': the owner should scan again soon. */
export const DOUYIN_EXPIRING_WITHIN_MS = 3 * 24 * 3600 * 1000;

/** Who answers an account's private messages. */
export const REPLY_POLICIES = ['ai', 'human', 'ai_off_hours'] as const;
export type ReplyPolicy = (typeof REPLY_POLICIES)[number];
export const REPLY_POLICY_LABELS: Record<ReplyPolicy, string> = {
  ai: 'AI自动回复',
  human: '仅人工回复',
  ai_off_hours: '非工作时间AI回复',
};

/** What the automation client reports of a BOSS直聘 recruiter session. */
export const BOSS_SESSION_HEALTHS = ['logged_in', 'needs_qr', 'captcha', 'rate_limited', 'banned', 'unknown'] as const;
export type BossSessionHealth = (typeof BOSS_SESSION_HEALTHS)[number];
export const BOSS_SESSION_HEALTH_LABELS: Record<BossSessionHealth, string> = {
  logged_in: '已登录',
  needs_qr: '需扫码登录',
  captcha: '需验证码',
  rate_limited: '操作受限',
  banned: '已封禁',
  unknown: '未连接',
};

/** How far a BOSS candidate has exchanged contact details with the recruiter. */
export const BOSS_EXCHANGE_STATUSES = ['none', 'requested', 'phone', 'wechat', 'resume', 'refused'] as const;
export type BossExchangeStatus = (typeof BOSS_EXCHANGE_STATUSES)[number];
export const BOSS_EXCHANGE_STATUS_LABELS: Record<BossExchangeStatus, string> = {
  none: '未交换',
  requested: '已请求',
  phone: '已换电话',
  wechat: '已换微信',
  resume: '已收简历',
  refused: '已拒绝',
};

/** An outgoing channel message's life: queued, being sent, delivered, given up, or not sent by a rule (window, cap, paused). */
export const CHANNEL_SEND_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type ChannelSendStatus = (typeof CHANNEL_SEND_STATUSES)[number];
export const CHANNEL_SEND_STATUS_LABELS: Record<ChannelSendStatus, string> = {
  pending: '待发送',
  sending: '发送中',
  sent: '已发送',
  failed: '发送失败',
  skipped: '未发送',
};

/** A stored inbound platform event's life (webhook or connector push). */
export const CHANNEL_EVENT_STATUSES = ['pending', 'processing', 'done', 'failed', 'ignored'] as const;
export type ChannelEventStatus = (typeof CHANNEL_EVENT_STATUSES)[number];

/** A recruiter account's daily caps and run window, checked by the server before anything goes out. */
export interface BossRunConfig {
  /** Greetings (first messages to new candidates) per day. */
  dailyGreetings: number;
  /** Replies in candidate chats per day. */
  dailyReplies: number;
  /** Local (Asia/Shanghai) HH:mm; outside it nothing is handed to the client. */
  windowStart: string;
  windowEnd: string;
  /** ISO weekdays 1 (Mon) … 7 (Sun) the window applies to. */
  weekdays: number[];
}

export const DEFAULT_BOSS_RUN_CONFIG: BossRunConfig = {
  dailyGreetings: 100,
  dailyReplies: 300,
  windowStart: '09:00',
  windowEnd: '21:00',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
};
