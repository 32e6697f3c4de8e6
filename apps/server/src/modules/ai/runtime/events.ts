import type { ConversationStatus } from '@acs/shared';
import { kickOutbox } from '../../channel/outbox';
import type { CaptureResult } from '../../crm/capture';
import type { AppDeps } from '../../../app';
import { conversationRow, type ConversationListRow } from '../conversation/rows';
import { publicMessage, type MessageRow, type PublicMessage } from './messages';

/** One conversation's live events, followed by the customer's /chat stream. */
export const conversationChannel = (conversationId: number) => `chat:conv:${conversationId}`;
/** Every conversation's changes, followed by the staff's 在线会话 screen. */
export const STAFF_CHANNEL = 'chat:staff';

export type ConversationEvent =
  /** `tempId` names the streamed draft (delta events) this stored message replaces. */
  | { type: 'message'; message: PublicMessage; tempId?: string }
  | { type: 'delta'; tempId: string; text: string }
  | { type: 'status'; status: ConversationStatus; assigneeName: string }
  | { type: 'typing'; sender: 'ai' | 'staff'; on: boolean };

export type StaffEvent =
  | { type: 'conversation'; row: ConversationListRow }
  | { type: 'message'; conversationId: number; message: MessageRow }
  | { type: 'lead'; leadId: number; customerId: number; conversationId: number; created: boolean };

type Deps = Pick<AppDeps, 'pubsub' | 'database'>;

/** Debug-chat conversations are private to the debug dialog: nothing about them goes live. */
const isLive = (channel: string) => channel !== 'debug';

export function publishToConversation(deps: Pick<AppDeps, 'pubsub'>, conversationId: number, event: ConversationEvent) {
  return deps.pubsub.publish(conversationChannel(conversationId), event);
}

export function publishToStaff(deps: Pick<AppDeps, 'pubsub'>, event: StaffEvent) {
  return deps.pubsub.publish(STAFF_CHANNEL, event);
}

/**
 * Stored messages to the customer's stream (public view) and the staff's (full rows); on a platform
 * channel the send workers are woken for what appendMessages queued.
 */
export async function publishMessages(deps: Deps, channel: string, messages: MessageRow[], tempId?: string): Promise<void> {
  if (!isLive(channel)) return;
  for (const message of messages) {
    await publishToConversation(deps, message.conversationId, { type: 'message', message: publicMessage(message), ...(tempId ? { tempId } : {}) });
    await publishToStaff(deps, { type: 'message', conversationId: message.conversationId, message });
  }
  if (messages.some((m) => m.sender === 'ai' || m.sender === 'staff')) await kickOutbox(deps, channel);
}

/** The conversation's list row as it is now, for the staff's list. */
export async function publishRow(deps: Deps, conversationId: number): Promise<void> {
  const row = await conversationRow(deps, conversationId);
  if (row && isLive(row.channel)) await publishToStaff(deps, { type: 'conversation', row });
}

/** A status change: the customer's stream hears the status, the staff's list gets the row. */
export async function publishStatus(
  deps: Deps,
  conversation: { conversationId: number; channel: string; status: string; assigneeName: string },
): Promise<void> {
  if (!isLive(conversation.channel)) return;
  await publishToConversation(deps, conversation.conversationId, {
    type: 'status',
    status: conversation.status as ConversationStatus,
    assigneeName: conversation.assigneeName,
  });
  await publishRow(deps, conversation.conversationId);
}

/** A lead created or completed by captured fields: the staff's screens show it at once. */
export async function publishCapture(deps: Deps, conversationId: number, capture: CaptureResult | null): Promise<void> {
  if (!capture?.leadId) return;
  await publishToStaff(deps, { type: 'lead', leadId: capture.leadId, customerId: capture.customerId, conversationId, created: capture.leadCreated });
}
