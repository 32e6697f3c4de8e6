import { CHAT_MESSAGE_MAX, type ReplyMatchType } from '@acs/shared';
import { normalizeForMatch, toHalfWidth, TRAILING_PUNCTUATION } from './normalize';
import type { EngineRule } from './types';

/** Longer regular expressions are refused: they are where catastrophic backtracking hides. */
export const REGEX_PATTERN_MAX = 200;

/** Separators of a keyword rule's alternatives: 退货|退款, 退货,退款, 退货，退款, 退货、退款. */
const KEYWORD_SEPARATORS = /[|,，、]/;

/**
 * A quantified group that itself contains a quantifier, e.g. (a+)+ or (\d*)*: the classic
 * exponential-backtracking shape. Customer messages are short, but one bad rule must not stall the
 * engine for everyone, so these are refused up front.
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/;

export function splitKeywords(pattern: string): string[] {
  return pattern
    .split(KEYWORD_SEPARATORS)
    .map((word) => normalizeForMatch(word))
    .filter((word) => word.length > 0);
}

/** Trimmed and without trailing 。！？!?.~ so 「在吗？」 equals 「在吗」. */
export function exactForm(text: string): string {
  return normalizeForMatch(text).replace(TRAILING_PUNCTUATION, '');
}

/** Compiled rule regexes by pattern; null marks a pattern that must never match. */
const regexCache = new Map<string, RegExp | null>();
const REGEX_CACHE_MAX = 2000;

function compile(pattern: string): RegExp | null {
  let compiled = regexCache.get(pattern);
  if (compiled !== undefined) return compiled;
  compiled = validateRulePattern('regex', pattern) === null ? new RegExp(pattern, 'i') : null;
  // Patterns come from a bounded set of rules; the bound only guards against endless edits.
  if (regexCache.size >= REGEX_CACHE_MAX) regexCache.clear();
  regexCache.set(pattern, compiled);
  return compiled;
}

/**
 * Why a rule pattern cannot be saved, in Chinese, or null when it is fine. The engine applies the
 * same check, so a bad pattern already stored simply never matches.
 */
export function validateRulePattern(matchType: ReplyMatchType, pattern: string): string | null {
  switch (matchType) {
    case 'keyword':
      return splitKeywords(pattern).length === 0 ? '关键词不能为空' : null;
    case 'exact':
      return exactForm(pattern).length === 0 ? '匹配内容不能为空' : null;
    case 'regex': {
      if (pattern.trim().length === 0) return '正则表达式不能为空';
      if (pattern.length > REGEX_PATTERN_MAX) return `正则表达式不能超过${REGEX_PATTERN_MAX}个字符`;
      if (NESTED_QUANTIFIER.test(pattern)) return '正则表达式不合法：不支持嵌套的重复（如 (a+)+），请简化';
      try {
        new RegExp(pattern, 'i');
      } catch (error) {
        return `正则表达式不合法：${(error as Error).message}`;
      }
      if (new RegExp(pattern, 'i').test('')) return '正则表达式不合法：会匹配任何消息';
      return null;
    }
    default:
      return '匹配方式不正确';
  }
}

function matches(rule: EngineRule, normalized: string, halfWidth: string): boolean {
  switch (rule.matchType) {
    case 'keyword':
      return splitKeywords(rule.pattern).some((word) => normalized.includes(word));
    case 'exact': {
      const form = exactForm(rule.pattern);
      return form.length > 0 && form === normalized.replace(TRAILING_PUNCTUATION, '');
    }
    case 'regex':
      return compile(rule.pattern)?.test(halfWidth) ?? false;
    default:
      return false;
  }
}

/** Highest priority first, then the older rule (smaller id): the order the admin sees. */
export function orderRules(rules: EngineRule[]): EngineRule[] {
  return [...rules].sort((a, b) => b.priority - a.priority || a.ruleId - b.ruleId);
}

/** The first rule, in priority order, that the customer's message matches. */
export function matchRule(rules: EngineRule[], text: string): EngineRule | null {
  const bounded = text.slice(0, CHAT_MESSAGE_MAX);
  const normalized = normalizeForMatch(bounded);
  if (normalized.length === 0) return null;
  const halfWidth = toHalfWidth(bounded).trim();
  return orderRules(rules).find((rule) => matches(rule, normalized, halfWidth)) ?? null;
}
