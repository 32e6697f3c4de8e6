const pad = (n: number) => String(n).padStart(2, '0');

/** Formats an instant as `yyyy-MM-dd HH:mm:ss` in GMT+8, the wire format of every date field. */
export function formatDateTime(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

/** JSON.stringify with dates in the wire format; `this[key]` still holds the Date before toJSON ran. */
export function toWireJson(payload: unknown): string {
  return JSON.stringify(payload, function (this: Record<string, unknown>, key, value) {
    const original = this[key];
    return original instanceof Date ? formatDateTime(original) : value;
  });
}
