import type { AgentHandoff } from '@acs/shared';
import { normalizeForMatch, TRAILING_PUNCTUATION } from './normalize';

/** Ways customers ask for a person; 「人工」 alone counts only as the whole message (not 人工智能). */
const EXPLICIT_REQUEST = /转人工|人工客服|人工服务|找人工|要人工|接人工|叫人工|换人工|人工坐席|真人|客服人员|活人|人工处理|找客服|要客服|叫客服|找个人|找你们老板|找负责人/;
const EXPLICIT_WHOLE = /^(?:人工|人工吧|人工呢)$/;
/** 「不用转人工」「不要人工客服」 say the opposite. */
const NEGATED = /(?:不用|不需要|无需|别|不必|不)$/;

function requested(text: string, pattern: RegExp): boolean {
  const m = pattern.exec(text);
  return m !== null && !NEGATED.test(text.slice(Math.max(0, m.index - 4), m.index).trim());
}

/** Someone other than the business: 「隔壁店铺太吵想投诉」 is not a complaint against us. */
const THIRD_PARTY = /隔壁|别人|别家|别的店|其他店|其它店|其他商家|别的商家|邻居|楼上|楼下|对面|朋友家|同事|他们家|她们家|那家|外卖员|快递员|房东|物业/;
const CLAUSE_BREAK = /[,，。.!！?？;；\n]/;

/** The clause around position `at` (between sentence punctuation). */
function clauseAround(text: string, at: number, length: number): string {
  let start = at;
  while (start > 0 && !CLAUSE_BREAK.test(text[start - 1] as string)) start--;
  let end = at + length;
  while (end < text.length && !CLAUSE_BREAK.test(text[end] as string)) end++;
  return text.slice(start, end);
}

/** The customer asks for a person (转人工, 找客服, 人工…), not negated: '客户要求转人工', else null. */
export function requestedHuman(handoff: AgentHandoff, text: string): string | null {
  if (!handoff.explicitRequest) return null;
  const normalized = normalizeForMatch(text);
  if (normalized.length === 0) return null;
  // 「转 人工！」: spaces and the closing punctuation do not change the request.
  const compact = normalized.replace(/\s+/g, '').replace(TRAILING_PUNCTUATION, '');
  return EXPLICIT_WHOLE.test(compact) || requested(compact, EXPLICIT_REQUEST) ? '客户要求转人工' : null;
}

/**
 * A handoff keyword of the agent in the message ('关键词：…'), or null. A keyword about someone
 * else (隔壁、邻居…) in the same clause does not count.
 */
export function handoffKeyword(handoff: AgentHandoff, text: string): string | null {
  const normalized = normalizeForMatch(text);
  if (normalized.length === 0) return null;
  for (const keyword of handoff.keywords) {
    const word = normalizeForMatch(keyword);
    if (word.length === 0) continue;
    for (let at = normalized.indexOf(word); at >= 0; at = normalized.indexOf(word, at + word.length)) {
      if (!THIRD_PARTY.test(clauseAround(normalized, at, word.length))) return `关键词：${keyword.trim()}`;
    }
  }
  return null;
}

/** A question rather than a demand: 「能退款吗」 asks about refunds, 「我要退款！」 wants one. */
const QUESTION = /[?？]|吗|么|嘛|呢|怎么|怎样|如何|能不能|可不可以|可以.{0,8}吗|多久|多少|多长|哪|什么|啥|是否|有没有|会不会|咋|几天|几号/;

export const isQuestion = (text: string): boolean => QUESTION.test(normalizeForMatch(text));
