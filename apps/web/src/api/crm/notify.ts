import type { AjaxResult } from '../../types/api';
import { baseURL, http } from '../../utils/request';

/** A lead as its owner is told about it (server: modules/crm/notify/notices.ts). */
export interface LeadNotice {
  leadId: number;
  name: string;
  /** Masked (138****5678) for users without crm:customer:phone. */
  phone: string;
  wechat: string;
  channel: string;
  source: string;
  status: string;
  ownerId: number | null;
  capturedTime: string;
  assignedTime: string | null;
  firstContactDeadline: string | null;
  reason: string;
}

/** The top bar's lead area: my new leads (assigned, not yet followed up). */
export interface LeadSummary {
  newCount: number;
  overdueCount: number;
  latest: LeadNotice[];
}

/** `lead-assigned` on the stream: a lead was just given to me. */
export interface LeadAssignedEvent {
  userId: number;
  lead: LeadNotice;
}

export const LEAD_SUMMARY_KEY = ['crm', 'notify', 'summary'];
export const LEAD_STREAM_URL = `${baseURL}/crm/notify/stream`;
export const LEAD_ASSIGNED_EVENT = 'lead-assigned';
/** Where a salesperson works their own leads. */
export const MY_LEADS_PATH = '/crm/customerLeave?tab=mine';

export const getLeadSummary = () => http.get<AjaxResult<LeadSummary>>('/crm/notify/summary');

/** How a lead is named in one line: 张三 138****5678. */
export const leadTitle = (lead: Pick<LeadNotice, 'name' | 'phone' | 'wechat'>) => [lead.name || '未留姓名', lead.phone || lead.wechat].filter(Boolean).join(' ');
