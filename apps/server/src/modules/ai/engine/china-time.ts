import { CHINA_UTC_OFFSET_MS } from '@acs/shared';

const DAY_MS = 86_400_000;

export interface ChinaClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** ISO weekday: 1 (Monday) … 7 (Sunday). */
  weekday: number;
}

export function chinaClock(now: number): ChinaClock {
  const d = new Date(now + CHINA_UTC_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    weekday: d.getUTCDay() === 0 ? 7 : d.getUTCDay(),
  };
}

/** Midnight of the current day in China, where "today's" numbers start. */
export const chinaDayStart = (now: number): Date =>
  new Date(Math.floor((now + CHINA_UTC_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_UTC_OFFSET_MS);
