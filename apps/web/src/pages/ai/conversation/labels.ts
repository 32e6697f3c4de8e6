import type { ConversationStatus, LeadStatus, MessageHit } from '@acs/shared';
import type { ConversationRow } from '../../../api/ai/conversation';

export const STATUS_COLORS: Record<ConversationStatus, string> = {
  ai: 'blue',
  waiting: 'orange',
  human: 'green',
  closed: 'default',
};

export const HIT_LABELS: Record<MessageHit['type'], string> = {
  rule: '规则',
  knowledge: '知识库',
  model: '模型',
  fallback: '兜底回复',
  handoff: '转人工',
  offHours: '非工作时间',
  leadAsk: '留资询问',
  welcome: '欢迎语',
  clarify: '澄清',
  smalltalk: '寒暄',
};

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: '新线索',
  assigned: '已分配',
  contacted: '已联系',
  converted: '已转化',
  invalid: '无效',
  duplicate: '重复',
};

/** The customer's name, else 访客 and the end of the visitor id. */
export function customerTitle(row: Pick<ConversationRow, 'customerName' | 'visitorId'>): string {
  return row.customerName || `访客${row.visitorId.slice(-6)}`;
}
