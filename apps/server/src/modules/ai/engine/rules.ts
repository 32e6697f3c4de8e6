import { CHAT_MESSAGE_MAX, type ReplyMatchType } from '@acs/shared';
import { normalizeForMatch, toHalfWidth, TRAILING_PUNCTUATION } from './normalize';
import { smallTalkOf, smallTalkRuleKind, type SmallTalk } from './smalltalk';
import type { EngineRule } from './types';

/** Longer regular expressions are refused: they are where catastrophic backtracking hides. */
const REGEX_PATTERN_MAX = 200;
/**
 * Regular expressions see at most this much of a message. Even a pattern without nested repetition
 * costs about n³ on a hostile message when two repetitions can match the same characters
 * (\d+\d+x takes ~120 ms on 1,000 digits); on 300 characters it stays at a few milliseconds.
 * Rules are written for short questions, so the start of a message is what they are about.
 */
const REGEX_INPUT_MAX = 300;
/** Repetitions without a small bound (*, +, {n,}, {n,m} with m > 10) allowed in one pattern. */
const REGEX_WIDE_REPEATS_MAX = 2;

/** Separators of a keyword rule's alternatives: 退货|退款, 退货,退款, 退货，退款, 退货、退款. */
const KEYWORD_SEPARATORS = /[|,，、]/;

const GROUP_OPEN = /^\((?:\?(?::|=|!|<=|<!|<[A-Za-z_]\w*>))?/;
const QUANTIFIER = /^(?:[*+?]|\{(\d+)(?:(,)(\d*))?\})\??/;

/**
 * Why a (syntactically valid) pattern could backtrack for too long, or null. Exponential shapes —
 * a repeated group that itself repeats or alternates, (a+)+, (a|aa)* — are refused, and so are more
 * than REGEX_WIDE_REPEATS_MAX wide repetitions.
 */
function backtrackingRisk(pattern: string): string | null {
  /** Per open group: whether it contains a quantifier or an alternation. */
  const groups: boolean[] = [];
  const markGroup = () => {
    if (groups.length > 0) groups[groups.length - 1] = true;
  };
  let wide = 0;
  let closedRiskyGroup = false;
  let i = 0;
  while (i < pattern.length) {
    const rest = pattern.slice(i);
    const c = pattern[i];
    const quantifier = QUANTIFIER.exec(rest);
    if (quantifier) {
      const [text, min, comma, max] = quantifier;
      const upper =
        text[0] === '*' || text[0] === '+' ? Infinity
        : text[0] === '?' ? 1
        : comma === undefined ? Number(min)
        : max === '' ? Infinity
        : Number(max);
      if (upper > 1 && closedRiskyGroup) return '正则表达式不合法：不支持嵌套的重复（如 (a+)+），请简化';
      if (upper > 10) wide += 1;
      markGroup();
      closedRiskyGroup = false;
      i += text.length;
      continue;
    }
    closedRiskyGroup = false;
    if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      i += 1;
      if (pattern[i] === '^') i += 1;
      if (pattern[i] === ']') i += 1;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i += 1;
    } else if (c === '(') {
      groups.push(false);
      i += (GROUP_OPEN.exec(rest) as RegExpExecArray)[0].length;
    } else if (c === ')') {
      closedRiskyGroup = groups.pop() ?? false;
      if (closedRiskyGroup) markGroup();
      i += 1;
    } else {
      if (c === '|') markGroup();
      i += 1;
    }
  }
  return wide > REGEX_WIDE_REPEATS_MAX
    ? `正则表达式不合法：最多使用${REGEX_WIDE_REPEATS_MAX}个不限次数的重复（*、+、{n,}），请简化`
    : null;
}

function splitKeywords(pattern: string): string[] {
  return pattern
    .split(KEYWORD_SEPARATORS)
    .map((word) => normalizeForMatch(word))
    .filter((word) => word.length > 0);
}

/** Trimmed and without trailing 。！？!?.~ so 「在吗？」 equals 「在吗」. */
function exactForm(text: string): string {
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
      let compiled: RegExp;
      try {
        compiled = new RegExp(pattern, 'i');
      } catch (error) {
        return `正则表达式不合法：${(error as Error).message}`;
      }
      if (compiled.test('')) return '正则表达式不合法：会匹配任何消息';
      return backtrackingRisk(pattern);
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
      return compile(rule.pattern)?.test(halfWidth.slice(0, REGEX_INPUT_MAX)) ?? false;
    default:
      return false;
  }
}

/** Highest priority first, then the older rule (smaller id): the order the admin sees. */
function orderRules(rules: EngineRule[]): EngineRule[] {
  return [...rules].sort((a, b) => b.priority - a.priority || a.ruleId - b.ruleId);
}

/** Rules by what they answer when that is small talk (a rule answering 「谢谢」 is a thanks rule). */
const kindCache = new Map<string, SmallTalk | null>();

function ruleKind(rule: EngineRule): SmallTalk | null {
  const key = `${rule.matchType}\u0000${rule.pattern}`;
  let kind = kindCache.get(key);
  if (kind === undefined) {
    kind = smallTalkRuleKind((text) => matches(rule, normalizeForMatch(text), text));
    if (kindCache.size >= REGEX_CACHE_MAX) kindCache.clear();
    kindCache.set(key, kind);
  }
  return kind;
}

/**
 * The first rule, in priority order, that the customer's message matches. A small-talk rule
 * (greeting, thanks…) fires only when the whole message is that small talk: `smallTalk` is what
 * the message is (smalltalk.ts), so 「运费怎么算？谢谢」 is not answered 「不客气」.
 */
export function matchRule(rules: EngineRule[], text: string, smallTalk: SmallTalk | null = smallTalkOf(text)): EngineRule | null {
  const bounded = text.slice(0, CHAT_MESSAGE_MAX);
  const normalized = normalizeForMatch(bounded);
  if (normalized.length === 0) return null;
  const halfWidth = toHalfWidth(bounded).trim();
  return (
    orderRules(rules).find((rule) => {
      if (!matches(rule, normalized, halfWidth)) return false;
      const kind = ruleKind(rule);
      return kind === null || kind === smallTalk;
    }) ?? null
  );
}

/** The agent's own rule for this kind of small talk (its greeting rule for 「嗨嗨」), in priority order. */
export function smallTalkRule(rules: EngineRule[], smallTalk: SmallTalk): EngineRule | null {
  return orderRules(rules).find((rule) => ruleKind(rule) === smallTalk) ?? null;
}
