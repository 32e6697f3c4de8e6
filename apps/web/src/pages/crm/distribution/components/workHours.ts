import type { WorkPeriod } from '@acs/shared';

/** Days that share one time range: how the editor shows a member's working hours. */
export interface PeriodGroup {
  days: number[];
  start: string;
  end: string;
}

export const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

/**
 * A period ending at midnight is stored as '24:00', which a time picker cannot show; the editor shows
 * it as 00:00 (an end of 00:00 could mean nothing else, as the end must follow the start).
 */
export const MIDNIGHT_END = '24:00';

/** The stored periods grouped by time range, in the order of their first day. */
export function groupPeriods(periods: readonly WorkPeriod[]): PeriodGroup[] {
  const groups = new Map<string, PeriodGroup>();
  for (const p of [...periods].sort((a, b) => a.day - b.day)) {
    const end = p.end === MIDNIGHT_END ? '00:00' : p.end;
    const key = `${p.start}-${end}`;
    const group = groups.get(key) ?? { days: [], start: p.start, end };
    if (!group.days.includes(p.day)) group.days.push(p.day);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The editor's groups as stored periods, one per day and range. */
export function flattenPeriods(groups: readonly PeriodGroup[]): WorkPeriod[] {
  return groups
    .flatMap((g) => g.days.map((day) => ({ day, start: g.start, end: g.end === '00:00' ? MIDNIGHT_END : g.end })))
    .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
}

/** 周一至周五, 周一、周三、周六: runs of three or more days read as a span. */
export function daysLabel(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const d of sorted) {
    const run = runs.at(-1);
    if (run && d === run.at(-1)! + 1) run.push(d);
    else runs.push([d]);
  }
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${WEEKDAYS[run[0] - 1]}至${WEEKDAYS[run.at(-1)! - 1]}`] : run.map((d) => WEEKDAYS[d - 1])))
    .join('、');
}

/** A member's hours in one line: 全天 when no period is set. */
export function workHoursSummary(periods: readonly WorkPeriod[]): string {
  if (periods.length === 0) return '全天';
  return groupPeriods(periods)
    .map((g) => `${daysLabel(g.days)} ${g.start}-${g.end === '00:00' ? MIDNIGHT_END : g.end}`)
    .join('；');
}

/** Minutes since midnight, the midnight end counting as 24:00. */
export function minutesOf(hhmm: string, isEnd = false): number {
  const minutes = Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return isEnd && minutes === 0 ? 24 * 60 : minutes;
}
