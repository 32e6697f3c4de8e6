import { CHANNEL_LABELS, CUSTOMER_STAGE_LABELS, CUSTOMER_STAGES, LEAD_SOURCE_LABELS, type CustomerStage, type LeadStatus, type MessageSender } from '@acs/shared';

/** Where a customer was first met: a chat channel, or the 官网申请 / 导入 / 手工录入 of a lead. */
export const CUSTOMER_SOURCE_LABELS: Record<string, string> = {
  web: CHANNEL_LABELS.web,
  douyin: CHANNEL_LABELS.douyin,
  boss: CHANNEL_LABELS.boss,
  apply: LEAD_SOURCE_LABELS.apply,
  import: LEAD_SOURCE_LABELS.import,
  manual: LEAD_SOURCE_LABELS.manual,
};

export const sourceLabel = (source: string | undefined | null): string => (source ? (CUSTOMER_SOURCE_LABELS[source] ?? source) : '');

export const SOURCE_OPTIONS = Object.entries(CUSTOMER_SOURCE_LABELS).map(([value, label]) => ({ value, label }));

/** Funnel colours: grey seen, blue gave contact details, green bought. */
export const STAGE_COLORS: Record<CustomerStage, string> = { visitor: 'default', lead: 'processing', customer: 'success' };

export const STAGE_OPTIONS = CUSTOMER_STAGES.map((value) => ({ value, label: CUSTOMER_STAGE_LABELS[value] }));

export const LEAD_STATUS_COLORS: Record<LeadStatus, string> = {
  new: 'orange',
  assigned: 'blue',
  contacted: 'cyan',
  converted: 'green',
  invalid: 'default',
  duplicate: 'purple',
};

export const SENDER_LABELS: Record<MessageSender, string> = { customer: '客户', ai: 'AI客服', staff: '人工客服', system: '系统' };
