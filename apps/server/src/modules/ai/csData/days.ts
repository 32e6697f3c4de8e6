import { CHINA_UTC_OFFSET_MS } from '@acs/shared';

const DAY_MS = 86_400_000;

/** A China calendar day as `YYYY-MM-DD`, the unit of 客服数据. */
export type ChinaDay = string;

export const chinaDayOf = (instant: number): ChinaDay => new Date(instant + CHINA_UTC_OFFSET_MS).toISOString().slice(0, 10);

/** The instant a China day starts (its midnight in GMT+8). */
export const dayStart = (day: ChinaDay): Date => new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_UTC_OFFSET_MS);

export const addDays = (day: ChinaDay, n: number): ChinaDay => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: ChinaDay, to: ChinaDay): ChinaDay[] {
  const out: ChinaDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** An inclusive range of China days. */
export interface DayRange {
  from: ChinaDay;
  to: ChinaDay;
}
