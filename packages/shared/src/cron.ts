/**
 * Quartz cron expressions (the syntax RuoYi's 定时任务 stores), shared by the server scheduler and the web
 * Crontab editor. Written here rather than taken from a library because no browser-and-Node parser covers all
 * of Quartz: seconds first, optional year, `?`, `L`, `L-n`, `W`, `LW`, `n#k`, `nL`, month/day names and
 * Quartz day-of-week numbering (1 = SUN … 7 = SAT). Times are China time (fixed UTC+8, see CHINA_UTC_OFFSET_MS).
 */
import { CHINA_UTC_OFFSET_MS } from './constants';

export const CRON_MIN_YEAR = 1970;
/** Quartz never computes fire times past 2099. */
export const CRON_MAX_YEAR = 2099;
/** Longest expression accepted (sys_job.cron_expression is varchar(255)). */
export const CRON_MAX_LENGTH = 255;

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

type DaySpec =
  | { kind: 'any' }
  | { kind: 'set'; values: boolean[] }
  | { kind: 'weekdays'; values: boolean[] }
  | { kind: 'lastDay'; offset: number }
  | { kind: 'nearestWeekday'; day: number }
  | { kind: 'lastWeekday' }
  | { kind: 'lastOfWeekday'; weekday: number }
  | { kind: 'nthWeekday'; weekday: number; nth: number };

export interface CronSchedule {
  readonly expression: string;
  /** The first fire time strictly after `after` (second precision), or null when the schedule has ended. */
  next(after: Date): Date | null;
}

class CronError extends Error {}

interface FieldDef {
  label: string;
  min: number;
  max: number;
  names?: string[];
}

const FIELDS: FieldDef[] = [
  { label: '秒', min: 0, max: 59 },
  { label: '分', min: 0, max: 59 },
  { label: '时', min: 0, max: 23 },
  { label: '日', min: 1, max: 31 },
  { label: '月', min: 1, max: 12, names: MONTH_NAMES },
  { label: '周', min: 1, max: 7, names: DAY_NAMES },
  { label: '年', min: CRON_MIN_YEAR, max: CRON_MAX_YEAR },
];

function parseValue(text: string, def: FieldDef): number {
  if (def.names) {
    const index = def.names.indexOf(text);
    if (index >= 0) return index + 1;
  }
  if (!/^\d{1,4}$/.test(text)) throw new CronError(`${def.label}字段含有无法识别的值“${text}”`);
  const value = Number(text);
  if (value < def.min || value > def.max) {
    throw new CronError(`${def.label}字段的值${value}超出范围（${def.min}-${def.max}）`);
  }
  return value;
}

/** `*`, `a`, `a-b`, `a/n`, `*\/n`, `a-b/n` and comma lists of them; ranges may wrap (e.g. `22-2`, `FRI-MON`). */
function parseSet(text: string, def: FieldDef): boolean[] {
  const values = new Array<boolean>(def.max + 1).fill(false);
  for (const item of text.split(',')) {
    if (item === '') throw new CronError(`${def.label}字段含有空的列表项`);
    const [rangeText, stepText, extra] = item.split('/');
    if (extra !== undefined) throw new CronError(`${def.label}字段“${item}”的格式不正确`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d{1,4}$/.test(stepText) || Number(stepText) < 1 || Number(stepText) > def.max) {
        throw new CronError(`${def.label}字段的步长“${stepText}”不正确`);
      }
      step = Number(stepText);
    }
    let start: number;
    let end: number;
    if (rangeText === '*') {
      start = def.min;
      end = def.max;
    } else {
      const bounds = rangeText.split('-');
      if (bounds.length > 2) throw new CronError(`${def.label}字段“${item}”的格式不正确`);
      start = parseValue(bounds[0], def);
      // `a/n` runs from a to the field's maximum, like Quartz.
      end = bounds.length === 2 ? parseValue(bounds[1], def) : stepText !== undefined ? def.max : start;
    }
    const span = def.max - def.min + 1;
    const length = end >= start ? end - start : end + span - start;
    for (let offset = 0; offset <= length; offset += step) {
      values[def.min + ((start - def.min + offset) % span)] = true;
    }
  }
  return values;
}

