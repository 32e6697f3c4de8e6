const pad = (n: number) => String(n).padStart(2, '0');

/** Formats an instant as `yyyy-MM-dd HH:mm:ss` in GMT+8, the wire format of every date field. */
export function formatDateTime(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) => (m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/**
 * Whether a date filter is a real calendar day, `yyyy-MM-dd` with an optional `HH:mm[:ss]` (the
 * wire format and what date pickers send); PostgreSQL would fail on anything else.
 */
export function isWireDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0));
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour < 24 && minute < 60 && second < 60;
}

const isoToJson = Date.prototype.toJSON;

function wireToJson(this: Date): string {
  return formatDateTime(this);
}

/**
 * JSON.stringify with dates in the wire format. Dates' toJSON is swapped for the duration of the
 * (synchronous) call: a replacer function would run for every key of every row, which cost more
 * than the rest of the serialisation on a page of users.
 */
export function toWireJson(payload: unknown): string {
  Date.prototype.toJSON = wireToJson;
  try {
    return JSON.stringify(payload);
  } finally {
    Date.prototype.toJSON = isoToJson;
  }
}
