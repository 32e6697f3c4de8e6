import type { GenColumnModel } from '../model';

/** How a column is stored and carried, derived from its PostgreSQL type. */
export type ColumnKind = 'text' | 'int' | 'bigint' | 'decimal' | 'float' | 'bool' | 'timestamp' | 'date' | 'json';

export interface ColumnType {
  kind: ColumnKind;
  /** Drizzle builder imported from drizzle-orm/pg-core. */
  builder: string;
  /** Options after the column name, '' when none. */
  options: string;
  /** The declared varchar/char length, when there is one. */
  length?: number;
  /** Type in CREATE TABLE. */
  sql: string;
}

/**
 * The PostgreSQL type as the catalog (`format_type`) or a CREATE TABLE statement spells it. Types the
 * templates do not know are stored as text, which every value round-trips through.
 */
export function columnType(raw: string): ColumnType {
  const t = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  const size = /\((\d+)(?:\s*,\s*(\d+))?\)/.exec(t);
  const n = size ? Number(size[1]) : undefined;
  const scale = size?.[2] !== undefined ? Number(size[2]) : undefined;
  const base = t.replace(/\(.*?\)/, '').trim();
  if (/^(character varying|varchar)$/.test(base)) {
    return n ? { kind: 'text', builder: 'varchar', options: `{ length: ${n} }`, length: n, sql: `varchar(${n})` } : { kind: 'text', builder: 'varchar', options: '', sql: 'varchar' };
  }
  if (/^(character|char|bpchar)$/.test(base)) {
    const len = n ?? 1;
    return { kind: 'text', builder: 'char', options: `{ length: ${len} }`, length: len, sql: `char(${len})` };
  }
  if (/^(smallint|int2|smallserial|serial2)$/.test(base)) return { kind: 'int', builder: 'smallint', options: '', sql: 'smallint' };
  if (/^(integer|int|int4|serial|serial4)$/.test(base)) return { kind: 'int', builder: 'integer', options: '', sql: 'integer' };
  if (/^(bigint|int8|bigserial|serial8)$/.test(base)) return { kind: 'bigint', builder: 'bigint', options: `{ mode: 'number' }`, sql: 'bigint' };
  if (/^(numeric|decimal)$/.test(base)) {
    const precision = n === undefined ? '' : `precision: ${n}, ${scale === undefined ? '' : `scale: ${scale}, `}`;
    const sqlSize = n === undefined ? '' : `(${n}${scale === undefined ? '' : `,${scale}`})`;
    return { kind: 'decimal', builder: 'numeric', options: `{ ${precision}mode: 'number' }`, sql: `numeric${sqlSize}` };
  }
  if (/^(real|float4)$/.test(base)) return { kind: 'float', builder: 'real', options: '', sql: 'real' };
  if (/^(double precision|float8|float)$/.test(base)) return { kind: 'float', builder: 'doublePrecision', options: '', sql: 'double precision' };
  if (/^(boolean|bool)$/.test(base)) return { kind: 'bool', builder: 'boolean', options: '', sql: 'boolean' };
  if (/^(timestamptz|timestamp with time zone)$/.test(base)) {
    return { kind: 'timestamp', builder: 'timestamp', options: `{ withTimezone: true, mode: 'date' }`, sql: 'timestamp with time zone' };
  }
  if (/^(timestamp|timestamp without time zone|datetime)$/.test(base)) {
    return { kind: 'timestamp', builder: 'timestamp', options: `{ mode: 'date' }`, sql: 'timestamp' };
  }
  if (base === 'date') return { kind: 'date', builder: 'date', options: `{ mode: 'string' }`, sql: 'date' };
  if (base === 'jsonb' || base === 'json') return { kind: 'json', builder: base, options: '', sql: base };
  if (base === 'uuid') return { kind: 'text', builder: 'uuid', options: '', sql: 'uuid' };
  if (/^(time|time without time zone)$/.test(base)) return { kind: 'text', builder: 'time', options: '', sql: 'time' };
  if (/^(timetz|time with time zone)$/.test(base)) return { kind: 'text', builder: 'time', options: '{ withTimezone: true }', sql: 'time with time zone' };
  return { kind: 'text', builder: 'text', options: '', sql: 'text' };
}

export const isNumeric = (kind: ColumnKind) => kind === 'int' || kind === 'bigint' || kind === 'decimal' || kind === 'float';
export const isWholeNumber = (kind: ColumnKind) => kind === 'int' || kind === 'bigint';
export const isTime = (kind: ColumnKind) => kind === 'timestamp' || kind === 'date';

export type DefaultLiteral = string | number | boolean;

/**
 * The column's literal default when it fits the column: a string within its length for text, a finite
 * number for numbers (whole for whole numbers), a boolean for booleans. A default that does not fit
 * (or a date) is left to the database, never turned into code that cannot compile or store it.
 */
export function fittingDefault(c: GenColumnModel, type: ColumnType): DefaultLiteral | undefined {
  const value = c.defaultValue;
  if (type.kind === 'text') return typeof value === 'string' && (!type.length || [...value].length <= type.length) ? value : undefined;
  if (isNumeric(type.kind)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
    return isWholeNumber(type.kind) && !Number.isSafeInteger(value) ? undefined : value;
  }
  if (type.kind === 'bool') return typeof value === 'boolean' ? value : undefined;
  return undefined;
}

/** Audit columns (RuoYi's BaseEntity) that the service fills; never edited in a form. */
export const AUDIT_COLUMNS = ['create_by', 'create_time', 'update_by', 'update_time'] as const;

export const isAudit = (c: GenColumnModel) => (AUDIT_COLUMNS as readonly string[]).includes(c.columnName);

/** The label of a column in messages and headings: its comment, else its field name. */
export const labelOf = (c: GenColumnModel) => c.columnComment.trim() || c.field;
