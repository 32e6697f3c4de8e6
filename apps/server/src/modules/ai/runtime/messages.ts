import { and, asc, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { CapturedField, MessageHit, MessageSender } from '@acs/shared';
import type { Db } from '../../../db/client';
import { aiConversation, aiMessage } from '../../../db/schema';
import type { Executor } from '../../crm/capture';
import { enqueuePlatformSends } from '../../channel/outbox';
import { LEAD_ASK_HIT_NAME } from '../engine/plan';

export type ConversationRow = typeof aiConversation.$inferSelect;
export type MessageRow = typeof aiMessage.$inferSelect;

export interface NewMessage {
  sender: MessageSender;
  content: string;
  senderId?: number | null;
  senderName?: string;
  clientMsgId?: string | null;
  hit?: MessageHit | null;
  promptTokens?: number;
  completionTokens?: number;
  latencyMs?: number;
  sendStatus?: 'sent' | 'failed';
  error?: string;
  leadFields?: CapturedField[];
}

/** What a conversation's row keeps of its newest message (the list column is 200 characters). */
const LAST_MESSAGE_MAX = 200;

/** Conversation columns to change along with the append (state counters, status…), as values or SQL. */
export type ConversationPatch = { [K in keyof ConversationRow]?: ConversationRow[K] | SQL };

/**
 * Appends messages to a conversation with the next sequence numbers. The UPDATE that takes the
 * numbers locks the conversation row until the caller's transaction ends, so concurrent writers
 * (the AI, a staff reply, a system note) never get the same seq. Returns the conversation as it
 * is after the update, or null when it is missing or not in the state `onlyIf` asks for: 'open' (not
 * closed) for what the customer sends, 'ai' for the AI's answer (staff may have taken over meanwhile).
 * On Douyin and BOSS conversations the AI's and staff's messages are queued for the platform in the
 * same transaction (channel/outbox.ts); the caller kicks the send workers after its commit.
 */
export async function appendMessages(
  tx: Executor,
  conversationId: number,
  messages: NewMessage[],
  now: number,
  opts: { patch?: ConversationPatch; onlyIf?: 'open' | 'ai' } = {},
): Promise<{ conversation: ConversationRow; rows: MessageRow[] } | null> {
  const at = new Date(now);
  const last = messages[messages.length - 1];
  const [conversation] = await tx
    .update(aiConversation)
    .set({
      ...opts.patch,
      lastSeq: sql`${aiConversation.lastSeq} + ${messages.length}`,
      ...(last ? { lastMessage: last.content.slice(0, LAST_MESSAGE_MAX), lastMessageTime: at } : {}),
    })
    .where(
      and(
        eq(aiConversation.conversationId, conversationId),
        opts.onlyIf === 'open' ? sql`${aiConversation.status} <> 'closed'` : undefined,
        opts.onlyIf === 'ai' ? eq(aiConversation.status, 'ai') : undefined,
      ),
    )
    .returning();
  if (!conversation) return null;
  if (messages.length === 0) return { conversation, rows: [] };
  const first = conversation.lastSeq - messages.length + 1;
  const rows = await tx
    .insert(aiMessage)
    .values(
      messages.map((m, i) => ({
        conversationId,
        seq: first + i,
        clientMsgId: m.clientMsgId ?? null,
        sender: m.sender,
        senderId: m.senderId ?? null,
        senderName: m.senderName ?? '',
        content: m.content,
        hit: m.hit ?? null,
        promptTokens: m.promptTokens ?? 0,
        completionTokens: m.completionTokens ?? 0,
        latencyMs: m.latencyMs ?? 0,
        sendStatus: m.sendStatus ?? 'sent',
        error: m.error ?? '',
        leadFields: m.leadFields ?? [],
        createTime: at,
      })),
    )
    .onConflictDoNothing({ target: [aiMessage.conversationId, aiMessage.clientMsgId] })
    .returning();
  await enqueuePlatformSends(tx, conversation, rows, at);
  return { conversation, rows };
}

/** Messages after a seq, oldest first (a stream's replay after a reconnect). */
export function messagesAfter(db: Db, conversationId: number, afterSeq: number, limit = 1000): Promise<MessageRow[]> {
  return db
    .select()
    .from(aiMessage)
    .where(and(eq(aiMessage.conversationId, conversationId), gt(aiMessage.seq, afterSeq)))
    .orderBy(asc(aiMessage.seq))
    .limit(limit);
}

/** The newest `limit` messages, oldest first. */
export async function latestMessages(db: Db, conversationId: number, limit: number): Promise<MessageRow[]> {
  const rows = await db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId)).orderBy(desc(aiMessage.seq)).limit(limit);
  return rows.reverse();
}

/** What the visitor sees of a message: never how it was produced (rule ids, errors, tokens). */
export interface PublicMessage {
  messageId: number;
  seq: number;
  /** The sender's own id of a customer message, so the page can match its pending bubble. */
  clientMsgId: string | null;
  sender: string;
  senderName: string;
  content: string;
  /** The AI asked for contact details (lead goal): the page offers its contact card under it. */
  asksContact: boolean;
  /**
   * A clarify message's candidate questions in the order numbered in its content: the page offers them as
   * quick replies. Only the questions: their entries' ids and scores stay with the staff.
   */
  suggestions: string[];
  createTime: Date;
}

export const publicMessage = (m: MessageRow): PublicMessage => ({
  messageId: m.messageId,
  seq: m.seq,
  clientMsgId: m.clientMsgId,
  sender: m.sender,
  senderName: m.senderName,
  content: m.content,
  asksContact: m.hit?.type === 'leadAsk' && m.hit.name === LEAD_ASK_HIT_NAME,
  suggestions: m.hit?.type === 'clarify' ? (m.hit.candidates ?? []).map((c) => c.name) : [],
  createTime: m.createTime,
});
