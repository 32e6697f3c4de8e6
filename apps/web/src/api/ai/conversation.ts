import type { CapturedField, Channel, ConversationStatus, LeadStatus, MessageHit, MessageSender } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { baseURL, http } from '../../utils/request';

/** A row of 在线会话 (docs/ai-service.md §在线会话). */
export interface ConversationRow {
  conversationId: number;
  agentId: number;
  agentName: string;
  channel: Channel | 'debug';
  visitorId: string;
  customerId: number | null;
  customerName: string;
  phone: string;
  status: ConversationStatus;
  assigneeName: string;
  turns: number;
  lastMessage: string;
  lastMessageTime: string | null;
  createTime: string;
}

export interface ConversationMessage {
  messageId: number;
  conversationId: number;
  seq: number;
  sender: MessageSender;
  senderName: string;
  content: string;
  hit: MessageHit | null;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  sendStatus: string;
  error: string;
  leadFields: CapturedField[];
  createTime: string;
}

export interface ConversationCustomer {
  customerId: number;
  name: string;
  phone: string;
  phoneMasked: string;
  wechat: string;
  source: string;
}

export interface ConversationLead {
  leadId: number;
  name: string;
  phone: string;
  phoneMasked: string;
  wechat: string;
  fields: CapturedField[];
  status: LeadStatus;
  capturedTime: string;
}

export interface ConversationDetail {
  conversation: ConversationRow & { handoffReason?: string };
  messages: ConversationMessage[];
  customer: ConversationCustomer | null;
  lead: ConversationLead | null;
}

export interface ConversationQuery {
  pageNum?: number;
  pageSize?: number;
  status?: ConversationStatus;
  agentId?: number;
  channel?: string;
  keyword?: string;
}

/** Live events of GET /ai/conversation/stream. */
export type StaffEvent =
  | { type: 'conversation'; row: ConversationRow }
  | { type: 'message'; conversationId: number; message: ConversationMessage }
  /** A lead created or completed from captured fields. */
  | { type: 'lead'; conversationId: number; leadId: number; customerId: number; created: boolean };

export function listConversation(query: ConversationQuery) {
  return http.get<TableResult<ConversationRow>>('/ai/conversation/list', query);
}

export function getConversation(id: number) {
  return http.get<AjaxResult<ConversationDetail>>(`/ai/conversation/${id}`);
}

export function takeoverConversation(id: number) {
  return http.post<AjaxResult>(`/ai/conversation/${id}/takeover`, {}, { repeatSubmit: false });
}

export function handbackConversation(id: number) {
  return http.post<AjaxResult>(`/ai/conversation/${id}/handback`, {}, { repeatSubmit: false });
}

export function closeConversation(id: number) {
  return http.post<AjaxResult>(`/ai/conversation/${id}/close`, {}, { repeatSubmit: false });
}

export function replyConversation(id: number, content: string) {
  return http.post<AjaxResult>(`/ai/conversation/${id}/reply`, { content });
}

export const CONVERSATION_EXPORT_URL = '/ai/conversation/export';
export const CONVERSATION_STREAM_URL = `${baseURL}/ai/conversation/stream`;
