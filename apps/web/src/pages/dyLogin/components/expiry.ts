const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Server times are GMT+8 wall-clock text (yyyy-MM-dd HH:mm:ss); a time that names its zone is taken as it is. */
function serverMs(time: string): number {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(time);
  return Date.parse(zoned ? time : `${time.trim().replace(' ', 'T')}+08:00`);
}

/** How long until a server time, in words: 还剩 12 分钟 / 5 小时 / 3 天, or 已过期 (also for a time that cannot be read). */
export function timeLeft(expires: string, now: number): string {
  const left = serverMs(expires) - now;
  if (!(left > 0)) return '已过期';
  if (left < HOUR) return `还剩 ${Math.max(1, Math.floor(left / MINUTE))} 分钟`;
  if (left < DAY) return `还剩 ${Math.floor(left / HOUR)} 小时`;
  return `还剩 ${Math.floor(left / DAY)} 天`;
}

export const isPast = (time: string, now: number) => !(serverMs(time) > now);
