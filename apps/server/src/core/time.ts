const pad = (n: number) => String(n).padStart(2, '0');

/** Formats an instant as `yyyy-MM-dd HH:mm:ss` in GMT+8, the wire format of every date field. */
export function formatDateTime(d: Date): string {
  const t = new Date(d.getTime() + 8 * 3600_000);
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
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
