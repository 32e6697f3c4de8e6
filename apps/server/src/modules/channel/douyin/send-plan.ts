import { and, count, desc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { aiMessage, channelEvent, channelOutbox } from '../../../db/schema';
import { DOUYIN_SCENES } from '../../../infra/douyin/constants';
import { parseWebhookBody } from '../../../infra/douyin/events';
import type { SendTextMessage } from '../../../infra/douyin/im';
import { LimitReason, windowRefusal, type DouyinLimits } from './limits';
import type { DouyinAccountRecord } from './store';

type Deps = Pick<AppDeps, 'database' | 'now'>;
export type OutboxRow = typeof channelOutbox.$inferSelect;

/** A send as planned: everything but the account's token, which is opened only for the call. */
export type SendableMessage = Omit<SendTextMessage, 'accessToken'>;

/** What to do with a claimed message: send it, or not, and why. */
export type SendPlan = { type: 'send'; message: SendableMessage } | { type: 'skip'; reason: string; scene: string; replyTo: string };

const ENTER = DOUYIN_SCENES.enter;
const REPLY = DOUYIN_SCENES.reply;
/** The event type of a received message (the reply scene's name differs from it). */
const RECEIVE_EVENT = 'im_receive_msg';

/**
 * The latest event of this customer with this account, of the given kinds, received since `since`: it carries
 * the platform's conversation id the send needs. Bounded by receive time (indexed) to the longest window.
 */
async function latestEvent(deps: Deps, record: DouyinAccountRecord, customer: string, types: string[], since: number) {
  const [row] = await deps.database.db
    .select({ payload: channelEvent.payload, receivedTime: channelEvent.receivedTime })
    .from(channelEvent)
    .where(
      and(
        eq(channelEvent.platform, 'douyin'),
        eq(channelEvent.sourceId, record.app.appId),
        inArray(channelEvent.eventType, types),
        gte(channelEvent.receivedTime, new Date(since)),
        sql`${channelEvent.payload}->>'from_user_id' = ${customer}`,
        sql`${channelEvent.payload}->>'to_user_id' = ${record.douyin.openId}`,
      ),
    )
    .orderBy(desc(channelEvent.eventId))
    .limit(1);
  if (!row) return null;
  const parsed = parseWebhookBody(row.payload);
  const conversationId = parsed.type === 'event' && parsed.event.type !== 'unknown' ? parsed.event.conversationId : undefined;
  return conversationId ? { conversationId, receivedTime: row.receivedTime.getTime() } : null;
}

/** The customer's latest message in the conversation: the one a reply answers (its platform id is client_msg_id). */
async function latestCustomerMessage(deps: Deps, conversationId: number) {
  const [row] = await deps.database.db
    .select({ clientMsgId: aiMessage.clientMsgId, createTime: aiMessage.createTime })
    .from(aiMessage)
    .where(and(eq(aiMessage.conversationId, conversationId), eq(aiMessage.sender, 'customer'), isNotNull(aiMessage.clientMsgId)))
    .orderBy(desc(aiMessage.seq))
    .limit(1);
  return row?.clientMsgId ? { msgId: row.clientMsgId, at: row.createTime.getTime() } : null;
}

async function sentCount(deps: Deps, row: OutboxRow, scene: string, extra: SQL) {
  const [r] = await deps.database.db
    .select({ n: count() })
    .from(channelOutbox)
    .where(and(eq(channelOutbox.conversationId, row.conversationId), eq(channelOutbox.scene, scene), eq(channelOutbox.status, 'sent'), extra));
  return r?.n ?? 0;
}

/**
 * Decides how a queued message may go out under the platform's rules (docs/channels.md §Douyin: events and
 * sending). A greeting queued with the enter scene goes out within the enter window and cap, measured from
 * the enter event; everything else is a reply to the customer's latest message, within the reply window
 * from that message and the cap of replies to it.
 */
export async function planSend(deps: Deps, row: OutboxRow, record: DouyinAccountRecord, limits: DouyinLimits): Promise<SendPlan> {
  const now = deps.now();
  const base = { accountOpenId: record.douyin.openId, toUserId: row.toUser, text: row.content };
  if (row.scene === ENTER) {
    const limit = limits.enter;
    const entered = await latestEvent(deps, record, row.toUser, [ENTER], now - limit.windowMs);
    if (!entered) return { type: 'skip', reason: LimitReason.enterWindow(limit), scene: ENTER, replyTo: '' };
    const sentSoFar = await sentCount(deps, row, ENTER, gte(channelOutbox.sentTime, new Date(entered.receivedTime)));
    const refusal = windowRefusal('enter', limit, { openedAt: entered.receivedTime, sentSoFar }, now);
    if (refusal) return { type: 'skip', reason: refusal, scene: ENTER, replyTo: '' };
    return { type: 'send', message: { ...base, conversationId: entered.conversationId, scene: 'enter' } };
  }
  const limit = limits.reply;
  const customer = await latestCustomerMessage(deps, row.conversationId);
  if (!customer) return { type: 'skip', reason: LimitReason.NO_CUSTOMER_MESSAGE, scene: REPLY, replyTo: '' };
  const sentSoFar = await sentCount(deps, row, REPLY, eq(channelOutbox.replyTo, customer.msgId));
  const refusal = windowRefusal('reply', limit, { openedAt: customer.at, sentSoFar }, now);
  if (refusal) return { type: 'skip', reason: refusal, scene: REPLY, replyTo: customer.msgId };
  const talk = await latestEvent(deps, record, row.toUser, [RECEIVE_EVENT, ENTER], customer.at - limit.windowMs);
  if (!talk) return { type: 'skip', reason: LimitReason.NO_DOUYIN_CONVERSATION, scene: REPLY, replyTo: customer.msgId };
  return { type: 'send', message: { ...base, conversationId: talk.conversationId, replyToMsgId: customer.msgId, scene: 'reply' } };
}
