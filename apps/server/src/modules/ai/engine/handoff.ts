import type { AgentHandoff } from '@acs/shared';
import { normalizeForMatch, TRAILING_PUNCTUATION } from './normalize';

/** Ways customers ask for a person; 「人工」 alone counts only as the whole message (not 人工智能). */
const EXPLICIT_REQUEST = /转人工|人工客服|人工服务|找人工|要人工|接人工|人工坐席|真人|客服人员|活人|人工处理/;
const EXPLICIT_WHOLE = /^(?:人工|人工吧|人工呢)$/;
/** 「不用转人工」「不要人工客服」 say the opposite. */
const NEGATED = /(?:不用|不需要|无需|别|不必|不)$/;

function requested(text: string, pattern: RegExp): boolean {
  const m = pattern.exec(text);
  return m !== null && !NEGATED.test(text.slice(Math.max(0, m.index - 4), m.index).trim());
}

/** Why this message goes to staff, or null: '客户要求转人工' or '关键词：…'. */
export function detectHandoff(handoff: AgentHandoff, text: string): string | null {
  const normalized = normalizeForMatch(text);
  if (normalized.length === 0) return null;
  // 「转 人工！」: spaces and the closing punctuation do not change the request.
  const compact = normalized.replace(/\s+/g, '').replace(TRAILING_PUNCTUATION, '');
  if (handoff.explicitRequest && (EXPLICIT_WHOLE.test(compact) || requested(compact, EXPLICIT_REQUEST))) {
    return '客户要求转人工';
  }
  for (const keyword of handoff.keywords) {
    const word = normalizeForMatch(keyword);
    if (word.length > 0 && normalized.includes(word)) return `关键词：${keyword.trim()}`;
  }
  return null;
}
