/**
 * Where each top-level JSON value of the text ends: the operation log joins a request's body and its
 * path parameters with a space (`{"a":1} {"ids":"1,2"}`). Null when the text is not such a sequence of
 * objects and arrays.
 */
function topLevelValues(text: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') {
      if (depth === 0) return null;
      inString = true;
    } else if (c === '{' || c === '[') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth < 0) return null;
      if (depth === 0) parts.push(text.slice(start, i + 1));
    } else if (depth === 0 && !/\s/.test(c)) return null;
  }
  return depth === 0 && parts.length > 0 ? parts : null;
}

/**
 * The request parameters or result of an operation log as the detail dialog shows them: each JSON
 * object or array indented by two spaces; anything else (plain text, or JSON cut off at the column's
 * 2000 characters) exactly as stored.
 */
export function prettyJson(text: string | null | undefined): string {
  const raw = (text ?? '').trim();
  if (!raw) return '';
  const values = topLevelValues(raw);
  if (!values) return raw;
  try {
    return values.map((v) => JSON.stringify(JSON.parse(v), null, 2)).join('\n');
  } catch {
    return raw;
  }
}
