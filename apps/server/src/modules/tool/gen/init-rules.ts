import type { GenHtmlType, GenQueryType, GenTsType } from '@acs/shared';
import { camelCase } from './names';

/** A column as the PostgreSQL catalog describes it (catalog.ts). */
export interface DbColumn {
  columnName: string;
  columnComment: string;
  /** format_type() in the short spelling: `varchar(64)`, `timestamp`, `numeric(10,2)`. */
  columnType: string;
  notNull: boolean;
  isPk: boolean;
  /** identity column or a nextval() default (serial). */
  isIncrement: boolean;
  /** The default as pg_get_expr prints it, null when there is none. */
  defaultExpr: string | null;
  /** 1-based position among the live columns. */
  sort: number;
}

type Flag = '0' | '1';
const flag = (on: boolean): Flag => (on ? '1' : '0');

/** gen_table_column fields the import derives from a catalog column (RuoYi GenUtils.initColumnField). */
export interface InitialColumn {
  columnName: string;
  columnComment: string;
  columnType: string;
  javaType: GenTsType;
  javaField: string;
  isPk: Flag;
  isIncrement: Flag;
  isRequired: Flag;
  isInsert: Flag;
  isEdit: Flag;
  isList: Flag;
  isQuery: Flag;
  queryType: GenQueryType;
  htmlType: GenHtmlType;
  dictType: string;
  sort: number;
}

// RuoYi's GenConstants lists: audit columns the generated forms and lists leave out.
const NOT_EDIT = new Set(['id', 'create_by', 'create_time', 'del_flag']);
const NOT_LIST = new Set([...NOT_EDIT, 'update_by', 'update_time']);
const NOT_QUERY = new Set([...NOT_LIST, 'remark']);

const baseType = (columnType: string) => columnType.replace(/\(.*$/, '').replace(/\[\]$/, '').trim();

const NUMBER_TYPES = new Set(['smallint', 'integer', 'bigint', 'real', 'double precision', 'numeric']);
const DATE_TYPES = new Set(['date', 'time', 'timetz', 'timestamp', 'timestamptz']);

/** The TS type of a PostgreSQL type; anything unknown (arrays, bytea, inet…) travels as a string, RuoYi's default. */
export function tsTypeOf(columnType: string): GenTsType {
  if (columnType.endsWith('[]')) return 'string';
  const base = baseType(columnType);
  if (NUMBER_TYPES.has(base)) return 'number';
  if (base === 'boolean') return 'boolean';
  if (DATE_TYPES.has(base)) return 'Date';
  return 'string';
}

/** The declared length of varchar(n)/char(n), 0 when there is none. */
function lengthOf(columnType: string): number {
  const match = /^(?:varchar|char)\((\d+)\)$/.exec(columnType);
  return match ? Number(match[1]) : 0;
}

/** RuoYi: text types and long strings get a textarea; names decide radio/select/uploads/editor over the type. */
function htmlTypeOf(columnName: string, columnType: string, tsType: GenTsType): GenHtmlType {
  const name = columnName.toLowerCase();
  if (name.endsWith('status')) return 'radio';
  if (name.endsWith('type') || name.endsWith('sex')) return 'select';
  if (name.endsWith('image')) return 'imageUpload';
  if (name.endsWith('file')) return 'fileUpload';
  if (name.endsWith('content')) return 'editor';
  if (tsType === 'Date') return 'datetime';
  if (tsType === 'boolean') return 'checkbox';
  if (baseType(columnType) === 'text' || lengthOf(columnType) >= 500) return 'textarea';
  return 'input';
}

export function initColumn(c: DbColumn): InitialColumn {
  const tsType = tsTypeOf(c.columnType);
  const editable = !c.isPk && !NOT_EDIT.has(c.columnName);
  return {
    columnName: c.columnName,
    columnComment: c.columnComment.slice(0, 500),
    columnType: c.columnType.slice(0, 100),
    javaType: tsType,
    javaField: camelCase(c.columnName),
    isPk: flag(c.isPk),
    isIncrement: flag(c.isIncrement),
    isRequired: flag(c.notNull && !c.isPk),
    isInsert: '1',
    isEdit: flag(editable),
    isList: flag(!c.isPk && !NOT_LIST.has(c.columnName)),
    isQuery: flag(!c.isPk && !NOT_QUERY.has(c.columnName)),
    queryType: c.columnName.toLowerCase().endsWith('name') ? 'LIKE' : 'EQ',
    htmlType: htmlTypeOf(c.columnName, c.columnType, tsType),
    dictType: '',
    sort: c.sort,
  };
}
