import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { BossRunConfig } from '@acs/shared';
import { audit, idColumn, remark, status, ts } from './columns';

/**
 * A Douyin Open Platform app (抖音配置): its credentials and where its API lives. The secret is sealed
 * with infra/crypto and never returned. Enterprise accounts bound to it are channel_account rows
 * (platform 'douyin') with their tokens in channel_douyin_account.
 */
export const channelDouyinApp = pgTable('channel_douyin_app', {
  appId: idColumn('app_id', 1),
  name: varchar('name', { length: 50 }).notNull(),
  clientKey: varchar('client_key', { length: 64 }).notNull(),
  /** Sealed (AES-256-GCM): never leaves the server. */
  clientSecret: varchar('client_secret', { length: 500 }).notNull(),
  apiBaseUrl: varchar('api_base_url', { length: 255 }).notNull(),
  /** Reply window and cap overrides of DOUYIN_REPLY_LIMITS (docs/channels.md); empty: the platform's. */
  replyLimits: jsonb('reply_limits').$type<Record<string, { windowMs: number; maxMessages: number }>>().notNull().default({}),
  lastWebhookTime: ts('last_webhook_time'),
  status: status(),
  ...audit,
  remark: remark(),
}, (t) => [uniqueIndex('uk_channel_douyin_app_key').on(t.clientKey)]);

/** A bound Douyin enterprise account: who it is and its tokens (sealed). One row per channel_account. */
export const channelDouyinAccount = pgTable('channel_douyin_account', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  appId: bigint('app_id', { mode: 'number' }).notNull(),
  openId: varchar('open_id', { length: 128 }).notNull(),
  nickname: varchar('nickname', { length: 100 }).notNull().default(''),
  avatar: varchar('avatar', { length: 500 }).notNull().default(''),
  scopes: varchar('scopes', { length: 500 }).notNull().default(''),
  accessToken: varchar('access_token', { length: 1000 }).notNull(),
  refreshToken: varchar('refresh_token', { length: 1000 }).notNull(),
  accessExpiresTime: ts('access_expires_time').notNull(),
  refreshExpiresTime: ts('refresh_expires_time').notNull(),
  /** Refresh-token renewals used (the platform allows 5, then the owner must scan again). */
  renewals: integer('renewals').notNull().default(0),
  /** authorized · revoked (expiring and expired are read off the dates) */
  authStatus: varchar('auth_status', { length: 16 }).notNull().default('authorized'),
  /** The last token refresh or send that failed for good, in Chinese; cleared by a success. */
  authError: varchar('auth_error', { length: 500 }).notNull().default(''),
  lastRefreshTime: ts('last_refresh_time'),
  lastWebhookTime: ts('last_webhook_time'),
  /** ai · human · ai_off_hours (REPLY_POLICIES) */
  replyPolicy: varchar('reply_policy', { length: 16 }).notNull().default('ai'),
  /** The staff member who currently serves the account (dySwitch): handoffs go to them first. */
  staffUserId: bigint('staff_user_id', { mode: 'number' }),
}, (t) => [uniqueIndex('uk_channel_douyin_account_open_id').on(t.appId, t.openId)]);

/**
 * Inbound platform events (Douyin webhooks, BOSS connector pushes), stored before the platform is
 * answered so a crash after the acknowledgement loses nothing; (platform, source, external id)
 * de-duplicates the platform's retries across instances.
 */
