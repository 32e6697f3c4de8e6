import { LEAD_FIELD_LABELS, type CapturedField, type HitCandidate, type MessageHit } from '@acs/shared';

/** The error prefix of a fallback the model chose: its knowledge entries did not hold the answer. */
const NO_ANSWER = 'no_answer:';

/** What produced an AI message, as the debug chat and the reply test show it. */
export function hitText(hit: MessageHit | null | undefined): string {
  if (!hit) return '';
  const name = hit.name ? `「${hit.name}」` : '';
  switch (hit.type) {
    case 'rule':
      return `规则 #${hit.id ?? ''} ${name}`.trim();
    case 'knowledge':
      return `知识 ${name}${hit.score === undefined ? '' : ` 相似度 ${hit.score.toFixed(2)}`}`;
    case 'model': {
      const model = `模型 ${hit.name ?? ''}`.trim();
      return hit.refs?.length ? `${model} · 依据：${hit.refs.map((r) => r.name).join('、')}` : model;
    }
    case 'fallback':
      if (hit.error?.startsWith(NO_ANSWER)) return '兜底（模型：资料中没有答案）';
      return hit.error ? `兜底（${hit.error}）` : '兜底';
    case 'clarify':
      return `澄清：候选 ${hit.candidates?.length ?? 0} 条`;
    case 'smalltalk':
      return '寒暄';
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

/** The entries a clarify offered or a model answer stood on, with their scores: 1. 运费怎么算 0.47 · 2. … */
export function candidatesText(candidates: HitCandidate[]): string {
  return candidates.map((c, i) => `${i + 1}. ${c.name} ${c.score.toFixed(2)}`).join(' · ');
}

/** The scored entries behind a hit, for the debug details: a clarify's candidates, a model answer's references. */
export function hitCandidates(hit: MessageHit | null | undefined): HitCandidate[] {
  if (hit?.type === 'clarify') return hit.candidates ?? [];
  if (hit?.type === 'model') return hit.refs ?? [];
  return [];
}

/** 手机号 13800138000 · 微信号 abc (masked numbers marked). */
export function fieldsText(fields: Pick<CapturedField, 'field' | 'value' | 'masked'>[]): string {
  return fields.map((f) => `${LEAD_FIELD_LABELS[f.field] ?? f.field} ${f.value}${f.masked ? '（打码）' : ''}`).join(' · ');
}
