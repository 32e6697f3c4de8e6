import type { AppDeps } from '../../app';
import { channelOutbox } from '../../db/schema';
import type { Executor } from '../crm/capture';

/** Conversations on these channels are answered on the platform: what the AI or staff say there must go out. */
const PLATFORM_CHANNELS = new Set(['douyin', 'boss']);

/** A woken send worker looks at the outbox at once instead of at its next poll. */
export const OUTBOX_KICK_CHANNEL = 'channel:outbox';

interface OutgoingConversation {
  conversationId: number;
  channel: string;
  accountId: number | null;
  /** The customer's platform id (Douyin open_id, BOSS candidate id). */
  visitorId: string;
}

interface OutgoingMessage {
  messageId: number;
  sender: string;
  senderId: number | null;
  content: string;
}

/**
 * Queues the AI's and staff's messages of a platform conversation for delivery, in the caller's
 * transaction: a message is stored and queued together or not at all. System notes stay in the console.
 * Returns how many were queued (the caller kicks the workers after its commit).
 */
export async function enqueuePlatformSends(tx: Executor, conversation: OutgoingConversation, messages: OutgoingMessage[], at: Date): Promise<number> {
  if (!PLATFORM_CHANNELS.has(conversation.channel) || conversation.accountId === null) return 0;
  const outgoing = messages.filter((m) => m.sender === 'ai' || m.sender === 'staff');
  if (outgoing.length === 0) return 0;
  await tx.insert(channelOutbox).values(
    outgoing.map((m) => ({
      platform: conversation.channel,
      accountId: conversation.accountId as number,
      conversationId: conversation.conversationId,
      messageId: m.messageId,
      toUser: conversation.visitorId,
      content: m.content,
      sendSource: m.sender === 'staff' ? 'manual' : 'ai_auto',
      operatorId: m.sender === 'staff' ? m.senderId : null,
      nextAttemptTime: at,
      createTime: at,
    })),
  );
  return outgoing.length;
}

/** Tells every instance's send workers that messages are due (best effort: they also poll). */
export async function kickOutbox(deps: Pick<AppDeps, 'pubsub'>, platform: string): Promise<void> {
  if (PLATFORM_CHANNELS.has(platform)) await deps.pubsub.publish(OUTBOX_KICK_CHANNEL, { platform });
}
