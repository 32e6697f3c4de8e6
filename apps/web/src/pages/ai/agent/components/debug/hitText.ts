import { LEAD_FIELD_LABELS, type CapturedField, type MessageHit } from '@acs/shared';

/** What produced an AI message, as the debug chat and the reply test show it. */
export function hitText(hit: MessageHit | null | undefined): string {
  if (!hit) return '';
  const name = hit.name ? `「${hit.name}」` : '';
  switch (hit.type) {
    case 'rule':
      return `规则 #${hit.id ?? ''} ${name}`.trim();
    case 'knowledge':
      return `知识 ${name}${hit.score === undefined ? '' : ` 相似度 ${hit.score.toFixed(2)}`}`;
    case 'model':
      return `模型 ${hit.name ?? ''}`.trim();
    case 'fallback':
      return hit.error ? `兜底（${hit.error}）` : '兜底';
    case 'handoff':
      return hit.name ? `转人工：${hit.name}` : '转人工';
    case 'offHours':
      return '非营业时间';
    case 'leadAsk':
      return '留资询问';
    case 'welcome':
      return '欢迎语';
    default:
      return hit.type;
  }
}

/** 手机号 13800138000 · 微信号 abc (masked numbers marked). */
export function fieldsText(fields: Pick<CapturedField, 'field' | 'value' | 'masked'>[]): string {
  return fields.map((f) => `${LEAD_FIELD_LABELS[f.field] ?? f.field} ${f.value}${f.masked ? '（打码）' : ''}`).join(' · ');
}
