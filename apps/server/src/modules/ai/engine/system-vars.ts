import type { SystemVariableKey } from '@acs/shared';
import { chinaClock } from './china-time';

const WEEKDAYS = ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'];

const pad = (n: number) => String(n).padStart(2, '0');

/** Values of the variables the runtime supplies itself, in China time. */
export function systemVariableValues(now: number, agentName: string, customerName: string): Record<SystemVariableKey, string> {
  const c = chinaClock(now);
  const today = `${c.year}-${pad(c.month)}-${pad(c.day)}`;
  return {
    agent_name: agentName,
    customer_name: customerName,
    today,
    now: `${today} ${pad(c.hour)}:${pad(c.minute)}`,
    weekday: WEEKDAYS[c.weekday - 1] as string,
  };
}
