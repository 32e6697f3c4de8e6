import { Code, DEFAULT_API_PREFIX, type ConversationStatus, type MessageSender } from '@acs/shared';

/**
 * The public chat API (docs/ai-service.md §Public chat). Plain fetch, not the console's axios layer:
 * /chat is a small page of its own that never loads the request module, antd or the user store.
 */
export const CHAT_API_BASE: string = import.meta.env.VITE_API_BASE ?? DEFAULT_API_PREFIX;

/** A stored message as the customer sees it (never how it was produced). */
export interface ChatMessage {
  messageId: number;
  seq: number;
  clientMsgId?: string | null;
  sender: MessageSender;
  senderName?: string;
  content: string;
  /** The AI's lead question: the page offers the contact card under it. */
  asksContact?: boolean;
  /** A clarify message's candidate questions (「您是想问」): the page offers them as quick replies. */
  suggestions?: string[];
  createTime: string;
  /** On a live event: the streamed draft (delta tempId) this stored message completes. */
  tempId?: string;
}

export interface ChatAgent {
  name: string;
  avatar: string;
  welcome: string;
  quickQuestions: string[];
  offHours: boolean;
  offHoursText: string;
}

export interface ChatSession {
  visitorId: string;
  visitorToken: string;
  conversation: { conversationId: number; status: ConversationStatus; assigneeName?: string };
  agent: ChatAgent;
  messages: ChatMessage[];
  consentText: string;
}

export interface Visitor {
  visitorId: string;
  visitorToken: string;
}

export interface ContactFields {
  name?: string;
  phone?: string;
  wechat?: string;
}

/** The server answered with an error envelope (its msg is meant for the customer). */
export class ChatApiError extends Error {}

/** fetch failed before any answer: offline, DNS, connection reset. */
export class ChatNetworkError extends Error {}

interface Envelope<T> {
  code: number;
  msg: string;
  data?: T;
}

async function post<T>(path: string, body: object): Promise<T> {
  let res: Response;
  try {
    res = await fetch(CHAT_API_BASE + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json;charset=utf-8' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ChatNetworkError('网络连接失败');
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    throw new ChatApiError(`服务暂时不可用（${res.status}）`);
  }
  if (envelope.code !== Code.SUCCESS) throw new ChatApiError(envelope.msg || '请求失败，请稍后再试');
  return envelope.data as T;
}

export function openSession(agentId: number, visitor?: Visitor, fresh?: boolean): Promise<ChatSession> {
  return post<ChatSession>('/chat/session', { agentId, ...visitor, ...(fresh ? { newConversation: true } : {}) });
}

export function sendChatMessage(body: { conversationId: number; visitorToken: string; clientMsgId: string; content: string }) {
  return post<{ seq: number; messageId: number; duplicate: boolean }>('/chat/message', body);
}

export function requestHandoff(body: { conversationId: number; visitorToken: string }) {
  return post<unknown>('/chat/handoff', body);
}

export function submitContact(body: { conversationId: number; visitorToken: string; consent: true } & ContactFields) {
  return post<unknown>('/chat/contact', body);
}

/** The live stream of a conversation, resuming after `after` (the last seq the page holds). */
export function chatStreamUrl(conversationId: number, visitorToken: string, after: number): string {
  const query = new URLSearchParams({ conversationId: String(conversationId), visitorToken, after: String(after) });
  return `${CHAT_API_BASE}/chat/stream?${query.toString()}`;
}
