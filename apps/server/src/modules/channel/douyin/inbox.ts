import { createHash } from 'node:crypto';
import { and, asc, eq, exists, inArray, isNull, lt, lte, not, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { channelDouyinAccount, channelDouyinApp, channelEvent } from '../../../db/schema';
import { parseWebhookBody, type DouyinEvent } from '../../../infra/douyin/events';
import { handleDouyinEvent, IgnoreReason, type InboxDeps } from './handle-event';
import { QueueWorker } from './queue-worker';

export type EventRow = typeof channelEvent.$inferSelect;

/** Inbound processing (docs/channels.md §Douyin: events and sending). */
export const DOUYIN_INBOX = {
  /** The webhook publishes here after storing an event; every instance's inbox worker listens. */
  kickChannel: 'channel:douyin:inbox',
  sweepMs: 5_000,
  /** Longer than a turn with a slow model: a claim this old belongs to an instance that died. */
  leaseMs: 120_000,
  batch: 10,
  /** Attempts in all for an event whose processing failed unexpectedly (database, model…). */
  maxAttempts: 5,
  retryBaseMs: 2_000,
  retryMaxMs: 60_000,
} as const;

const PLATFORM = 'douyin';
const ERROR_MAX = 500;
const EXTERNAL_ID_MAX = 128;

/**
 * The de-duplication key of a delivery: the platform's Msg-Id (the same on its retries), else a hash of the
 * body, so a retry without the header is still recognised. An id longer than the column is hashed too.
 */
export function externalIdOf(msgId: string | null, rawBody: Buffer): string {
  if (msgId && msgId.length <= EXTERNAL_ID_MAX) return msgId;
  return `sha1:${createHash('sha1')
    .update(msgId ?? rawBody)
    .digest('hex')}`;
}

const eventTypeOf = (event: DouyinEvent) => (event.type === 'unknown' ? event.event : event.type).slice(0, 64);

/**
 * Stores an authentic event before the platform is answered: a crash after the acknowledgement loses nothing,
 * and the unique (platform, app, external id) makes the platform's retries, on any instance, one row.
 * Events the channel does not act on are kept as 'ignored' for the record. Returns whether the row is new.
 */
export async function storeDouyinEvent(
  deps: Pick<AppDeps, 'database' | 'now'>,
  input: { appId: number; externalId: string; event: DouyinEvent; payload: unknown },
): Promise<boolean> {
  const at = new Date(deps.now());
  const actionable = input.event.type !== 'unknown';
  const stored = await deps.database.db
    .insert(channelEvent)
    .values({
      platform: PLATFORM,
      sourceId: input.appId,
      externalId: input.externalId,
      eventType: eventTypeOf(input.event),
      payload: input.payload,
      status: actionable ? 'pending' : 'ignored',
      error: actionable ? '' : IgnoreReason.UNKNOWN,
      receivedTime: at,
      processedTime: actionable ? null : at,
    })
    .onConflictDoNothing()
    .returning({ eventId: channelEvent.eventId });
  return stored.length > 0;
}

/** "Last webhook received" on 抖音配置: the app's, and the account's the event was addressed to. */
export async function touchLastWebhook(deps: Pick<AppDeps, 'database' | 'now'>, appId: number, accountOpenId: string): Promise<void> {
  const at = new Date(deps.now());
  const { db } = deps.database;
  await db.update(channelDouyinApp).set({ lastWebhookTime: at }).where(eq(channelDouyinApp.appId, appId));
  if (accountOpenId) {
    await db
      .update(channelDouyinAccount)
      .set({ lastWebhookTime: at })
      .where(and(eq(channelDouyinAccount.appId, appId), eq(channelDouyinAccount.openId, accountOpenId)));
  }
}

export const kickInbox = (deps: Pick<AppDeps, 'pubsub'>) => deps.pubsub.publish(DOUYIN_INBOX.kickChannel, {});

/**
 * Takes due events for this instance in one statement: pending ones whose retry time (kept in lease_until
 * while an event waits for its retry) has come, and processing ones whose lease lapsed. An event waits while an earlier one of the same customer on the same
 * app is unfinished, so a customer's messages are answered in the order they arrived, whichever instance
 * holds which. SKIP LOCKED lets instances claim side by side without waiting on each other.
 */
export async function claimEvents(deps: Pick<AppDeps, 'database' | 'now'>): Promise<EventRow[]> {
  const { db } = deps.database;
  const now = new Date(deps.now());
  const e = channelEvent;
  const earlier = alias(channelEvent, 'earlier');
  const due = or(and(eq(e.status, 'pending'), or(isNull(e.leaseUntil), lte(e.leaseUntil, now))), and(eq(e.status, 'processing'), lt(e.leaseUntil, now)));
  const waiting = exists(
    db
      .select({ one: sql`1` })
      .from(earlier)
      .where(
        and(
          eq(earlier.platform, e.platform),
          eq(earlier.sourceId, e.sourceId),
          sql`${earlier.payload}->>'from_user_id' = ${e.payload}->>'from_user_id'`,
          lt(earlier.eventId, e.eventId),
          inArray(earlier.status, ['pending', 'processing']),
        ),
      ),
  );
  const ids = db
    .select({ eventId: e.eventId })
    .from(e)
    .where(and(eq(e.platform, PLATFORM), due, not(waiting)))
    .orderBy(asc(e.eventId))
    .limit(DOUYIN_INBOX.batch)
    .for('update', { skipLocked: true });
  return db
    .update(e)
    .set({ status: 'processing', leaseUntil: new Date(now.getTime() + DOUYIN_INBOX.leaseMs), attempts: sql`${e.attempts} + 1` })
    .where(inArray(e.eventId, ids))
    .returning();
}

const retryDelay = (attempt: number) => Math.min(DOUYIN_INBOX.retryMaxMs, DOUYIN_INBOX.retryBaseMs * 2 ** (attempt - 1));

/**
 * Processes one claimed event and records how it ended. A refusal of the business (ServiceError: the agent
 * unpublished, say) is final; anything else is retried with backoff a few times, then left as failed.
 */
async function processEvent(deps: InboxDeps, worker: QueueWorker<EventRow>, row: EventRow): Promise<void> {
  const { db } = deps.database;
  const finish = (values: Partial<EventRow>) =>
    db
      .update(channelEvent)
      .set({ leaseUntil: null, processedTime: new Date(deps.now()), ...values })
      .where(and(eq(channelEvent.eventId, row.eventId), eq(channelEvent.status, 'processing')));
  const parsed = parseWebhookBody(row.payload);
  if (parsed.type !== 'event') {
    await finish({ status: 'ignored', error: IgnoreReason.UNKNOWN });
    return;
  }
  try {
    const outcome = await handleDouyinEvent(deps, row.sourceId, parsed.event);
    await finish({ status: outcome.status, error: outcome.status === 'ignored' ? outcome.reason.slice(0, ERROR_MAX) : '', conversationId: outcome.conversationId ?? null });
  } catch (err) {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
    if (err instanceof ServiceError || row.attempts >= DOUYIN_INBOX.maxAttempts) {
      deps.log.error({ err, eventId: row.eventId }, 'douyin event failed');
      await finish({ status: 'failed', error: message });
      return;
    }
    const delay = retryDelay(row.attempts);
    deps.log.error({ err, eventId: row.eventId, retryInMs: delay }, 'douyin event failed, will retry');
    await finish({ status: 'pending', error: message, leaseUntil: new Date(deps.now() + delay), processedTime: null });
    worker.wakeIn(delay);
  }
}

/** The inbox worker of this instance (started and stopped with the app, workers.ts). */
export function inboxWorker(deps: InboxDeps): QueueWorker<EventRow> {
  const worker: QueueWorker<EventRow> = new QueueWorker({
    kickChannel: DOUYIN_INBOX.kickChannel,
    sweepMs: DOUYIN_INBOX.sweepMs,
    claim: () => claimEvents(deps),
    handle: (row) => processEvent(deps, worker, row),
    pubsub: deps.pubsub,
    log: deps.log,
  });
  return worker;
}
