import type { CapturedField, ConversationStatus, CustomerStage, FollowupResult, LeadEventKind, LeadStatus } from '@acs/shared';
import type { ConversationMessage } from '../ai/conversation';
import type { AjaxResult, TableResult } from '../../types/api';
import { uploadImportSheet } from '../../utils/importSheet';
import { http } from '../../utils/request';

export interface Customer {
  customerId?: number;
  name: string;
  /** Masked (138****5678) unless the user holds crm:customer:phone. */
  phone: string;
  /** A masked number the customer showed in a chat, when no real number is known. */
  phoneMasked?: string;
  /** A second number the customer gave (「打138…或者150…都行」), masked like phone. */
  phoneAlt?: string;
  wechat: string;
  /** web · douyin · boss · apply · import · manual */
  source?: string;
  stage: CustomerStage;
  tags: string[];
  ownerId?: number | null;
  ownerName?: string | null;
  conversationCount?: number;
  leadCount?: number;
  lastSeenTime?: string;
  firstSeenTime?: string;
  createTime?: string;
  remark?: string | null;
}

/** How the customer is known on a platform (web visitor id, Douyin open_id, BOSS id). */
export interface CustomerIdentity {
  platform: string;
  uid: string;
}

/** What POST/PUT /crm/customer take: a field left out keeps its stored value. */
export interface CustomerBody {
  customerId?: number;
  name?: string;
  phone?: string;
  wechat?: string;
  tags?: string[];
  ownerId?: number | null;
  stage?: CustomerStage;
  remark?: string;
}

export interface CustomerDetail extends Customer {
  identities: CustomerIdentity[];
}

export interface CustomerQuery {
  name?: string;
  phone?: string;
  wechat?: string;
  source?: string;
  stage?: CustomerStage;
  tag?: string;
  ownerId?: number;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

/** A message of a conversation as the timeline carries it. */
export type TimelineMessage = Pick<ConversationMessage, 'messageId' | 'conversationId' | 'seq' | 'sender' | 'senderName' | 'content' | 'leadFields' | 'createTime'>;

/** A conversation with its messages in order. */
export interface TimelineConversation {
  type: 'conversation';
  time: string;
  conversationId: number;
  channel: string;
  agentName: string;
  status: ConversationStatus;
  closeTime?: string | null;
  messages: TimelineMessage[];
}

export interface TimelineLead {
  type: 'lead';
  time: string;
  leadId: number;
  conversationId?: number | null;
  channel: string;
  source: string;
  status: LeadStatus;
  ownerName: string;
  duplicateOf?: number | null;
  name: string;
  phone: string;
  phoneMasked: string;
  wechat: string;
  fields: CapturedField[];
}

/** A captured field with the message that evidences it (null when none is known). */
export interface TimelineField extends CapturedField {
  type: 'field';
  time: string;
  leadId: number;
  message: TimelineMessage | null;
}

/** An entry of the history: capture, assignment, reclaim, claim, edit, merge … */
export interface TimelineEvent {
  type: 'event';
  time: string;
  eventId: number;
  leadId?: number | null;
  kind: LeadEventKind;
  fromStatus: LeadStatus | '';
  toStatus: LeadStatus | '';
  fromOwnerName: string;
  toOwnerName: string;
  reason: string;
  /** 'system' for automatic actions. */
  operatorName: string;
}

export interface TimelineFollowup {
  type: 'followup';
  time: string;
  followupId: number;
  leadId: number;
  result: FollowupResult;
  note: string;
  nextContactTime?: string | null;
  userName: string;
}

export type TimelineItem = TimelineConversation | TimelineLead | TimelineField | TimelineEvent | TimelineFollowup;

export interface CustomerTimeline {
  /** Newest first. */
  items: TimelineItem[];
  /** Some kind of entry had more than `limit`: only the newest are here. */
  truncated: boolean;
  limit: number;
}

/** Which customer's value each field keeps in a merge. */
export type MergeSide = 'target' | 'source';
export const MERGE_FIELDS = ['name', 'phone', 'wechat', 'ownerId', 'stage', 'remark'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export interface MergeRequest {
  targetId: number;
  sourceId: number;
  pick: Record<MergeField, MergeSide>;
}

export function listCustomer(query: object) {
  return http.get<TableResult<Customer>>('/crm/customer/list', query);
}

export function getCustomer(customerId: number) {
  return http.get<AjaxResult<CustomerDetail>>(`/crm/customer/${customerId}`);
}

export function getCustomerTimeline(customerId: number) {
  return http.get<AjaxResult<CustomerTimeline>>(`/crm/customer/${customerId}/timeline`);
}

export function addCustomer(data: CustomerBody) {
  return http.post<AjaxResult>('/crm/customer', data);
}

export function updateCustomer(data: CustomerBody) {
  return http.put<AjaxResult>('/crm/customer', data);
}

export function delCustomer(customerIds: number | number[]) {
  return http.delete<AjaxResult>(`/crm/customer/${[customerIds].flat().join(',')}`);
}

export function mergeCustomer(body: MergeRequest) {
  return http.put<AjaxResult>('/crm/customer/merge', body);
}

export function tagCustomers(body: { customerIds: number[]; tags: string[]; mode: 'add' | 'remove' }) {
  return http.put<AjaxResult>('/crm/customer/tags', body);
}

export function changeCustomerOwner(body: { customerIds: number[]; ownerId: number | null }) {
  return http.put<AjaxResult>('/crm/customer/owner', body);
}

/** Uploads an import sheet; resolves to the server's answer with its per-row report, refused or not. */
export const importCustomers = (file: File, updateSupport: boolean): Promise<AjaxResult> =>
  uploadImportSheet('/crm/customer/importData', file, updateSupport);
