import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { channelEvent } from '../../../db/schema';
import { receivePlatformMessage } from '../conversation';
import { ensureCandidate, followCustomer, jobByExternalId } from './candidates';
import type { ConnectorAccount } from './connector-account';
import type { PushedMessage } from './connector-schema';
import { greetNewCandidate } from './greeting';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'> & { log: { error: (obj: object, msg: string) => void } };

/** How long one message may be in processing before a redelivery may take it over (a crashed instance). */
const PROCESSING_LEASE_MS = 60_000;

export const InboundMsg = {
  NO_AGENT: '该账号和职位都未设置AI客服，消息未处理',
  FAILED: '消息处理失败',
} as const;

export type MessageResult =
  | { msgId: string; status: 'accepted'; conversationId: number; answered: boolean }
  | { msgId: string; status: 'duplicate' }
  | { msgId: string; status: 'failed'; error: string };

/**
 * Stores the pushed message as a BOSS event (account, client msgId) and takes it for processing. A
 * message already done, or being processed by another request, is a duplicate; one that failed, or
 * whose processor vanished past its lease, is taken again (the turn itself stores a message once).
 */
async function takeEvent(deps: Deps, accountId: number, m: PushedMessage): Promise<number | null> {
  const { db } = deps.database;
  const at = new Date(deps.now());
  const lease = new Date(deps.now() + PROCESSING_LEASE_MS);
  const [inserted] = await db
    .insert(channelEvent)
    .values({ platform: 'boss', sourceId: accountId, externalId: m.msgId, eventType: 'message', payload: m, status: 'processing', attempts: 1, leaseUntil: lease, receivedTime: at })
    .onConflictDoNothing()
    .returning({ eventId: channelEvent.eventId });
  if (inserted) return inserted.eventId;
  const [retaken] = await db
    .update(channelEvent)
    .set({ status: 'processing', attempts: sql`${channelEvent.attempts} + 1`, leaseUntil: lease })
    .where(
      and(
        eq(channelEvent.platform, 'boss'),
        eq(channelEvent.sourceId, accountId),
        eq(channelEvent.externalId, m.msgId),
        or(inArray(channelEvent.status, ['pending', 'failed']), and(eq(channelEvent.status, 'processing'), lt(channelEvent.leaseUntil, at))),
      ),
    )
    .returning({ eventId: channelEvent.eventId });
  return retaken?.eventId ?? null;
}

async function finishEvent(deps: Deps, eventId: number, outcome: { conversationId: number } | { error: string }) {
  await deps.database.db
    .update(channelEvent)
    .set({
      status: 'error' in outcome ? 'failed' : 'done',
      error: 'error' in outcome ? outcome.error.slice(0, 500) : '',
      conversationId: 'conversationId' in outcome ? outcome.conversationId : null,
      leaseUntil: null,
      processedTime: new Date(deps.now()),
    })
    .where(eq(channelEvent.eventId, eventId));
}

/**
 * One candidate message: the job it came through gives the agent (else the account's), a candidate new
 * to the account is recorded (and greeted when the account has a default template), then the turn. A
 * paused account keeps the message in the conversation but the AI does not answer it.
 */
async function processMessage(deps: Deps, account: ConnectorAccount, m: PushedMessage): Promise<{ conversationId: number; answered: boolean }> {
  const job = await jobByExternalId(deps, account.accountId, m.jobId);
  const agentId = job?.agentId ?? account.agentId;
  if (!agentId) throw new ServiceError(InboundMsg.NO_AGENT);
  await greetNewCandidate(deps, account, await ensureCandidate(deps, account, { candidateId: m.candidateId, name: m.candidateName, jobId: job?.jobId ?? null }), job);
  const turn = await receivePlatformMessage(deps, {
    platform: 'boss',
    accountId: account.accountId,
    agentId,
    uid: m.candidateId,
    externalMsgId: m.msgId,
    text: m.text,
    replyPolicy: 'ai',
    answer: !account.paused,
  });
  await followCustomer(deps, account.accountId, m.candidateId, turn.conversation.customerId);
  return { conversationId: turn.conversation.conversationId, answered: turn.replies.some((r) => r.sender === 'ai') };
}

/** A push of candidate messages, in order; each answered in this request (bounded by MESSAGES_PER_PUSH). */
export async function receiveMessages(deps: Deps, account: ConnectorAccount, messages: PushedMessage[]): Promise<MessageResult[]> {
  const results: MessageResult[] = [];
  for (const m of messages) {
    const eventId = await takeEvent(deps, account.accountId, m);
    if (eventId === null) {
      results.push({ msgId: m.msgId, status: 'duplicate' });
      continue;
    }
    try {
      const outcome = await processMessage(deps, account, m);
      await finishEvent(deps, eventId, { conversationId: outcome.conversationId });
      results.push({ msgId: m.msgId, status: 'accepted', ...outcome });
    } catch (err) {
      const error = err instanceof ServiceError ? err.message : InboundMsg.FAILED;
      if (!(err instanceof ServiceError)) deps.log.error({ err, accountId: account.accountId, eventId }, 'boss message failed');
      await finishEvent(deps, eventId, { error });
      results.push({ msgId: m.msgId, status: 'failed', error });
    }
  }
  return results;
}
