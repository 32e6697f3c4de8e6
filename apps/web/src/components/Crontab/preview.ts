import { CHINA_UTC_OFFSET_MS } from '@acs/shared';
import { nextRunTimes, validateCron } from '@acs/shared/cron';

export const PREVIEW_COUNT = 5;

export interface CronPreview {
  /** Why the expression is refused; the other fields are then empty. */
  error?: string;
  /** Fire times as yyyy-MM-dd HH:mm:ss in China time (the scheduler's clock). */
  times: string[];
  /** Said under the times when there are fewer than asked for. */
  note?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The scheduler fires in China time whatever the browser's zone, so the preview shows that clock too. */
export function formatChinaTime(time: Date): string {
  const d = new Date(time.getTime() + CHINA_UTC_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** 最近5次运行时间 of the builder, with RuoYi's notes when the schedule ends early. */
export function previewRuns(expression: string, from: Date = new Date()): CronPreview {
  const error = validateCron(expression);
  if (error) return { error, times: [] };
  const times = nextRunTimes(expression, PREVIEW_COUNT, from).map(formatChinaTime);
  if (times.length === 0) return { times, note: '没有达到条件的结果！' };
  if (times.length < PREVIEW_COUNT) return { times, note: `最近100年内只有上面${times.length}条结果！` };
  return { times };
}
