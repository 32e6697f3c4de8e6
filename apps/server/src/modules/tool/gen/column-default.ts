import type { GenColumnModel } from './model';

export type ColumnDefault = Pick<GenColumnModel, 'defaultValue' | 'defaultNow'>;

/**
 * A column default as pg_get_expr prints it, read as data: a literal string, number or boolean, or the
 * current time. The text is matched against whole-expression patterns and never evaluated; anything
 * else (functions, sequences, operators, casts to other types) gives no default.
 */

// Longer defaults are not worth carrying into code; the patterns below stay linear anyway.
const MAX_EXPRESSION = 2000;

const TEXT_TYPES = new Set(['bpchar', 'character', 'character varying', 'varchar', 'text', 'uuid']);
const NUMBER_TYPES = new Set(['smallint', 'integer', 'bigint', 'numeric', 'real', 'double precision']);

// 'text'::type — only the quote is special in a standard string ('' is one quote).
const QUOTED = /^'((?:[^']|'')*)'::([a-z ]+)$/;
// PostgreSQL prints non-negative numeric constants bare; a cast may follow.
const BARE_NUMBER = /^(\d{1,40}(?:\.\d{1,40})?)(?:::([a-z ]+))?$/;
const NUMBER_TEXT = /^-?\d{1,40}(?:\.\d{1,40})?$/;
const NOW = new Set(['CURRENT_TIMESTAMP', 'now()']);

/** A number that survives the trip through a JS number: safe integers, decimals of at most 15 significant digits. */
function exactNumber(text: string): number | undefined {
  if (!NUMBER_TEXT.test(text)) return undefined;
  const value = Number(text);
  if (!text.includes('.')) return Number.isSafeInteger(value) ? value : undefined;
  const significant = text.replace(/[-.]/g, '').replace(/^0+/, '');
  return significant.length <= 15 ? value : undefined;
}

export function parseColumnDefault(expression: string | null | undefined): ColumnDefault {
  const text = expression?.trim() ?? '';
  if (!text || text.length > MAX_EXPRESSION) return {};
  if (NOW.has(text)) return { defaultNow: true };
  if (text === 'true' || text === 'false') return { defaultValue: text === 'true' };
  const bare = BARE_NUMBER.exec(text);
  if (bare && (bare[2] === undefined || NUMBER_TYPES.has(bare[2]))) {
    const value = exactNumber(bare[1]);
    return value === undefined ? {} : { defaultValue: value };
  }
  const quoted = QUOTED.exec(text);
  if (!quoted) return {};
  const [, inner, type] = quoted;
  if (TEXT_TYPES.has(type)) return { defaultValue: inner.replaceAll("''", "'") };
  if (NUMBER_TYPES.has(type)) {
    const value = exactNumber(inner);
    return value === undefined ? {} : { defaultValue: value };
  }
  return {};
}
