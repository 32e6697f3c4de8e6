import { and, asc, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { aiMessage, channelOutbox, channelSendLog } from '../../../db/schema';
import type { Executor } from '../../crm/capture';
import { OUTBOX_KICK_CHANNEL } from '../outbox';
import { reloadAccount, type ConnectorAccount } from './connector-account';
import { GREETING_SOURCE, usageToday, withinRunWindow } from './limits';

type Deps = Pick<AppDeps, 'database' | 'pubsub' | 'now'>;

/** Messages one poll hands out at most. */
export const REPLIES_PER_POLL = 20;
/** How long the client has to send a handed-out message and acknowledge it before it may be handed out again. */
export const REPLY_LEASE_MS = 120_000;
/** Hand-outs of one message before it is given up (failed acks and expired leases both count). */
export const MAX_SEND_ATTEMPTS = 3;
/** A failed send waits this long times the attempts so far before it is handed out again. */
const RETRY_DELAY_MS = 60_000;
/** A waiting poll looks again this often even without a wake-up (a window opening, a retry coming due). */
const POLL_INTERVAL_MS = 2_000;

export const ReplyMsg = {
  LEASE_EXPIRED: '客户端未在规定时间内确认发送结果',
  FAILED: '客户端发送失败',
} as const;

export interface ReplyItem {
  replyId: number;
  candidateId: string;
  text: string;
  kind: 'reply' | 'greeting';
}

type OutboxRow = typeof channelOutbox.$inferSelect;

const forAccount = (accountId: number) => and(eq(channelOutbox.platform, 'boss'), eq(channelOutbox.accountId, accountId));

/**
 * Messages whose lease ran out without an acknowledgement go back to pending (the client may have
 * crashed before sending), or are given up after MAX_SEND_ATTEMPTS hand-outs.
 */
async function releaseExpired(tx: Executor, accountId: number, at: Date) {
  const expired = and(forAccount(accountId), eq(channelOutbox.status, 'sending'), lt(channelOutbox.leaseUntil, at));
  await tx
    .update(channelOutbox)
    .set({
      status: sql`case when ${channelOutbox.attempts} >= ${MAX_SEND_ATTEMPTS} then 'failed' else 'pending' end`,
      error: ReplyMsg.LEASE_EXPIRED,
      leaseUntil: null,
      nextAttemptTime: at,
    })
    .where(expired);
}

/** Due pending messages of one kind, oldest first. */
function due(tx: Executor, accountId: number, greeting: boolean, limit: number, at: Date) {
  if (limit <= 0) return Promise.resolve([]);
  return tx
    .select({ sendId: channelOutbox.sendId })
    .from(channelOutbox)
    .where(
      and(
        forAccount(accountId),
        eq(channelOutbox.status, 'pending'),
        lte(channelOutbox.nextAttemptTime, at),
        greeting ? eq(channelOutbox.sendSource, GREETING_SOURCE) : ne(channelOutbox.sendSource, GREETING_SOURCE),
      ),
    )
    .orderBy(asc(channelOutbox.sendId))
    .limit(limit);
}

const itemOf = (row: OutboxRow): ReplyItem => ({
  replyId: row.sendId,
  candidateId: row.toUser,
  text: row.content,
  kind: row.sendSource === GREETING_SOURCE ? 'greeting' : 'reply',
});

/**
 * Hands out what the account may send now: nothing while paused or outside its run window; otherwise
 * due messages up to what is left of today's caps, leased to this poll. Claims of one account are
 * serialised by an advisory lock, so two pollers never get the same message nor both the last slot of a
 * cap. Held messages stay pending.
 */
export async function claimReplies(deps: Deps, account: ConnectorAccount): Promise<ReplyItem[]> {
  const now = deps.now();
  if (account.paused || !withinRunWindow(account.runConfig, now)) return [];
  const at = new Date(now);
  const rows = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`boss:claim:${account.accountId}`}))`);
    await releaseExpired(tx, account.accountId, at);
    const usage = (await usageToday(tx, [account.accountId], now)).get(account.accountId);
    const greetingsLeft = Math.min(REPLIES_PER_POLL, account.runConfig.dailyGreetings - (usage?.greetings ?? 0));
    const greetings = await due(tx, account.accountId, true, greetingsLeft, at);
    const repliesLeft = Math.min(REPLIES_PER_POLL - greetings.length, account.runConfig.dailyReplies - (usage?.replies ?? 0));
    const replies = await due(tx, account.accountId, false, repliesLeft, at);
    const ids = [...greetings, ...replies].map((r) => r.sendId);
    if (ids.length === 0) return [];
    return tx
      .update(channelOutbox)
      .set({ status: 'sending', attempts: sql`${channelOutbox.attempts} + 1`, leaseUntil: new Date(now + REPLY_LEASE_MS) })
      .where(inArray(channelOutbox.sendId, ids))
      .returning();
  });
  return rows.sort((a, b) => a.sendId - b.sendId).map(itemOf);
}

/**
 * The long poll: claims at once, and while nothing is due waits up to `waitSeconds` for the outbox to be
 * kicked (a turn answered, staff replied) or the poll interval to pass, re-reading the account each time
 * (staff may pause it meanwhile). Stops early when the client goes away.
 */
export async function pollReplies(deps: Deps, account: ConnectorAccount, waitSeconds: number, signal: AbortSignal): Promise<ReplyItem[]> {
  const deadline = Date.now() + waitSeconds * 1000;
  let wake: (() => void) | null = null;
  const unsubscribe = deps.pubsub.subscribe(OUTBOX_KICK_CHANNEL, (event) => {
    if ((event as { platform?: string } | null)?.platform === 'boss') wake?.();
  });
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort);
  try {
    await unsubscribe.ready;
    let current: ConnectorAccount | undefined = account;
    for (;;) {
      const items = await claimReplies(deps, current);
      const left = deadline - Date.now();
      if (items.length > 0 || left <= 0 || signal.aborted) return items;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, POLL_INTERVAL_MS));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      current = await reloadAccount(deps, account);
      // Key rotated or account disabled while waiting: this poll ends empty, the next one is refused.
      if (!current) return [];
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}

export interface AckResult {
  replyId: number;
  status: 'sent' | 'pending' | 'failed' | 'unknown' | 'ignored';
}

async function logAttempt(tx: Executor, row: OutboxRow, ok: boolean, error: string, at: Date) {
  await tx.insert(channelSendLog).values({
    sendId: row.sendId,
    attempt: row.attempts,
    request: { candidateId: row.toUser, kind: itemOf(row).kind, length: row.content.length },
    outcome: ok ? 'ok' : 'transient',
    response: { ok, ...(error ? { error } : {}) },
    error,
    createTime: at,
  });
}

/**
 * The client's report on handed-out messages: sent → sent; failed → handed out again later, or given up
 * after MAX_SEND_ATTEMPTS. The message's send status follows; every report is kept in the send log.
 * Messages of other accounts are unknown; ones not out at the moment (already acknowledged) are ignored.
 */
export async function ackReplies(deps: Pick<AppDeps, 'database' | 'now'>, accountId: number, results: { replyId: number; ok: boolean; error?: string }[]): Promise<AckResult[]> {
  const out: AckResult[] = [];
  for (const result of results) {
    const at = new Date(deps.now());
    out.push(
      await deps.database.db.transaction(async (tx): Promise<AckResult> => {
        const [row] = await tx
          .select()
          .from(channelOutbox)
          .where(and(forAccount(accountId), eq(channelOutbox.sendId, result.replyId)))
          .limit(1)
          .for('update');
        if (!row) return { replyId: result.replyId, status: 'unknown' };
        if (row.status !== 'sending') return { replyId: result.replyId, status: 'ignored' };
        const error = result.ok ? '' : (result.error || ReplyMsg.FAILED).slice(0, 500);
        const status = result.ok ? 'sent' : row.attempts >= MAX_SEND_ATTEMPTS ? 'failed' : 'pending';
        await tx
          .update(channelOutbox)
          .set({
            status,
            error,
            leaseUntil: null,
            ...(status === 'sent' ? { sentTime: at } : {}),
            ...(status === 'pending' ? { nextAttemptTime: new Date(at.getTime() + RETRY_DELAY_MS * row.attempts) } : {}),
          })
          .where(eq(channelOutbox.sendId, row.sendId));
        if (status !== 'pending') {
          await tx
            .update(aiMessage)
            .set({ sendStatus: status, error })
            .where(eq(aiMessage.messageId, row.messageId));
        }
        await logAttempt(tx, row, result.ok, error, at);
        return { replyId: result.replyId, status };
      }),
    );
  }
  return out;
}
