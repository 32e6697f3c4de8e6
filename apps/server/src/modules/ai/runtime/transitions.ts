import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { aiConversation } from '../../../db/schema';
import { loadAgentBundle } from '../agent/bundle';
import { isWithinBusinessHours } from '../engine/hours';
import { publishMessages, publishRow, publishStatus } from './events';
import { appendMessages, type ConversationPatch, type ConversationRow, type MessageRow, type NewMessage } from './messages';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'now'>;

export const TransitionMsg = {
  CLOSED: '会话已结束',
  assignedToOther: (name: string) => `该会话正由客服'${name}'接待，不能回复`,
  CUSTOMER_ASKED: '客户要求转人工',
  HANDED_BACK: '已转回AI客服接待',
  ENDED: '会话已结束',
  joined: (nickName: string) => `客服${nickName}已接入`,
  handedOff: (reason: string) => `已转人工（${reason}），等待客服接入`,
} as const;

/** The system note stored when a conversation goes to the staff's queue. */
export const handoffMessages = (reason: string): NewMessage[] => [{ sender: 'system', content: TransitionMsg.handedOff(reason) }];

export interface Staff {
  userId: number;
  nickName: string;
}

interface Change {
  messages: NewMessage[];
  patch: ConversationPatch;
}

/**
 * Reads the conversation under a row lock, lets `decide` refuse (by throwing) or say what changes,
 * stores that, then publishes the new messages and the status. Returns the conversation after the
 * change and the messages stored.
 */
async function transition(
  deps: Deps,
  conversationId: number,
  decide: (conversation: ConversationRow) => Change | null,
): Promise<{ conversation: ConversationRow; rows: MessageRow[] }> {
  const result = await deps.database.db.transaction(async (tx) => {
    const [conversation] = await tx.select().from(aiConversation).where(eq(aiConversation.conversationId, conversationId)).for('update');
    if (!conversation) throw new ServiceError('会话不存在');
    const change = decide(conversation);
    if (!change) return { before: conversation, conversation, rows: [] as MessageRow[] };
    const appended = await appendMessages(tx, conversationId, change.messages, deps.now(), { patch: change.patch });
    // The row was locked above and is not deleted here: the append finds it.
    return { before: conversation, ...(appended as NonNullable<typeof appended>) };
  });
  const { before, conversation, rows } = result;
  await publishMessages(deps, conversation.channel, rows);
  if (before.status !== conversation.status || before.assigneeName !== conversation.assigneeName) await publishStatus(deps, conversation);
  else if (rows.length > 0) await publishRow(deps, conversationId);
  return { conversation, rows };
}

const refuseClosed = (c: ConversationRow) => {
  if (c.status === 'closed') throw new ServiceError(TransitionMsg.CLOSED);
};

const takeoverChange = (staff: Staff): Change => ({
  messages: [{ sender: 'system', content: TransitionMsg.joined(staff.nickName) }],
  patch: { status: 'human', assigneeId: staff.userId, assigneeName: staff.nickName.slice(0, 30) },
});

/** Staff take the conversation (from the AI, the queue or a colleague). */
export function takeover(deps: Deps, conversationId: number, staff: Staff) {
  return transition(deps, conversationId, (c) => {
    refuseClosed(c);
    if (c.status === 'human' && c.assigneeId === staff.userId) return null;
    return takeoverChange(staff);
  });
}

/**
 * A staff message to the customer. Replying to a conversation the AI or the queue holds takes it
 * over first; one a colleague is answering is refused.
 */
export function staffReply(deps: Deps, conversationId: number, staff: Staff, content: string) {
  return transition(deps, conversationId, (c) => {
    refuseClosed(c);
    const message: NewMessage = { sender: 'staff', senderId: staff.userId, senderName: staff.nickName.slice(0, 30), content };
    if (c.status === 'human') {
      if (c.assigneeId !== staff.userId) throw new ServiceError(TransitionMsg.assignedToOther(c.assigneeName));
      return { messages: [message], patch: {} };
    }
    const take = takeoverChange(staff);
    return { messages: [...take.messages, message], patch: take.patch };
  });
}

/** The AI answers again; its count of unanswered messages starts over. */
export function handback(deps: Deps, conversationId: number) {
  return transition(deps, conversationId, (c) => {
    refuseClosed(c);
    if (c.status === 'ai') return null;
    return {
      messages: [{ sender: 'system', content: TransitionMsg.HANDED_BACK }],
      patch: { status: 'ai', assigneeId: null, assigneeName: '', handoffReason: '', failures: 0 },
    };
  });
}

export function closeConversation(deps: Deps, conversationId: number) {
  const now = deps.now();
  return transition(deps, conversationId, (c) => {
    refuseClosed(c);
    return { messages: [{ sender: 'system', content: TransitionMsg.ENDED }], patch: { status: 'closed', closeTime: new Date(now) } };
  });
}

/**
 * The customer asks for a human (/chat's button): outside business hours the off-hours text
 * answers and the AI keeps the conversation; otherwise the agent's handoff reply and a note, and the
 * conversation waits for staff. Asking again while waiting or with staff changes nothing.
 */
export async function requestHandoff(deps: Deps, conversation: ConversationRow): Promise<{ status: string; offHours: boolean }> {
  const bundle = await loadAgentBundle(deps, conversation.agentId);
  const hours = bundle?.row.businessHours;
  const offHours = Boolean(hours?.enabled && !isWithinBusinessHours(hours, deps.now()));
  const { conversation: after } = await transition(deps, conversation.conversationId, (c) => {
    refuseClosed(c);
    if (c.status !== 'ai') return null;
    if (offHours && hours) return { messages: [{ sender: 'ai', content: hours.offHoursText, hit: { type: 'offHours' } }], patch: {} };
    const reply = bundle?.row.handoff.handoffReply ?? '';
    return {
      messages: [...(reply ? [{ sender: 'ai' as const, content: reply, hit: { type: 'handoff' as const } }] : []), ...handoffMessages(TransitionMsg.CUSTOMER_ASKED)],
      patch: { status: 'waiting', handoffReason: TransitionMsg.CUSTOMER_ASKED },
    };
  });
  return { status: after.status, offHours };
}

/**
 * A channel account's reply policy wants a person now (仅人工回复, or working hours under
 * 非工作时间AI回复): the conversation goes to the staff's queue without an AI word. Not in 'ai': nothing changes.
 */
export function holdForStaff(deps: Deps, conversationId: number, reason: string) {
  return transition(deps, conversationId, (c) => {
    if (c.status !== 'ai') return null;
    return { messages: handoffMessages(reason), patch: { status: 'waiting', handoffReason: reason.slice(0, 100) } };
  });
}
