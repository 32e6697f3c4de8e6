/**
 * `{{ key }}` templates of prompts, welcome messages, replies and lead questions. Shared so the
 * console's preview renders exactly what the server sends.
 */

/** Same key shape as VARIABLE_KEY_PATTERN; spaces inside the braces are allowed. */
const TEMPLATE_KEY = /\{\{\s*([A-Za-z][A-Za-z0-9_.]{0,63})\s*\}\}/g;

const own = (record: Record<string, string | undefined>, key: string): string | undefined =>
  // `values` is often a plain object: `values.constructor` must not count as a value.
  Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;

/**
 * Replaces every `{{ key }}` in one pass: a value that itself contains `{{…}}` is inserted as is,
 * never rendered again. A key without a non-empty value takes its non-empty fallback, else ''
 * and is listed (once) in `missing`.
 */
export function renderTemplate(
  template: string,
  values: Record<string, string | undefined>,
  fallbacks: Record<string, string> = {},
): { text: string; missing: string[] } {
  const missing: string[] = [];
  const text = template.replace(TEMPLATE_KEY, (_match, key: string) => {
    const value = own(values, key);
    if (value) return value;
    const fallback = own(fallbacks, key);
    if (fallback) return fallback;
    if (!missing.includes(key)) missing.push(key);
    return '';
  });
  return { text, missing };
}

/** The distinct keys a template uses, in order of first use. */
export function templateKeys(text: string): string[] {
  const keys: string[] = [];
  for (const match of text.matchAll(TEMPLATE_KEY)) {
    const key = match[1] as string;
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}
