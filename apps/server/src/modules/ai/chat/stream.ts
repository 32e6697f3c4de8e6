import type { ConversationStatus } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { conversationChannel, type ConversationEvent } from '../runtime/events';
import { messagesAfter, publicMessage, type ConversationRow } from '../runtime/messages';
import type { EventStream } from '../runtime/sse';

/** Replay page size: a long-lost page catches up in a few reads. */
const REPLAY_PAGE = 500;

/** The SSE event for a conversation event: the event's type names it, the rest is its data. */
function send(stream: EventStream, event: ConversationEvent) {
  if (event.type === 'message') {
    stream.send('message', { ...event.message, ...(event.tempId ? { tempId: event.tempId } : {}) }, event.message.seq);
  } else {
    const { type, ...data } = event;
    stream.send(type, data);
  }
}

/**
 * Feeds a customer's stream: every stored message after `after`, the conversation's status (a
 * change made while the page was away is not lost either), then live events. Live events are
 * subscribed before the replay is read and held until it is sent, and each message goes out once
 * by seq, so a reconnect neither loses nor repeats a message.
 */
export async function followConversation(
  deps: Pick<AppDeps, 'database' | 'pubsub'>,
  stream: EventStream,
  conversation: Pick<ConversationRow, 'conversationId' | 'status' | 'assigneeName'>,
  after: number,
) {
  const { conversationId } = conversation;
  const sent = new Set<number>();
  let held: ConversationEvent[] | null = [];
  const emit = (event: ConversationEvent) => {
    if (event.type === 'message') {
      if (sent.has(event.message.seq)) return;
      sent.add(event.message.seq);
    }
    send(stream, event);
  };
  const unsubscribe = deps.pubsub.subscribe(conversationChannel(conversationId), (event) => {
    // Events on this channel are published by the runtime only, in the ConversationEvent shape.
    const e = event as ConversationEvent;
    if (held) held.push(e);
    else emit(e);
  });
  stream.onClose(unsubscribe);
  await unsubscribe.ready;

  let from = after;
  for (;;) {
    const rows = await messagesAfter(deps.database.db, conversationId, from, REPLAY_PAGE);
    if (stream.closed) return;
    for (const row of rows) emit({ type: 'message', message: publicMessage(row) });
    if (rows.length < REPLAY_PAGE) break;
    from = rows[rows.length - 1].seq;
  }
  emit({ type: 'status', status: conversation.status as ConversationStatus, assigneeName: conversation.assigneeName });
  const live = held;
  held = null;
  for (const e of live) emit(e);
}
