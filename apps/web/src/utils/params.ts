type Scalar = string | number | boolean;

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/**
 * Query/form encoding the RuoYi server expects: empty values dropped, one level of nesting written
 * as `key[sub]=v` (e.g. `params[beginTime]`), brackets URL-encoded.
 */
export function tansParams(params: object): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (isEmpty(value)) continue;
    if (typeof value === 'object') {
      for (const [sub, subValue] of Object.entries(value as Record<string, unknown>)) {
        if (isEmpty(subValue)) continue;
        parts.push(`${encodeURIComponent(`${key}[${sub}]`)}=${encodeURIComponent(subValue as Scalar)}`);
      }
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value as Scalar)}`);
    }
  }
  return parts.join('&');
}
