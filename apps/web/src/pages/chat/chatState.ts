import type { ConversationStatus } from '@acs/shared';
import type { ChatMessage } from '../../api/chat';

/**
 * What the /chat page shows, kept as pure transitions so replays after a reconnect, echoes of the
 * customer's own messages and streamed drafts can be checked without a browser.
 */

/** A message the customer typed that the server has not stored yet. */
export interface OutgoingMessage {
  clientMsgId: string;
  content: string;
  /** sending: on its way · queued: waits for the connection · failed: shows 重发 */
  state: 'sending' | 'queued' | 'failed';
  error?: string;
  createdAt: number;
}

/** An AI reply still streaming in (`delta` events) before its stored `message` arrives. */
export interface Draft {
  tempId: string;
  messageId?: number;
  text: string;
}

export interface ChatState {
  /** Stored messages in seq order, each seq once. */
  messages: ChatMessage[];
  lastSeq: number;
  outgoing: OutgoingMessage[];
  drafts: Draft[];
  typing: { ai: boolean; staff: boolean };
  status: ConversationStatus;
  assigneeName: string;
}

export type ChatAction =
  | { type: 'reset'; messages: ChatMessage[]; status: ConversationStatus; assigneeName?: string }
  | { type: 'message'; message: ChatMessage }
  | { type: 'delta'; tempId: string; messageId?: number; text: string }
  | { type: 'typing'; sender: 'ai' | 'staff'; on: boolean }
  | { type: 'status'; status: ConversationStatus; assigneeName?: string }
  | { type: 'send'; clientMsgId: string; content: string; now: number; queued: boolean }
  | { type: 'outgoing'; clientMsgId: string; state: OutgoingMessage['state']; error?: string };

export const initialChatState: ChatState = {
  messages: [],
  lastSeq: 0,
  outgoing: [],
  drafts: [],
  typing: { ai: false, staff: false },
  status: 'ai',
  assigneeName: '',
};

function insertMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((m) => m.seq === message.seq || m.messageId === message.messageId)) return messages;
  const at = messages.findIndex((m) => m.seq > message.seq);
  if (at === -1) return [...messages, message];
  return [...messages.slice(0, at), message, ...messages.slice(at)];
}

/**
 * The draft a stored AI message completes: the one with its tempId or id, else the oldest (replies
 * stream one at a time).
 */
function withoutDraftOf(drafts: Draft[], message: ChatMessage): Draft[] {
  if (message.sender !== 'ai' || drafts.length === 0) return drafts;
  const named = drafts.findIndex((d) => (message.tempId && d.tempId === message.tempId) || d.messageId === message.messageId);
  const drop = named === -1 ? 0 : named;
  return drafts.filter((_, i) => i !== drop);
}

function applyMessage(state: ChatState, message: ChatMessage): ChatState {
  const messages = insertMessage(state.messages, message);
  if (messages === state.messages) return state;
  return {
    ...state,
    messages,
    lastSeq: Math.max(state.lastSeq, message.seq),
    outgoing: message.clientMsgId ? state.outgoing.filter((o) => o.clientMsgId !== message.clientMsgId) : state.outgoing,
    drafts: withoutDraftOf(state.drafts, message),
    typing: message.sender === 'ai' || message.sender === 'staff' ? { ...state.typing, [message.sender]: false } : state.typing,
  };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    // A (re)opened session: the stored history replaces everything, including sends of an earlier conversation.
    case 'reset': {
      const sorted = [...action.messages].sort((a, b) => a.seq - b.seq);
      const base: ChatState = {
        ...initialChatState,
        status: action.status,
        assigneeName: action.assigneeName ?? '',
      };
      return sorted.reduce(applyMessage, base);
    }
    case 'message':
      return applyMessage(state, action.message);
    case 'delta': {
      // A late chunk of a reply already stored must not bring its draft back.
      if (action.messageId !== undefined && state.messages.some((m) => m.messageId === action.messageId)) return state;
      const existing = state.drafts.find((d) => d.tempId === action.tempId);
      const drafts = existing
        ? state.drafts.map((d) => (d === existing ? { ...d, text: d.text + action.text, messageId: action.messageId ?? d.messageId } : d))
        : [...state.drafts, { tempId: action.tempId, messageId: action.messageId, text: action.text }];
      return { ...state, drafts, typing: { ...state.typing, ai: false } };
    }
    case 'typing':
      return { ...state, typing: { ...state.typing, [action.sender]: action.on } };
    case 'status':
      return {
        ...state,
        status: action.status,
        assigneeName: action.assigneeName ?? state.assigneeName,
        // A closed conversation answers nothing more, and the server drops an AI answer still streaming
        // when staff take over: its half-written bubble must go too.
        ...(action.status === 'closed' ? { drafts: [], typing: { ai: false, staff: false } } : {}),
        ...(action.status === 'human' ? { drafts: [], typing: { ...state.typing, ai: false } } : {}),
      };
    case 'send':
      if (state.outgoing.some((o) => o.clientMsgId === action.clientMsgId)) return state;
      return {
        ...state,
        outgoing: [
          ...state.outgoing,
          { clientMsgId: action.clientMsgId, content: action.content, state: action.queued ? 'queued' : 'sending', createdAt: action.now },
        ],
      };
    case 'outgoing':
      return {
        ...state,
        outgoing: state.outgoing.map((o) =>
          o.clientMsgId === action.clientMsgId ? { ...o, state: action.state, error: action.error } : o,
        ),
      };
  }
}

/** Messages closer than this share one time label. */
export const TIME_GROUP_MS = 5 * 60_000;

/** Whether a time label goes above the message at `time`, given the previous message's time. */
export function startsTimeGroup(previous: number | undefined, time: number): boolean {
  return previous === undefined || time - previous >= TIME_GROUP_MS;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:mm' today, '昨天 HH:mm', else 'M月D日 HH:mm' (the customer's own clock). */
export function timeLabel(time: number, now: number): string {
  const d = new Date(time);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  if (time >= today.getTime()) return hm;
  if (time >= today.getTime() - 86_400_000) return `昨天 ${hm}`;
  return `${d.getMonth() + 1}月${d.getDate()}日 ${hm}`;
}

/** Server times are 'YYYY-MM-DD HH:mm:ss' in China time (RuoYi style) or ISO strings. */
export function parseServerTime(text: string): number {
  const plain = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (plain) {
    const [, y, mo, d, h, mi, s] = plain.map(Number);
    return Date.UTC(y, mo - 1, d, h - 8, mi, s);
  }
  const parsed = Date.parse(text);
  return Number.isNaN(parsed) ? Date.now() : parsed;
}
