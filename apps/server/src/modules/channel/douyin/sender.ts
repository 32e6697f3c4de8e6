import { performance } from 'node:perf_hooks';
import { and, asc, eq, exists, inArray, lt, lte, ne, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { aiMessage, channelDouyinAccount, channelOutbox, channelSendLog } from '../../../db/schema';
import { DOUYIN_PATHS, DOUYIN_SCENES, DOUYIN_SEND_RETRY } from '../../../infra/douyin/constants';
import { DouyinError, type DouyinErrorReason } from '../../../infra/douyin/errors';
import { sendMessageBody } from '../../../infra/douyin/im';
import { backoffDelay } from '../../../infra/douyin/retry';
import { OUTBOX_KICK_CHANNEL } from '../outbox';
import type { InboxDeps } from './handle-event';
import { douyinLimits } from './limits';
import { QueueWorker } from './queue-worker';
import { planSend, type OutboxRow, type SendableMessage, type SendPlan } from './send-plan';
import { notifyUndelivered } from './send-notice';
import { douyinClientFor, findDouyinAccount, openSecret, type DouyinAccountRecord } from './store';
import { refreshDouyinAccount } from './tokens';

/** The send queue (docs/channels.md §Douyin: events and sending). */
export const DOUYIN_SENDER = {
  sweepMs: 3_000,
  /** Longer than one platform call with its timeout: a claim this old belongs to an instance that died. */
  leaseMs: 60_000,
  batch: 10,
} as const;

const PLATFORM = 'douyin';
const ERROR_MAX = 500;

export const SendMsg = {
  UNBOUND: '抖音账号已解绑，消息未发送',
  DISABLED: '抖音账号已停用，消息未发送',
  REVOKED: '抖音账号授权已失效，请在抖音配置中重新授权',
  INTERNAL: '系统内部错误，消息未发送',
} as const;

/**
 * Takes due messages for this instance in one statement: pending ones whose attempt time has come and
 * sending ones whose lease lapsed. A message waits while an earlier one of its conversation is unfinished,
 * so a conversation's messages reach the customer in order and its cap is counted by one sender at a time.
 */
export async function claimSends(deps: Pick<InboxDeps, 'database' | 'now'>): Promise<OutboxRow[]> {
  const { db } = deps.database;
  const now = new Date(deps.now());
  const o = channelOutbox;
  const earlier = alias(channelOutbox, 'earlier');
  const due = or(and(eq(o.status, 'pending'), lte(o.nextAttemptTime, now)), and(eq(o.status, 'sending'), lt(o.leaseUntil, now)));
  const waiting = exists(
    db
      .select({ one: sql`1` })
      .from(earlier)
      .where(and(eq(earlier.conversationId, o.conversationId), lt(earlier.sendId, o.sendId), inArray(earlier.status, ['pending', 'sending']))),
  );
  const ids = db
    .select({ sendId: o.sendId })
    .from(o)
    .where(and(eq(o.platform, PLATFORM), due, not(waiting)))
    .orderBy(asc(o.sendId))
    .limit(DOUYIN_SENDER.batch)
    .for('update', { skipLocked: true });
  return db
    .update(o)
    .set({ status: 'sending', leaseUntil: new Date(now.getTime() + DOUYIN_SENDER.leaseMs), attempts: sql`${o.attempts} + 1` })
    .where(inArray(o.sendId, ids))
    .returning();
}

/** One attempt as the outbound audit keeps it: what was asked (never the token) and what came back. */
interface Attempt {
  request: Record<string, unknown>;
  httpStatus: number | null;
  outcome: 'ok' | 'auth' | 'transient' | 'bad_request' | 'skipped';
  response: Record<string, unknown> | null;
  error: string;
  durationMs: number;
}

/** How a message ends for now: its outbox columns, and for the final failures what staff are told. */
type Settlement =
  | { status: 'sent'; platformMsgId: string }
  | { status: 'pending'; error: string; retryInMs: number }
  | { status: 'failed' | 'skipped'; error: string };

/** Auth reasons the owner can only fix by scanning again (an expired access token is refreshed first; a wrong app secret is the app's). */
const endsAuthorisation = (reason: DouyinErrorReason) => reason !== 'access_token_expired' && reason !== 'wrong_app';

class DouyinSender {
  readonly worker: QueueWorker<OutboxRow>;

  constructor(private readonly deps: InboxDeps) {
    this.worker = new QueueWorker({
      kickChannel: OUTBOX_KICK_CHANNEL,
      sweepMs: DOUYIN_SENDER.sweepMs,
      claim: () => claimSends(deps),
      handle: (row) => this.deliver(row),
      pubsub: deps.pubsub,
      log: deps.log,
    });
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const record = await findDouyinAccount(this.deps, row.accountId);
    if (!record) return this.settle(row, { status: 'failed', error: SendMsg.UNBOUND }, null);
    if (record.account.status !== '0') return this.settle(row, { status: 'skipped', error: SendMsg.DISABLED }, null);
    if (record.douyin.authStatus === 'revoked') return this.settle(row, { status: 'failed', error: SendMsg.REVOKED }, null);
    const plan = await planSend(this.deps, row, record, douyinLimits(record.app.replyLimits));
    if (plan.type === 'skip') return this.settle(row, { status: 'skipped', error: plan.reason }, this.skippedAttempt(plan), plan);
    const { settlement, attempt } = await this.send(row, record, plan.message);
    await this.settle(row, settlement, attempt, { scene: DOUYIN_SCENES[plan.message.scene], replyTo: plan.message.replyToMsgId ?? '' });
    if (settlement.status !== 'sent') return;
    // The last failure shown on 抖音配置 is over once a message goes through.
    await this.deps.database.db
      .update(channelDouyinAccount)
      .set({ authError: '' })
      .where(and(eq(channelDouyinAccount.accountId, record.account.accountId), ne(channelDouyinAccount.authError, '')));
  }

  /** One call to the platform and what it means for the message, with the attempt as the audit keeps it. */
  private async send(row: OutboxRow, record: DouyinAccountRecord, message: SendableMessage): Promise<{ settlement: Settlement; attempt: Attempt }> {
    const started = performance.now();
    // The body as sent; the token travels in a header and is left out here.
    const request = { path: DOUYIN_PATHS.sendMessage, open_id: message.accountOpenId, body: sendMessageBody({ ...message, accessToken: '' }) };
    const audit = (result: Omit<Attempt, 'request' | 'durationMs'>): Attempt => ({ request, durationMs: Math.round(performance.now() - started), ...result });
    try {
      const client = await douyinClientFor(this.deps, record.app);
      const sent = await client.sendText({ ...message, accessToken: openSecret(this.deps, record.douyin.accessToken) });
      return {
        settlement: { status: 'sent', platformMsgId: sent.msgId },
        attempt: audit({ httpStatus: 200, outcome: 'ok', response: { msgId: sent.msgId, logId: sent.logId ?? null }, error: '' }),
      };
    } catch (err) {
      if (!(err instanceof DouyinError)) {
        this.deps.log.error({ err, sendId: row.sendId }, 'douyin send failed unexpectedly');
        return { settlement: this.retryOrFail(row, SendMsg.INTERNAL), attempt: audit({ httpStatus: null, outcome: 'transient', response: null, error: SendMsg.INTERNAL }) };
      }
      const attempt = audit({
        httpStatus: err.details.status ?? null,
        outcome: err.kind,
        response: { reason: err.reason, code: err.details.code ?? null, logId: err.details.logId ?? null, message: err.details.platformMessage ?? null },
        error: err.message,
      });
      return { settlement: await this.afterError(row, record, err), attempt };
    }
  }

  private skippedAttempt(plan: Extract<SendPlan, { type: 'skip' }>): Attempt {
    return { request: { scene: plan.scene, replyTo: plan.replyTo }, httpStatus: null, outcome: 'skipped', response: null, error: plan.reason, durationMs: 0 };
  }

  private retryOrFail(row: OutboxRow, error: string): Settlement {
    if (row.attempts >= DOUYIN_SEND_RETRY.maxAttempts) return { status: 'failed', error };
    return { status: 'pending', error, retryInMs: backoffDelay(row.attempts, { ...DOUYIN_SEND_RETRY, random: Math.random }) };
  }

  /**
   * Transient failures are retried with backoff; an expired access token is refreshed and the message tried
   * again; other auth failures mark the account (authError, revoked when the owner must scan again) and the
   * message fails; a bad request fails at once, as retrying it changes nothing.
   */
  private async afterError(row: OutboxRow, record: DouyinAccountRecord, err: DouyinError): Promise<Settlement> {
    if (err.kind === 'transient') return this.retryOrFail(row, err.message);
    if (err.kind === 'bad_request') return { status: 'failed', error: err.message };
    if (err.reason === 'access_token_expired' && row.attempts < DOUYIN_SEND_RETRY.maxAttempts) {
      const refreshed = await refreshDouyinAccount(this.deps, record.account.accountId, { force: true });
      if (refreshed.type === 'refreshed') return { status: 'pending', error: err.message, retryInMs: 0 };
      // Another refresh of the account is under way: its new token is worth waiting for.
      if (refreshed.type === 'busy') return { status: 'pending', error: err.message, retryInMs: DOUYIN_SEND_RETRY.maxDelayMs };
      // The refresh has marked the account with its own, more precise reason.
      if (refreshed.type === 'failed') return { status: 'failed', error: refreshed.error.message };
    }
    await this.deps.database.db
      .update(channelDouyinAccount)
      .set({ authError: err.message.slice(0, ERROR_MAX), ...(endsAuthorisation(err.reason) ? { authStatus: 'revoked' } : {}) })
      .where(eq(channelDouyinAccount.accountId, record.account.accountId));
    return { status: 'failed', error: err.message };
  }

  /**
   * Writes how the attempt ended: the audit row and the outbox row together, then the message's send
   * status for 在线会话 and, when it will not go out, a note to staff. A retry wakes this worker when due.
   */
  private async settle(row: OutboxRow, s: Settlement, attempt: Attempt | null, target?: { scene: string; replyTo: string }): Promise<void> {
    const now = new Date(this.deps.now());
    const error = 'error' in s ? s.error.slice(0, ERROR_MAX) : '';
    await this.deps.database.db.transaction(async (tx) => {
      if (attempt) await tx.insert(channelSendLog).values({ sendId: row.sendId, attempt: row.attempts, ...attempt, error: attempt.error.slice(0, ERROR_MAX), createTime: now });
      await tx
        .update(channelOutbox)
        .set({
          status: s.status,
          error,
          leaseUntil: null,
          ...(target ?? {}),
          ...(s.status === 'sent' ? { platformMsgId: s.platformMsgId.slice(0, 128), sentTime: now } : {}),
          ...(s.status === 'pending' ? { nextAttemptTime: new Date(now.getTime() + s.retryInMs) } : {}),
        })
        .where(and(eq(channelOutbox.sendId, row.sendId), eq(channelOutbox.status, 'sending')));
      if (s.status === 'failed' || s.status === 'skipped') await tx.update(aiMessage).set({ sendStatus: 'failed', error }).where(eq(aiMessage.messageId, row.messageId));
    });
    if (s.status === 'pending') this.worker.wakeIn(s.retryInMs);
    if (s.status === 'failed' || s.status === 'skipped') await notifyUndelivered(this.deps, row, s.status, error);
  }
}

/** The send worker of this instance (started and stopped with the app, workers.ts). */
export const senderWorker = (deps: InboxDeps): QueueWorker<OutboxRow> => new DouyinSender(deps).worker;
