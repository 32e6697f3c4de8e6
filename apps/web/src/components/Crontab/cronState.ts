/**
 * The Crontab builder's model: a Quartz expression (秒 分 时 日 月 周 [年]) as one tab state per field,
 * and back. Every tab keeps the values of all its choices, so switching a radio and back loses nothing;
 * the mode says which one the field text comes from. Text a tab cannot show (`1-5/2`, `LW`, …) is kept
 * as 'custom', so any expression survives the round trip.
 */

export type FieldKey = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';

export const FIELD_KEYS: readonly FieldKey[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

/**
 * every `*` · none `?` (日/周) · empty: no year · range `a-b` · step `a/b` · workday `NW` (日) ·
 * last `L` (日) or `XL` (周) · nth `X#N` (周) · specific `a,b,c` · custom: the text as typed.
 */
export type Mode = 'every' | 'none' | 'empty' | 'range' | 'step' | 'workday' | 'last' | 'nth' | 'specific' | 'custom';

export interface FieldState {
  mode: Mode;
  range: [number, number];
  /** [start, interval]. */
  step: [number, number];
  /** Day of the month whose nearest workday fires (日 `NW`). */
  workday: number;
  /** Weekday whose last occurrence in the month fires (周 `XL`). */
  lastWeekday: number;
  /** [week of the month 1–5, weekday 1–7] (周 `X#N`). */
  nth: [number, number];
  specific: number[];
  custom: string;
}

export type CronState = Record<FieldKey, FieldState>;

export interface FieldSpec {
  label: string;
  min: number;
  max: number;
  /** Choices of the tab, in display order; 'custom' is always last. */
  modes: readonly Mode[];
  /** Most values the 指定 list takes (as in RuoYi's builder). */
  maxSpecific: number;
}

/** Quartz years end at 2099. */
export const LAST_YEAR = 2099;

export function fieldSpec(key: FieldKey, now: Date = new Date()): FieldSpec {
  const year = now.getFullYear();
  switch (key) {
    case 'second':
      return { label: '秒', min: 0, max: 59, modes: ['every', 'range', 'step', 'specific', 'custom'], maxSpecific: 10 };
    case 'minute':
      return { label: '分钟', min: 0, max: 59, modes: ['every', 'range', 'step', 'specific', 'custom'], maxSpecific: 10 };
    case 'hour':
      return { label: '小时', min: 0, max: 23, modes: ['every', 'range', 'step', 'specific', 'custom'], maxSpecific: 10 };
    case 'day':
      return {
        label: '日',
        min: 1,
        max: 31,
        modes: ['every', 'none', 'range', 'step', 'workday', 'last', 'specific', 'custom'],
        maxSpecific: 10,
      };
    case 'month':
      return { label: '月', min: 1, max: 12, modes: ['every', 'range', 'step', 'specific', 'custom'], maxSpecific: 8 };
    case 'week':
      return { label: '周', min: 1, max: 7, modes: ['every', 'none', 'range', 'nth', 'last', 'specific', 'custom'], maxSpecific: 6 };
    case 'year':
      return { label: '年', min: year, max: LAST_YEAR, modes: ['empty', 'every', 'range', 'step', 'specific', 'custom'], maxSpecific: 8 };
  }
}

/** Quartz weekday numbers: 1 is Sunday. */
export const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** The values a tab shows before the user chose any. */
export function defaultField(key: FieldKey, now: Date = new Date()): FieldState {
  const { min } = fieldSpec(key, now);
  const mode: Mode = key === 'week' ? 'none' : key === 'year' ? 'empty' : 'every';
  return {
    mode,
    range: [min, min + 1],
    step: [min, 1],
    workday: 1,
    lastWeekday: 1,
    nth: [1, 1],
    specific: [min],
    custom: '',
  };
}

export function defaultState(now: Date = new Date()): CronState {
  return Object.fromEntries(FIELD_KEYS.map((k) => [k, defaultField(k, now)])) as CronState;
}

/** JAN…DEC and SUN…SAT become numbers, so `MON-FRI` opens as a range of the 周 tab. */
function numbersForNames(key: FieldKey, text: string): string {
  const names = key === 'month' ? MONTH_NAMES : key === 'week' ? DAY_NAMES : undefined;
  if (!names) return text;
  return text.replace(/[A-Za-z]{3}/g, (n) => {
    const i = names.indexOf(n.toUpperCase());
    return i < 0 ? n : String(i + 1);
  });
}

/** The state of one tab for a field's text; text the tab cannot show becomes 'custom'. */
export function parseField(key: FieldKey, raw: string, now: Date = new Date()): FieldState {
  const spec = fieldSpec(key, now);
  const base = defaultField(key, now);
  const text = numbersForNames(key, raw.trim());
  // Years before this one are still valid Quartz, so only the field's absolute bounds apply to parsing.
  const lowest = key === 'year' ? 1970 : spec.min;
  const inBounds = (...ns: number[]) => ns.every((n) => Number.isInteger(n) && n >= lowest && n <= spec.max);
  const custom = (): FieldState => ({ ...base, mode: 'custom', custom: raw.trim() });
  const allows = (mode: Mode) => spec.modes.includes(mode);

  if (text === '*') return { ...base, mode: 'every' };
  if (text === '?' && allows('none')) return { ...base, mode: 'none' };
  if (text === '' && allows('empty')) return { ...base, mode: 'empty' };
  let m: RegExpMatchArray | null;
  if ((m = /^(\d+)-(\d+)$/.exec(text)) && allows('range')) {
    const range: [number, number] = [Number(m[1]), Number(m[2])];
    return inBounds(...range) ? { ...base, mode: 'range', range } : custom();
  }
  if ((m = /^(\d+|\*)\/(\d+)$/.exec(text)) && allows('step')) {
    const step: [number, number] = [m[1] === '*' ? spec.min : Number(m[1]), Number(m[2])];
    return inBounds(step[0]) && step[1] >= 1 ? { ...base, mode: 'step', step } : custom();
  }
  if (key === 'day' && (m = /^(\d+)W$/.exec(text))) {
    return inBounds(Number(m[1])) ? { ...base, mode: 'workday', workday: Number(m[1]) } : custom();
  }
  if (key === 'day' && text === 'L') return { ...base, mode: 'last' };
  if (key === 'week' && (m = /^(\d)L$/.exec(text))) {
    return inBounds(Number(m[1])) ? { ...base, mode: 'last', lastWeekday: Number(m[1]) } : custom();
  }
  if (key === 'week' && (m = /^(\d)#(\d)$/.exec(text))) {
    const nth: [number, number] = [Number(m[2]), Number(m[1])];
    return inBounds(nth[1]) && nth[0] >= 1 && nth[0] <= 5 ? { ...base, mode: 'nth', nth } : custom();
  }
  if (/^\d+(,\d+)*$/.test(text)) {
    const values = [...new Set(text.split(',').map(Number))].sort((a, b) => a - b);
    return inBounds(...values) ? { ...base, mode: 'specific', specific: values } : custom();
  }
  return custom();
}

/** A field's text for its tab state ('' for 不填 years, and for a 指定 list left empty). */
export function fieldText(key: FieldKey, s: FieldState): string {
  switch (s.mode) {
    case 'every':
      return '*';
    case 'none':
      return '?';
    case 'empty':
      return '';
    case 'range':
      return `${s.range[0]}-${s.range[1]}`;
    case 'step':
      return `${s.step[0]}/${s.step[1]}`;
    case 'workday':
      return `${s.workday}W`;
    case 'last':
      return key === 'week' ? `${s.lastWeekday}L` : 'L';
    case 'nth':
      return `${s.nth[1]}#${s.nth[0]}`;
    case 'specific':
      return [...s.specific].sort((a, b) => a - b).join(',');
    case 'custom':
      return s.custom.trim();
  }
}

export interface ParsedCron {
  state: CronState;
  /** False when the text was not 6 or 7 fields: the state is then the default one. */
  ok: boolean;
}

/** The tabs for an expression of 6 or 7 fields (seconds first, Quartz). */
export function parseExpression(expr: string, now: Date = new Date()): ParsedCron {
  const parts = expr.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 6 || parts.length > 7) return { state: defaultState(now), ok: false };
  const state = Object.fromEntries(FIELD_KEYS.map((k, i) => [k, parseField(k, parts[i] ?? '', now)])) as CronState;
  return { state, ok: true };
}

/** The expression of the tabs; the year is left out when 不填. */
export function toExpression(state: CronState): string {
  return FIELD_KEYS.map((k) => fieldText(k, state[k]))
    .filter((t, i) => i < FIELD_KEYS.length - 1 || t !== '')
    .join(' ');
}

/**
 * One tab changed. 日 and 周 cannot both be given in Quartz: a day choice other than 不指定 turns 周 to
 * 不指定, and 不指定 on one side makes a 不指定 other side 每 (as RuoYi's builder does).
 */
export function updateField(state: CronState, key: FieldKey, next: FieldState): CronState {
  const result: CronState = { ...state, [key]: next };
  if (key !== 'day' && key !== 'week') return result;
  const other: FieldKey = key === 'day' ? 'week' : 'day';
  if (next.mode === 'none') {
    if (result[other].mode === 'none') result[other] = { ...result[other], mode: 'every' };
  } else if (next.mode !== 'custom') {
    result[other] = { ...result[other], mode: 'none' };
  }
  return result;
}

/** A problem of the tabs that the expression text alone would hide (an empty 指定 list or 其他写法). */
export function stateProblem(state: CronState): string | undefined {
  for (const key of FIELD_KEYS) {
    const s = state[key];
    const { label } = fieldSpec(key);
    if (s.mode === 'specific' && s.specific.length === 0) return `请至少指定一个${label}`;
    if (s.mode === 'custom' && !s.custom.trim() && key !== 'year') return `请填写${label}的表达式`;
    if (s.mode === 'custom' && /\s/.test(s.custom.trim())) return `${label}的表达式不能包含空格`;
  }
  return undefined;
}
