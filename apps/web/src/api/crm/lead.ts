import type { CapturedField, Channel, FollowupResult, LeadEventKind, LeadSource, LeadStatus, MessageSender } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** A row of 客户留资 (GET /crm/lead/list). */
export interface LeadRow {
  leadId: number;
  customerId: number;
  customerName: string;
  name: string;
  /** Empty for users without crm:customer:phone; phoneMasked then shows the number. */
  phone: string;
  phoneMasked: string;
  wechat: string;
  fields: CapturedField[];
  /** The conversation the lead was captured in (null: an application, an import, by hand). */
  conversationId: number | null;
  channel: Channel | 'debug';
  agentId: number | null;
  agentName: string | null;
  source: LeadSource;
  status: LeadStatus;
  ownerId: number | null;
  ownerName: string | null;
  ruleId: number | null;
  duplicateOf: number | null;
  assignedTime: string | null;
  firstContactDeadline: string | null;
  overdue: boolean;
  lastFollowupTime: string | null;
  nextContactTime: string | null;
  capturedTime: string;
  remark?: string | null;
}

export interface LeadQuery {
  name?: string;
  phone?: string;
  wechat?: string;
  channel?: string;
  agentId?: number;
  customerId?: number;
  status?: LeadStatus;
  ownerId?: number;
  source?: LeadSource;
  /** 我的线索: owned by the signed-in user. */
  mine?: boolean;
  /** 公海: unowned new leads. */
  pool?: boolean;
  /** Past the first-contact deadline without a contact. */
  overdue?: boolean;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

/** One entry of a lead's history (crm_lead_event). */
export interface LeadEvent {
  eventId: number;
  kind: LeadEventKind;
  fromStatus: LeadStatus | '';
  toStatus: LeadStatus | '';
  fromOwnerName?: string | null;
  toOwnerName?: string | null;
  reason: string;
  operatorName: string;
  createTime: string;
}

export interface LeadFollowup {
  followupId: number;
  result: FollowupResult;
  note: string;
  nextContactTime: string | null;
  userName: string;
  createTime: string;
}

/** GET /crm/lead/{id}: the lead with its history and follow-ups. */
export interface LeadDetail extends LeadRow {
  events: LeadEvent[];
  followups: LeadFollowup[];
}

/** A message of the lead's conversation; evidence marks the ones a captured field came from. */
export interface LeadChatMessage {
  messageId: number;
  seq: number;
  sender: MessageSender;
  senderName: string;
  content: string;
  createTime: string;
  evidence: boolean;
}

export interface FollowupInput {
  result: FollowupResult;
  note: string;
  /** yyyy-MM-dd HH:mm:ss, in the future. */
  nextContactTime?: string;
}

export function listLead(query: object) {
  return http.get<TableResult<LeadRow>>('/crm/lead/list', query);
}

export function getLead(leadId: number) {
  return http.get<AjaxResult<LeadDetail>>(`/crm/lead/${leadId}`);
}

/** The conversation around the messages the lead's fields were captured from. */
export interface LeadChat {
  leadId: number;
  conversationId: number | null;
  messages: LeadChatMessage[];
}

export function leadChat(leadId: number) {
  return http.get<AjaxResult<LeadChat>>(`/crm/lead/${leadId}/chat`);
}

export function assignLeads(leadIds: number[], userId: number, reason: string) {
  return http.put<AjaxResult>('/crm/lead/assign', { leadIds, userId, reason });
}

/** 退回公海. */
export function releaseLeads(leadIds: number[], reason: string) {
  return http.put<AjaxResult>('/crm/lead/release', { leadIds, reason });
}

/** 公海领取; refused past the daily cap with 今日领取已达上限（N条）. */
export function claimLeads(leadIds: number[]) {
  return http.post<AjaxResult>('/crm/lead/claim', { leadIds });
}

export function addFollowup(leadId: number, data: FollowupInput) {
  return http.post<AjaxResult>(`/crm/lead/${leadId}/followup`, data);
}

/** Statuses PUT /crm/lead/status takes: an owner comes with 分配 or 领取, never with a status alone. */
export type ManualLeadStatus = Exclude<LeadStatus, 'assigned' | 'duplicate'>;

export function changeLeadStatus(leadId: number, status: ManualLeadStatus, reason: string) {
  return http.put<AjaxResult>('/crm/lead/status', { leadId, status, reason });
}
