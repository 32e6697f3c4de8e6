import type { LeadStatus } from './ai';

/** Where a customer is in the funnel: seen only, gave contact details, or bought. */
export const CUSTOMER_STAGES = ['visitor', 'lead', 'customer'] as const;
export type CustomerStage = (typeof CUSTOMER_STAGES)[number];
export const CUSTOMER_STAGE_LABELS: Record<CustomerStage, string> = { visitor: '访客', lead: '线索', customer: '客户' };

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: '待分配',
  assigned: '已分配',
  contacted: '已联系',
  converted: '已成交',
  invalid: '无效',
  duplicate: '重复',
};

/**
 * The lead status rule table (docs/crm.md §状态规则): from each status, the statuses a person may move
 * a lead to. Assignment, reclaim and duplicate linking are done by the system through their own
 * actions, which follow the same table.
 */
export const LEAD_STATUS_MOVES: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['assigned', 'invalid'],
  assigned: ['new', 'assigned', 'contacted', 'converted', 'invalid'],
  contacted: ['new', 'assigned', 'contacted', 'converted', 'invalid'],
  converted: [],
  invalid: ['new'],
  duplicate: [],
};

/** Statuses of a lead still being worked (a new capture from its customer goes into it). */
export const OPEN_LEAD_STATUSES: readonly LeadStatus[] = ['new', 'assigned', 'contacted'];

/** Where a lead came from. */
export const LEAD_SOURCES = ['chat', 'apply', 'import', 'manual'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = { chat: '会话留资', apply: '官网申请', import: '导入', manual: '手工录入' };

/** The outcome a salesperson records with a follow-up, and the status it moves the lead to. */
export const FOLLOWUP_RESULTS = ['contacted', 'no_answer', 'interested', 'converted', 'invalid'] as const;
export type FollowupResult = (typeof FOLLOWUP_RESULTS)[number];
export const FOLLOWUP_RESULT_LABELS: Record<FollowupResult, string> = {
  contacted: '已沟通',
  no_answer: '未接通',
  interested: '有意向',
  converted: '已成交',
  invalid: '无效线索',
};
/** undefined: the lead keeps its status (a call nobody answered is not yet a contact). */
export const FOLLOWUP_RESULT_STATUS: Record<FollowupResult, LeadStatus | undefined> = {
  contacted: 'contacted',
  no_answer: undefined,
  interested: 'contacted',
  converted: 'converted',
  invalid: 'invalid',
};

/** What a lead's history records (crm_lead_event.kind). */
export const LEAD_EVENT_KINDS = ['capture', 'assign', 'reclaim', 'claim', 'release', 'status', 'followup', 'edit', 'duplicate', 'merge'] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];
export const LEAD_EVENT_LABELS: Record<LeadEventKind, string> = {
  capture: '留资',
  assign: '分配',
  reclaim: '回收',
  claim: '领取',
  release: '退回公海',
  status: '状态变更',
  followup: '跟进',
  edit: '编辑',
  duplicate: '重复线索',
  merge: '客户合并',
};

export const DISTRIBUTION_METHODS = ['round_robin', 'weighted', 'least_loaded'] as const;
export type DistributionMethod = (typeof DISTRIBUTION_METHODS)[number];
export const DISTRIBUTION_METHOD_LABELS: Record<DistributionMethod, string> = {
  round_robin: '轮流分配',
  weighted: '按权重分配',
  least_loaded: '负载最少优先',
};

/** Where a lead goes when its owner let the reclaim time pass without a follow-up. */
export const RECLAIM_TARGETS = ['pool', 'next'] as const;
export type ReclaimTarget = (typeof RECLAIM_TARGETS)[number];
export const RECLAIM_TARGET_LABELS: Record<ReclaimTarget, string> = { pool: '退回公海', next: '转给下一位成员' };

export const WEBHOOK_KINDS = ['wecom', 'dingtalk', 'feishu'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];
export const WEBHOOK_KIND_LABELS: Record<WebhookKind, string> = { wecom: '企业微信', dingtalk: '钉钉', feishu: '飞书' };

/** A rule's scope: empty lists match everything. */
export interface DistributionScope {
  channels: string[];
  agentIds: number[];
  sources: LeadSource[];
}

/** A working period on a weekday (1 = Monday … 7 = Sunday), minutes in China time, end exclusive. */
export interface WorkPeriod {
  day: number;
  start: string;
  end: string;
}

export const APPLY_STATUSES = ['new', 'handled', 'invalid'] as const;
export type ApplyStatus = (typeof APPLY_STATUSES)[number];
export const APPLY_STATUS_LABELS: Record<ApplyStatus, string> = { new: '待处理', handled: '已处理', invalid: '无效' };

/** System parameters (sys_config keys) of the CRM area and their defaults. */
export const CRM_CONFIG = {
  /** Leads a salesperson may claim from the pool per China day. */
  claimDailyCap: { key: 'crm.lead.claimDailyCap', default: 20 },
  /** Hours within which a new lead of a customer with an open lead is linked to it as a duplicate. */
  duplicateWindowHours: { key: 'crm.lead.duplicateWindowHours', default: 72 },
} as const;

export const CRM_TEXT_MAX = {
  customerName: 50,
  wechat: 64,
  tag: 20,
  tags: 20,
  remark: 500,
  followupNote: 1000,
  reason: 200,
  ruleName: 50,
  webhookUrl: 500,
  applyCompany: 100,
  applyNeed: 500,
} as const;
