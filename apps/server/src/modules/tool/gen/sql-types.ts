import { DdlError, present, type Dialect, type Node } from './ddl-ast';

/** The fixed list of column types 创建表 accepts, as PostgreSQL types; MySQL names map onto them. */

export interface ColumnType {
  sql: string;
  /** serial types */
  identity?: boolean;
}

export const INTEGER_TYPES = new Set(['smallint', 'integer', 'bigint']);

function boundedLength(def: Node, column: string, min: number, max: number): number | undefined {
  if (!present(def.length)) return undefined;
  const length = Number(def.length);
  if (!Number.isInteger(length) || length < min || length > max) throw new DdlError(`字段${column}的长度${String(def.length)}超出范围（${min}–${max}）`);
  return length;
}

/** The PostgreSQL type of a column definition, from a fixed list; MySQL spellings are translated. */
export function columnType(def: Node, column: string, dialect: Dialect): ColumnType {
  const name = String(def.dataType ?? '').toUpperCase();
  const suffix = (Array.isArray(def.suffix) ? def.suffix : []).map((s) => String(s).toUpperCase());
  const withZone = suffix.includes('WITH') && !suffix.includes('WITHOUT');
  switch (name) {
    case 'TINYINT':
    case 'SMALLINT':
    case 'INT2':
      return { sql: 'smallint' };
    case 'INT':
    case 'INTEGER':
    case 'INT4':
    case 'MEDIUMINT':
      // The PostgreSQL grammar reads int2/int8 as INT with a "length"; MySQL's int(11) is a display width.
      if (dialect === 'postgresql' && def.length === 2) return { sql: 'smallint' };
      if (dialect === 'postgresql' && def.length === 8) return { sql: 'bigint' };
      return { sql: 'integer' };
    case 'BIGINT':
    case 'INT8':
      return { sql: 'bigint' };
    case 'SMALLSERIAL':
      return { sql: 'smallint', identity: true };
    case 'SERIAL':
      return { sql: 'integer', identity: true };
    case 'BIGSERIAL':
      return { sql: 'bigint', identity: true };
    case 'REAL':
    case 'FLOAT':
    case 'FLOAT4':
      return { sql: 'real' };
    case 'DOUBLE':
    case 'DOUBLE PRECISION':
    case 'FLOAT8':
      return { sql: 'double precision' };
    case 'NUMERIC':
    case 'DECIMAL': {
      const precision = boundedLength(def, column, 1, 1000);
      if (precision === undefined) return { sql: 'numeric' };
      const scale = present(def.scale) ? Number(def.scale) : 0;
      if (!Number.isInteger(scale) || scale < 0 || scale > precision) throw new DdlError(`字段${column}的小数位数不合法`);
      return { sql: `numeric(${precision},${scale})` };
    }
    case 'BOOLEAN':
    case 'BOOL':
      return { sql: 'boolean' };
    case 'BIT':
      if (def.length === 1) return { sql: 'boolean' };
      break;
    case 'VARCHAR':
    case 'CHARACTER VARYING':
    case 'NVARCHAR': {
      const length = boundedLength(def, column, 1, 10485760);
      return { sql: length === undefined ? 'varchar' : `varchar(${length})` };
    }
    case 'CHAR':
    case 'CHARACTER':
    case 'NCHAR':
      return { sql: `char(${boundedLength(def, column, 1, 10485760) ?? 1})` };
    case 'TEXT':
    case 'TINYTEXT':
    case 'MEDIUMTEXT':
    case 'LONGTEXT':
      return { sql: 'text' };
    case 'UUID':
      return { sql: 'uuid' };
    case 'JSON':
      return { sql: 'json' };
    case 'JSONB':
      return { sql: 'jsonb' };
    case 'DATE':
      return { sql: 'date' };
    case 'TIME':
      return { sql: withZone ? 'timetz' : 'time' };
    case 'TIMETZ':
      return { sql: 'timetz' };
    case 'TIMESTAMP':
      return { sql: withZone ? 'timestamptz' : 'timestamp' };
    case 'TIMESTAMPTZ':
      return { sql: 'timestamptz' };
    case 'DATETIME':
      return { sql: 'timestamp' };
  }
  throw new DdlError(`字段${column}的类型${name || '（空）'}不受支持`);
}
