import type { AgentBusinessHours } from '@acs/shared';
import { chinaClock } from './china-time';

/** 'HH:mm' → minutes after midnight, or null when malformed. */
function parseClockTime(value: string): number | null {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * Whether `now` falls in the agent's business hours, in China time. Hours switched off mean always
 * open. start = end means the whole day. An overnight range (22:00–06:00) belongs to the day it
 * starts on: with days = [5] (Friday), Saturday 03:00 is inside and Friday 03:00 is not.
 * Malformed times count as always open rather than silently closing the shop.
 */
export function isWithinBusinessHours(hours: AgentBusinessHours, now: number): boolean {
  if (!hours.enabled) return true;
  const start = parseClockTime(hours.start);
  const end = parseClockTime(hours.end);
  if (start === null || end === null) return true;
  const clock = chinaClock(now);
  const minute = clock.hour * 60 + clock.minute;
  const open = (weekday: number) => hours.days.includes(weekday);
  if (start === end) return open(clock.weekday);
  if (start < end) return open(clock.weekday) && minute >= start && minute < end;
  if (minute >= start) return open(clock.weekday);
  if (minute < end) return open(clock.weekday === 1 ? 7 : clock.weekday - 1);
  return false;
}
