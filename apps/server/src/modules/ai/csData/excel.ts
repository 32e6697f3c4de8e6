import { CHANNEL_LABELS } from '@acs/shared';
import type { ExcelColumn } from '../../../core/list';
import type { CsDataRow } from './list';

const percent = (v: number | null) => (v === null ? null : `${(v * 100).toFixed(2)}%`);

export const CS_DATA_COLUMNS: ExcelColumn<CsDataRow>[] = [
  { header: '日期', value: (r) => r.day, width: 12 },
  { header: 'AI客服', value: (r) => r.agentName || (r.agentId ? `#${r.agentId}` : '') },
  { header: '渠道', value: (r) => r.channel, dict: CHANNEL_LABELS, width: 10 },
  { header: '会话数', value: (r) => r.conversations, width: 10 },
  { header: '客户消息数', value: (r) => r.customerMessages, width: 12 },
  { header: 'AI回复数', value: (r) => r.aiReplies, width: 10 },
  { header: '留资数', value: (r) => r.leads, width: 10 },
  { header: '留资率', value: (r) => percent(r.captureRate), width: 10 },
  { header: '已联系', value: (r) => r.contacted, width: 10 },
  { header: '已成交', value: (r) => r.converted, width: 10 },
  { header: '转人工数', value: (r) => r.handoffs, width: 10 },
  { header: 'AI解决数', value: (r) => r.aiResolved, width: 10 },
  { header: 'AI解决率', value: (r) => percent(r.aiResolvedRate), width: 10 },
  { header: '首次响应中位数(秒)', value: (r) => r.firstResponseMedian, width: 18 },
  { header: '知识库命中数', value: (r) => r.knowledgeHits, width: 12 },
  { header: '知识库命中率', value: (r) => percent(r.knowledgeHitRate), width: 12 },
  { header: '模型Tokens', value: (r) => r.tokens, width: 12 },
];