function parseDayOfMonth(text: string): DaySpec {
  const def = FIELDS[3];
  if (text === '?') return { kind: 'any' };
  if (text === 'L') return { kind: 'lastDay', offset: 0 };
  if (text === 'LW') return { kind: 'lastWeekday' };
  const lastOffset = /^L-(\d{1,2})$/.exec(text);
  if (lastOffset) {
    const offset = Number(lastOffset[1]);
    if (offset > 30) throw new CronError('日字段“L-n”中的n不能大于30');
    return { kind: 'lastDay', offset };
  }
  const weekday = /^(\d{1,2})W$/.exec(text);
  if (weekday) return { kind: 'nearestWeekday', day: parseValue(weekday[1], def) };
  if (/[LW]/.test(text)) throw new CronError(`日字段“${text}”的格式不正确（L、W不能与列表或范围组合）`);
  return { kind: 'set', values: parseSet(text, def) };
}

function parseDayOfWeek(text: string): DaySpec {
  const def = FIELDS[5];
  if (text === '?') return { kind: 'any' };
  // A lone `L` in day-of-week means Saturday, the last day of the Quartz week.
  if (text === 'L') return { kind: 'weekdays', values: parseSet('7', def) };
  const last = /^([A-Z]{3}|\d)L$/.exec(text);
  if (last) return { kind: 'lastOfWeekday', weekday: parseValue(last[1], def) };
  const nth = /^([A-Z]{3}|\d)#(\d)$/.exec(text);
  if (nth) {
    const n = Number(nth[2]);
    if (n < 1 || n > 5) throw new CronError('周字段“#”后的序号须在1-5之间');
    return { kind: 'nthWeekday', weekday: parseValue(nth[1], def), nth: n };
  }
  if (/[L#]/.test(text)) throw new CronError(`周字段“${text}”的格式不正确（L、#不能与列表或范围组合）`);
  return { kind: 'weekdays', values: parseSet(text, def) };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Quartz numbering: 1 = Sunday … 7 = Saturday. */
function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1;
}

function nearestWeekday(year: number, month: number, day: number, lastDay: number): number {
  const weekday = weekdayOf(year, month, day);
  if (weekday === 7) return day === 1 ? 3 : day - 1;
  if (weekday === 1) return day === lastDay ? day - 2 : day + 1;
  return day;
}

function dayMatches(spec: DaySpec, year: number, month: number, day: number, lastDay: number): boolean {
  switch (spec.kind) {
    case 'any':
      return true;
    case 'set':
      return spec.values[day] === true;
    case 'weekdays':
      return spec.values[weekdayOf(year, month, day)] === true;
    case 'lastDay':
      return day === lastDay - spec.offset;
    case 'nearestWeekday':
      return spec.day <= lastDay && day === nearestWeekday(year, month, spec.day, lastDay);
    case 'lastWeekday':
      return day === nearestWeekday(year, month, lastDay, lastDay);
    case 'lastOfWeekday':
      return day + 7 > lastDay && weekdayOf(year, month, day) === spec.weekday;
    case 'nthWeekday':
      return Math.ceil(day / 7) === spec.nth && weekdayOf(year, month, day) === spec.weekday;
  }
}

function firstAtOrAfter(values: boolean[], from: number): number | null {
  for (let i = from; i < values.length; i++) if (values[i]) return i;
  return null;
}

function compile(expression: string): CronSchedule {
  if (expression.length > CRON_MAX_LENGTH) throw new CronError(`表达式长度不能超过${CRON_MAX_LENGTH}个字符`);
  const parts = expression.trim().toUpperCase().split(/\s+/);
  if (parts.length === 1 && parts[0] === '') throw new CronError('表达式不能为空');
  if (parts.length < 6 || parts.length > 7) {
    throw new CronError(`表达式须为6或7个字段（秒 分 时 日 月 周 [年]），实际为${parts.length}个`);
  }
  const seconds = parseSet(parts[0], FIELDS[0]);
  const minutes = parseSet(parts[1], FIELDS[1]);
  const hours = parseSet(parts[2], FIELDS[2]);
  const dom = parseDayOfMonth(parts[3]);
  const months = parseSet(parts[4], FIELDS[4]);
  const dow = parseDayOfWeek(parts[5]);
  const years = parts[6] === undefined ? null : parseSet(parts[6], FIELDS[6]);
  if ((dom.kind === 'any') === (dow.kind === 'any')) {
    throw new CronError('日和周字段必须且只能有一个为“?”');
  }
  const daySpec = dom.kind === 'any' ? dow : dom;

  function next(after: Date): Date | null {
    // Work on China wall-clock fields held in a UTC Date; convert back at the end.
    let cursor = new Date(Math.floor(after.getTime() / 1000) * 1000 + 1000 + CHINA_UTC_OFFSET_MS);
    const moveTo = (y: number, mo: number, d: number, h: number, mi: number, s: number) => {
      cursor = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
    };
    for (;;) {
      const y = cursor.getUTCFullYear();
      const mo = cursor.getUTCMonth() + 1;
      const d = cursor.getUTCDate();
      const h = cursor.getUTCHours();
      const mi = cursor.getUTCMinutes();
      const s = cursor.getUTCSeconds();
      if (y > CRON_MAX_YEAR) return null;
      if (years && !years[y]) {
        const year = firstAtOrAfter(years, y);
        if (year === null) return null;
        moveTo(year, 1, 1, 0, 0, 0);
        continue;
      }
      if (!months[mo]) {
        const month = firstAtOrAfter(months, mo);
        if (month === null) moveTo(y + 1, 1, 1, 0, 0, 0);
        else moveTo(y, month, 1, 0, 0, 0);
        continue;
      }
      const lastDay = daysInMonth(y, mo);
      let day = d;
      while (day <= lastDay && !dayMatches(daySpec, y, mo, day, lastDay)) day++;
      if (day > lastDay) {
        moveTo(y, mo + 1, 1, 0, 0, 0);
        continue;
      }
      if (day !== d) {
        moveTo(y, mo, day, 0, 0, 0);
        continue;
      }
      const hour = firstAtOrAfter(hours, h);
      if (hour === null) {
        moveTo(y, mo, d + 1, 0, 0, 0);
        continue;
      }
      if (hour !== h) {
        moveTo(y, mo, d, hour, 0, 0);
        continue;
      }
      const minute = firstAtOrAfter(minutes, mi);
      if (minute === null) {
        moveTo(y, mo, d, h + 1, 0, 0);
        continue;
      }
      if (minute !== mi) {
        moveTo(y, mo, d, h, minute, 0);
        continue;
      }
      const second = firstAtOrAfter(seconds, s);
      if (second === null) {
        moveTo(y, mo, d, h, mi + 1, 0);
        continue;
      }
      return new Date(Date.UTC(y, mo - 1, d, h, mi, second) - CHINA_UTC_OFFSET_MS);
    }
  }

  return { expression, next };
}

/** Compiles a Quartz expression; throws an Error whose message is the Chinese reason when it is invalid. */
export function parseCron(expression: string): CronSchedule {
  return compile(expression);
}

/** null when the expression is valid Quartz syntax, otherwise the reason in Chinese. */
export function validateCron(expression: string): string | null {
  try {
    compile(expression);
    return null;
  } catch (error) {
    if (error instanceof CronError) return error.message;
    throw error;
  }
}

export function isValidCron(expression: string): boolean {
  return validateCron(expression) === null;
}

/** Up to `count` fire times strictly after `from` (fewer when the schedule ends); throws when invalid. */
export function nextRunTimes(expression: string, count: number, from: Date = new Date()): Date[] {
  const schedule = parseCron(expression);
  const times: Date[] = [];
  let after = from;
  while (times.length < count) {
    const time = schedule.next(after);
    if (!time) break;
    times.push(time);
    after = time;
  }
  return times;
}
