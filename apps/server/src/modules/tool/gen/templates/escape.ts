import { ServiceError } from '../../../../core/errors';

/**
 * Everything a table's configuration puts into generated code passes through here: names become
 * identifiers only after they are checked, free text (comments, Chinese names, dict types) only as
 * escaped literals, so a crafted comment cannot end a string, a comment or a statement.
 */

/**
 * A single-quoted TypeScript string literal (the repository's style). JSON.stringify escapes every
 * control and line-separator character; its `\"` becomes `"` and a quote gets its backslash.
 */
export function tsString(text: string): string {
  const inner = JSON.stringify(text)
    .slice(1, -1)
    .replace(/\\"|\\\\|'/g, (m) => (m === '\\"' ? '"' : m === "'" ? "\\'" : m));
  return `'${inner}'`;
}

/** A default value as a TypeScript literal (numbers are finite: columns.ts checks them). */
export const tsLiteral = (value: string | number | boolean) => (typeof value === 'string' ? tsString(value) : String(value));

/** A default value as a PostgreSQL literal. */
export const sqlLiteral = (value: string | number | boolean) => (typeof value === 'string' ? sqlString(value) : String(value));

/** Free text inside a `/** … *\/` comment or a JSX text: one line, and no comment terminator. */
export function commentText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\*\//g, '*\\/').trim();
}

/** Drizzle splits a migration file at this marker wherever it appears, inside a string literal too. */
const BREAKPOINT = 'statement-breakpoint';

/**
 * A PostgreSQL string literal (standard_conforming_strings: only the quote is special). Text holding
 * drizzle's statement marker becomes an escape string with the marker's hyphen as \x2d.
 */
export function sqlString(text: string): string {
  if (!text.includes(BREAKPOINT)) return `'${text.replace(/'/g, "''")}'`;
  const escaped = text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replaceAll(BREAKPOINT, 'statement\\x2dbreakpoint');
  return `E'${escaped}'`;
}

const SQL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const TS_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
const FOLDER = /^[a-z][A-Za-z0-9]{0,29}$/;

/** A table or column name used unquoted in SQL and inside Drizzle's name strings. */
export function sqlName(name: string, what: string): string {
  if (!SQL_NAME.test(name)) throw new ServiceError(`${what}“${name}”不是合法的数据库名称（小写字母、数字和下划线）`);
  return name;
}

/** A property, class or variable name written into TypeScript. */
export function tsName(name: string, what: string): string {
  if (!TS_NAME.test(name)) throw new ServiceError(`${what}“${name}”不是合法的标识符`);
  return name;
}

/** moduleName / businessName: folder names, route segments and permission parts. */
export function folderName(name: string, what: string): string {
  if (!FOLDER.test(name)) throw new ServiceError(`${what}“${name}”只能包含字母和数字，且以小写字母开头`);
  return name;
}