export const channelEvent = pgTable('channel_event', {
  eventId: idColumn('event_id', 1),
  /** douyin · boss */
  platform: varchar('platform', { length: 16 }).notNull(),
  /** The Douyin app id or the BOSS account id the event came through. */
  sourceId: bigint('source_id', { mode: 'number' }).notNull(),
  /** Msg-Id of a webhook delivery, the client's message id of a connector push. */
  externalId: varchar('external_id', { length: 128 }).notNull(),
  eventType: varchar('event_type', { length: 64 }).notNull(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  /** pending · processing · done · failed · ignored (CHANNEL_EVENT_STATUSES) */
  status: varchar('status', { length: 16 }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: ts('lease_until'),
  error: varchar('error', { length: 500 }).notNull().default(''),
  conversationId: bigint('conversation_id', { mode: 'number' }),
  receivedTime: ts('received_time').notNull(),
  processedTime: ts('processed_time'),
}, (t) => [
  uniqueIndex('uk_channel_event_external').on(t.platform, t.sourceId, t.externalId),
  index('idx_channel_event_status').on(t.status, t.leaseUntil),
  index('idx_channel_event_time').on(t.receivedTime),
]);

/**
 * Messages to deliver on a platform: queued in the transaction that stores the AI's or staff's
 * message, so nothing said in a Douyin or BOSS conversation is lost between storing and sending.
 */
export const channelOutbox = pgTable('channel_outbox', {
  sendId: idColumn('send_id', 1),
  platform: varchar('platform', { length: 16 }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  /** The customer's platform id (Douyin open_id, BOSS candidate id). */
  toUser: varchar('to_user', { length: 128 }).notNull(),
  content: text('content').notNull(),
  /** ai_auto · manual */
  sendSource: varchar('send_source', { length: 16 }).notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  /** Douyin's send scene (im_reply_msg…), empty for BOSS. */
  scene: varchar('scene', { length: 32 }).notNull().default(''),
  /** The platform id of the customer message answered. */
  replyTo: varchar('reply_to', { length: 128 }).notNull().default(''),
  /** pending · sending · sent · failed · skipped (CHANNEL_SEND_STATUSES) */
  status: varchar('status', { length: 16 }).notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptTime: ts('next_attempt_time').notNull(),
  leaseUntil: ts('lease_until'),
  /** The platform's id of the delivered message. */
  platformMsgId: varchar('platform_msg_id', { length: 128 }).notNull().default(''),
  error: varchar('error', { length: 500 }).notNull().default(''),
  createTime: ts('create_time').notNull(),
  sentTime: ts('sent_time'),
}, (t) => [
  uniqueIndex('uk_channel_outbox_message').on(t.messageId),
  index('idx_channel_outbox_due').on(t.platform, t.status, t.nextAttemptTime),
  index('idx_channel_outbox_account').on(t.accountId, t.status),
  index('idx_channel_outbox_conversation').on(t.conversationId, t.createTime),
]);

/** Every attempt at a send, with the request's and the platform's answer (the outbound audit). */
export const channelSendLog = pgTable('channel_send_log', {
  logId: idColumn('log_id', 1),
  sendId: bigint('send_id', { mode: 'number' }).notNull(),
  attempt: integer('attempt').notNull(),
  /** What was sent, secrets left out. */
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  httpStatus: integer('http_status'),
  /** ok · auth · transient · bad_request · skipped */
  outcome: varchar('outcome', { length: 16 }).notNull(),
  response: jsonb('response').$type<Record<string, unknown>>(),
  error: varchar('error', { length: 500 }).notNull().default(''),
  durationMs: integer('duration_ms').notNull().default(0),
  createTime: ts('create_time').notNull(),
}, (t) => [index('idx_channel_send_log_send').on(t.sendId), index('idx_channel_send_log_time').on(t.createTime)]);

/** A BOSS直聘 recruiter account (BOSS招聘): one channel_account row (platform 'boss') each. */
export const channelBossAccount = pgTable('channel_boss_account', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  recruiterName: varchar('recruiter_name', { length: 50 }).notNull(),
  company: varchar('company', { length: 100 }).notNull().default(''),
  /** BOSS_SESSION_HEALTHS, as the automation client last reported it. */
  sessionHealth: varchar('session_health', { length: 16 }).notNull().default('unknown'),
  healthDetail: varchar('health_detail', { length: 200 }).notNull().default(''),
  lastSeenTime: ts('last_seen_time'),
  /** Human in the loop: a paused account hands nothing to the client and the AI does not answer. */
  paused: boolean('paused').notNull().default(false),
  runConfig: jsonb('run_config').$type<BossRunConfig>().notNull(),
  /** The connector key's public id; the secret is sealed and shown once when created or rotated. */
  keyId: varchar('key_id', { length: 64 }),
  keySecret: varchar('key_secret', { length: 500 }),
  keyCreatedTime: ts('key_created_time'),
}, (t) => [uniqueIndex('uk_channel_boss_account_key').on(t.keyId)]);

/** A job a recruiter account hires for, and the AI agent that answers its candidates. */
export const channelBossJob = pgTable('channel_boss_job', {
  jobId: idColumn('job_id', 1),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  /** The job's id on BOSS直聘, as the client reports it; matches pushed chats to the job. */
  externalId: varchar('external_id', { length: 64 }).notNull().default(''),
  title: varchar('title', { length: 100 }).notNull(),
  city: varchar('city', { length: 50 }).notNull().default(''),
  salary: varchar('salary', { length: 50 }).notNull().default(''),
  requirements: varchar('requirements', { length: 2000 }).notNull().default(''),
  agentId: bigint('agent_id', { mode: 'number' }),
  status: status(),
  ...audit,
  remark: remark(),
}, (t) => [index('idx_channel_boss_job_account').on(t.accountId)]);

/** A greeting template ({{variables}} as in replies); account null: every account's. */
export const channelBossTemplate = pgTable('channel_boss_template', {
  templateId: idColumn('template_id', 1),
  accountId: bigint('account_id', { mode: 'number' }),
  name: varchar('name', { length: 50 }).notNull(),
  content: varchar('content', { length: 1000 }).notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  status: status(),
  ...audit,
  remark: remark(),
}, (t) => [index('idx_channel_boss_template_account').on(t.accountId)]);

/** What a BOSS candidate's profile says (BOSS留资), one row per candidate identity and account. */
export const channelBossCandidate = pgTable('channel_boss_candidate', {
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  /** The candidate's id on BOSS直聘. */
  bossUid: varchar('boss_uid', { length: 128 }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  jobId: bigint('job_id', { mode: 'number' }),
  name: varchar('name', { length: 50 }).notNull().default(''),
  experience: varchar('experience', { length: 50 }).notNull().default(''),
  education: varchar('education', { length: 50 }).notNull().default(''),
  expectedSalary: varchar('expected_salary', { length: 50 }).notNull().default(''),
  city: varchar('city', { length: 50 }).notNull().default(''),
  resumeReceived: boolean('resume_received').notNull().default(false),
  /** BOSS_EXCHANGE_STATUSES */
  exchangeStatus: varchar('exchange_status', { length: 16 }).notNull().default('none'),
  updateTime: ts('update_time').notNull(),
}, (t) => [primaryKey({ columns: [t.accountId, t.bossUid] }), index('idx_channel_boss_candidate_customer').on(t.customerId)]);
