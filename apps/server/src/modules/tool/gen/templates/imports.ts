/** Case-insensitive, as the team orders named imports. */
const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());

/** Comments and quoted strings, where a word (a Chinese name, a table comment) is not a use of a name. */
const NOT_CODE = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;

/**
 * `import { a, b } from 'x';` with only the names the code uses, sorted; '' when none. A use is the
 * whole word, not after a property dot (`q.name`), spread (`...dayRange(`) included.
 */
export function importLine(code: string, names: string[], from: string, typeOnly: string[] = []): string {
  const text = code.replace(NOT_CODE, ' ');
  const used = [...new Set(names)].filter((name) => new RegExp(`(?<![\\w$])(?<![^.]\\.)${name}(?![\\w$])`).test(text)).sort(byName);
  if (used.length === 0) return '';
  if (used.every((name) => typeOnly.includes(name))) return `import type { ${used.join(', ')} } from '${from}';`;
  const spec = used.map((name) => (typeOnly.includes(name) ? `type ${name}` : name));
  return `import { ${spec.join(', ')} } from '${from}';`;
}

/** The import lines above a body of code, skipping the empty ones. */
export const withImports = (lines: string[], body: string) => `${lines.filter(Boolean).join('\n')}\n\n${body}`;
