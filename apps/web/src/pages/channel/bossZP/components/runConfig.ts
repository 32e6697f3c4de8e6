import type { BossRunConfig } from '@acs/shared';

const WEEKDAY_NAMES = ['一', '二', '三', '四', '五', '六', '日'];

/** ISO weekdays 1 (Mon) … 7 (Sun) as checkbox options. */
export const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((name, i) => ({ value: i + 1, label: `周${name}` }));

const same = (a: number[], b: number[]) => a.length === b.length && a.every((d, i) => d === b[i]);

/** 每天 / 工作日 / 周末, else the days listed: 周一、三、五. */
export function weekdaysText(weekdays: number[]): string {
  const days = [...weekdays].sort((a, b) => a - b);
  if (same(days, [1, 2, 3, 4, 5, 6, 7])) return '每天';
  if (same(days, [1, 2, 3, 4, 5])) return '工作日';
  if (same(days, [6, 7])) return '周末';
  if (days.length === 0) return '不运行';
  return `周${days.map((d) => WEEKDAY_NAMES[d - 1]).join('、')}`;
}

/** 09:00–21:00; an end before the start runs overnight, an end equal to it all day (as the server counts). */
export function runWindowText({ windowStart: start, windowEnd: end }: Pick<BossRunConfig, 'windowStart' | 'windowEnd'>): string {
  return start === end ? '全天' : `${start}–${end < start ? '次日' : ''}${end}`;
}
