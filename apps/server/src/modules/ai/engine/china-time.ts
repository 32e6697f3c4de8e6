/** China has one time zone and no daylight saving: a fixed UTC+8 offset is exact. */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

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
  const d = new Date(now + CHINA_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    weekday: d.getUTCDay() === 0 ? 7 : d.getUTCDay(),
  };
}
