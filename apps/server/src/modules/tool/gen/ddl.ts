import { createRequire } from 'node:module';
import type * as SqlParser from 'node-sql-parser/build/postgresql.js';
import { GEN_CREATE_SQL_MAX_BYTES } from '@acs/shared';
import { DdlError, isNode, present, unexpectedKeys, type Dialect, type Node } from './ddl-ast';
import { SQL_IDENTIFIER } from './names';
import { columnType, INTEGER_TYPES } from './sql-types';

/**
 * 创建表: the user's SQL is parsed, never executed. Each CREATE TABLE is rebuilt from its syntax tree
 * through an allowlist (validated, quoted names; a fixed list of types; NOT NULL, PRIMARY KEY, UNIQUE,
 * identity; literal defaults; comments as escaped literals), so whatever else the text holds never
 * reaches the database. PostgreSQL syntax is tried first, then MySQL, so RuoYi users' DDL
 * (backticks, COMMENT, AUTO_INCREMENT, ENGINE=…) works as pasted.
 */

export const DDL_LIMITS = { bytes: GEN_CREATE_SQL_MAX_BYTES, statements: 20, columns: 200, commentLength: 500 } as const;

export interface RebuiltDdl {
  /** Tables created, in statement order. */
  tableNames: string[];
  /** PostgreSQL statements to run in one transaction, in order. */
  statements: string[];
}

// The per-dialect builds are a fraction of the all-dialects bundle; they are CommonJS without a default export in their typings.
const require = createRequire(import.meta.url);
const parsers: Record<Dialect, SqlParser.Parser> = {
  postgresql: new (require('node-sql-parser/build/postgresql.js') as typeof SqlParser).Parser(),
  mysql: new (require('node-sql-parser/build/mysql.js') as typeof SqlParser).Parser(),
};

interface ParseFailure {
  offset: number;
  line: number;
  column: number;
}

function parse(text: string): { dialect: Dialect; statements: Node[] } {
  const failures: ParseFailure[] = [];
  for (const dialect of ['postgresql', 'mysql'] as const) {
    try {
      const ast = parsers[dialect].astify(text, { database: dialect }) as unknown;
      return { dialect, statements: (Array.isArray(ast) ? ast : [ast]).filter(isNode) };
    } catch (err) {
      const start = (err as { location?: { start?: ParseFailure } }).location?.start;
      failures.push(start ?? { offset: 0, line: 1, column: 1 });
    }
  }
  // The dialect that read further is the one the user wrote in: its position is the useful one.
  const best = failures.reduce((a, b) => (b.offset > a.offset ? b : a));
  throw new DdlError(`SQL 语法错误（第${best.line}行第${best.column}列附近）`);
}

/** A table or column name: letters, digits and underscores, folded to lower case as PostgreSQL does. */
function identifier(raw: unknown, what: string): string {
  const name = typeof raw === 'string' ? raw.toLowerCase() : '';
  if (!SQL_IDENTIFIER.test(name)) throw new DdlError(`${what}"${String(raw).slice(0, 64)}"不合法：只能包含字母、数字和下划线，不能以数字开头，最长63个字符`);
  return name;
}

/** A column reference: a plain string (MySQL) or `{ expr: { value } }` (PostgreSQL). */
function columnName(ref: unknown): string {
  const column = isNode(ref) ? ref.column : undefined;
  const raw = isNode(column) && isNode(column.expr) ? column.expr.value : column;
  return identifier(raw, '字段名');
}

const quote = (name: string) => `"${name}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The text of a string literal node: quotes doubled in both dialects, backslash escapes in MySQL. */
function unescape(raw: string, dialect: Dialect): string {
  const doubled = raw.replace(/''/g, "'");
  if (dialect === 'postgresql') return doubled;
  const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', '0': '\0' };
  return doubled.replace(/\\(.)/g, (_m, c: string) => escapes[c] ?? c);
}

function commentText(text: string, where: string): string {
  if (text.length > DDL_LIMITS.commentLength) throw new DdlError(`${where}的注释不能超过${DDL_LIMITS.commentLength}个字符`);
  return text;
}

function stringLiteral(node: unknown, dialect: Dialect): string | undefined {
  if (!isNode(node) || typeof node.value !== 'string') return undefined;
  if (node.type === 'single_quote_string' || node.type === 'string') return unescape(node.value, dialect);
  if (node.type === 'double_quote_string' && dialect === 'mysql') return unescape(node.value, dialect);
  return undefined;
}

const DEFAULT_REFUSED = (column: string) => `字段${column}的默认值只能是数字、文本、布尔值或 CURRENT_TIMESTAMP`;

/** DEFAULT: a literal number, string or boolean, or CURRENT_TIMESTAMP; NULL is the default anyway. */
function defaultClause(node: unknown, column: string, dialect: Dialect): string {
  const value = isNode(node) ? node.value : undefined;
  if (!isNode(value)) throw new DdlError(DEFAULT_REFUSED(column));
  if (value.type === 'null') return '';
  if (value.type === 'bool' && typeof value.value === 'boolean') return ` default ${value.value}`;
  if (value.type === 'number' && /^-?\d+(\.\d+)?$/.test(String(value.value))) return ` default ${String(value.value)}`;
  const text = stringLiteral(value, dialect);
  if (text !== undefined) return ` default ${literal(text)}`;
  if (value.type === 'function' && isCurrentTimestamp(value)) return ' default current_timestamp';
  throw new DdlError(DEFAULT_REFUSED(column));
}

/** CURRENT_TIMESTAMP without arguments (MySQL's ON UPDATE clause is dropped: PostgreSQL has none). */
function isCurrentTimestamp(fn: Node): boolean {
  const parts = isNode(fn.name) && Array.isArray(fn.name.name) ? fn.name.name : [];
  const args = isNode(fn.args) && Array.isArray(fn.args.value) ? fn.args.value : [];
  const over = fn.over;
  const onUpdate = !present(over) || (isNode(over) && over.type === 'on update');
  return parts.length === 1 && isNode(parts[0]) && String(parts[0].value).toUpperCase() === 'CURRENT_TIMESTAMP' && args.length === 0 && onUpdate;
}

const COLUMN_KEYS = ['column', 'definition', 'resource', 'nullable', 'default_val', 'primary_key', 'unique', 'comment', 'auto_increment', 'generated_by_default'] as const;

interface BuiltColumn {
  name: string;
  sql: string;
  primaryKey: boolean;
  comment?: string;
}

function buildColumn(def: Node, dialect: Dialect): BuiltColumn {
  const name = columnName(def.column);
  const extra = unexpectedKeys(def, COLUMN_KEYS);
  if (isNode(def.column) && present(def.column.collate)) extra.push('collate');
  if (extra.length > 0) throw new DdlError(`字段${name}含有不支持的定义：${extra.join('、')}`);
  if (!isNode(def.definition)) throw new DdlError(`字段${name}缺少类型`);
  const type = columnType(def.definition, name, dialect);
  const identity = Boolean(type.identity || present(def.auto_increment) || present(def.generated_by_default));
  if (identity && !INTEGER_TYPES.has(type.sql)) throw new DdlError(`字段${name}只有整数类型才能自增`);
  let sql = `${quote(name)} ${type.sql}`;
  if (identity) sql += ' generated by default as identity';
  if (isNode(def.nullable) && def.nullable.type === 'not null') sql += ' not null';
  if (present(def.default_val)) {
    if (identity) throw new DdlError(`自增字段${name}不能有默认值`);
    sql += defaultClause(def.default_val, name, dialect);
  }
  if (present(def.unique)) sql += ' unique';
  const comment = isNode(def.comment) ? stringLiteral(def.comment.value, dialect) : undefined;
  return { name, sql, primaryKey: present(def.primary_key), comment: comment === undefined ? undefined : commentText(comment, `字段${name}`) };
}

/** The column list of a table-level PRIMARY KEY / UNIQUE, each a column of the table. */
function constraintColumns(def: Node, columns: Set<string>): string[] {
  const refs = Array.isArray(def.definition) ? def.definition : [];
  const names = refs.map((ref: unknown) => columnName(ref));
  for (const n of names) if (!columns.has(n)) throw new DdlError(`约束中的字段${n}不存在`);
  if (names.length === 0) throw new DdlError('约束缺少字段');
  return names;
}

// MySQL table options that only tune storage: dropped. COMMENT becomes COMMENT ON TABLE.
const STORAGE_OPTIONS = new Set(['engine', 'auto_increment', 'default charset', 'charset', 'character set', 'default character set', 'collate', 'default collate', 'row_format']);

function tableComment(options: unknown, table: string, dialect: Dialect): string | undefined {
  let comment: string | undefined;
  for (const option of Array.isArray(options) ? options : []) {
    const keyword = isNode(option) ? String(option.keyword).toLowerCase() : '';
    if (STORAGE_OPTIONS.has(keyword)) continue;
    if (keyword !== 'comment' || !isNode(option)) throw new DdlError(`表${table}含有不支持的选项：${keyword.toUpperCase()}`);
    // The grammar hands the table comment over as its source text, quotes included.
    const raw = String(option.value);
    const quoted = /^'(.*)'$/s.exec(raw) ?? /^"(.*)"$/s.exec(raw);
    comment = commentText(unescape(quoted ? quoted[1] : raw, dialect), `表${table}`);
  }
  return comment;
}

const CREATE_KEYS = ['type', 'keyword', 'table', 'create_definitions', 'table_options', 'if_not_exists'] as const;

interface BuiltTable {
  name: string;
  columns: Set<string>;
  statements: string[];
}

function buildTable(st: Node, dialect: Dialect): BuiltTable {
  if (present(st.query_expr) || present(st.as)) throw new DdlError('不支持 CREATE TABLE … AS SELECT');
  const tables = Array.isArray(st.table) ? st.table.filter(isNode) : [];
  if (tables.length !== 1) throw new DdlError('每条 CREATE TABLE 语句只能创建一张表');
  if (present(tables[0].db) || present(tables[0].schema)) throw new DdlError('表名不能指定模式或数据库');
  const name = identifier(tables[0].table, '表名');
  const extra = unexpectedKeys(st, CREATE_KEYS);
  if (extra.length > 0) throw new DdlError(`表${name}含有不支持的定义：${extra.join('、')}`);

  const definitions = Array.isArray(st.create_definitions) ? st.create_definitions.filter(isNode) : [];
  const columns = definitions.filter((d) => d.resource === 'column').map((d) => buildColumn(d, dialect));
  if (columns.length === 0) throw new DdlError(`表${name}没有字段`);
  const columnNames = new Set(columns.map((c) => c.name));
  if (columnNames.size !== columns.length) throw new DdlError(`表${name}有重复的字段名`);

  const parts = columns.map((c) => c.sql);
  let primaryKey = columns.filter((c) => c.primaryKey).map((c) => c.name);
  for (const d of definitions.filter((d) => d.resource !== 'column')) {
    const kind = String(d.constraint_type ?? '').toLowerCase();
    // Plain indexes (MySQL KEY/INDEX) only speed up reads: left out; the developer adds them in the migration.
    if (d.resource === 'index') continue;
    if (d.resource === 'constraint' && kind === 'primary key') {
      if (primaryKey.length > 0) throw new DdlError(`表${name}只能有一个主键`);
      primaryKey = constraintColumns(d, columnNames);
    } else if (d.resource === 'constraint' && kind.startsWith('unique')) {
      parts.push(`unique (${constraintColumns(d, columnNames).map(quote).join(', ')})`);
    } else {
      throw new DdlError(`表${name}含有不支持的约束：${kind.toUpperCase() || String(d.resource)}（只支持主键和唯一约束）`);
    }
  }
  if (primaryKey.length > 0) parts.push(`primary key (${primaryKey.map(quote).join(', ')})`);

  const statements = [`create table ${quote(name)} (\n  ${parts.join(',\n  ')}\n)`];
  const comment = tableComment(st.table_options, name, dialect);
  if (comment !== undefined) statements.push(`comment on table ${quote(name)} is ${literal(comment)}`);
  for (const c of columns) if (c.comment !== undefined) statements.push(`comment on column ${quote(name)}.${quote(c.name)} is ${literal(c.comment)}`);
  return { name, columns: columnNames, statements };
}

/** PostgreSQL's COMMENT ON TABLE/COLUMN, for a table created by the same text. */
function buildComment(st: Node, tables: Map<string, BuiltTable>, dialect: Dialect): string {
  const target = isNode(st.target) ? st.target : {};
  const text = isNode(st.expr) ? stringLiteral(st.expr.expr, dialect) : undefined;
  const name = isNode(target.name) ? target.name : {};
  if (target.type === 'table') {
    const table = tables.get(identifier(name.table, '表名'));
    if (!table) throw new DdlError('COMMENT ON 只能用于本次创建的表');
    if (text === undefined) throw new DdlError(`表${table.name}的注释必须是文本`);
    return `comment on table ${quote(table.name)} is ${literal(commentText(text, `表${table.name}`))}`;
  }
  if (target.type === 'column') {
    const table = tables.get(identifier(name.table, '表名'));
    if (!table) throw new DdlError('COMMENT ON 只能用于本次创建的表');
    const column = columnName(name);
    if (!table.columns.has(column)) throw new DdlError(`表${table.name}没有字段${column}`);
    if (text === undefined) throw new DdlError(`字段${column}的注释必须是文本`);
    return `comment on column ${quote(table.name)}.${quote(column)} is ${literal(commentText(text, `字段${column}`))}`;
  }
  throw new DdlError('COMMENT ON 只支持表和字段');
}

const statementName = (st: Node) => [st.type, st.keyword].filter((w) => typeof w === 'string').join(' ').toUpperCase();

/** The rebuilt statements of a text of CREATE TABLE (and COMMENT ON) statements, or a DdlError. */
export function rebuildCreateTables(text: string): RebuiltDdl {
  if (Buffer.byteLength(text, 'utf8') > DDL_LIMITS.bytes) throw new DdlError(`建表语句不能超过${DDL_LIMITS.bytes / 1024}KB`);
  const { dialect, statements } = parse(text);
  if (statements.length === 0) throw new DdlError('没有建表语句');
  if (statements.length > DDL_LIMITS.statements) throw new DdlError(`一次最多${DDL_LIMITS.statements}条语句`);
  const tables = new Map<string, BuiltTable>();
  const out: string[] = [];
  let columnCount = 0;
  for (const st of statements) {
    if (st.type === 'create' && st.keyword === 'table') {
      const table = buildTable(st, dialect);
      if (tables.has(table.name)) throw new DdlError(`表${table.name}重复创建`);
      columnCount += table.columns.size;
      if (columnCount > DDL_LIMITS.columns) throw new DdlError(`一次最多创建${DDL_LIMITS.columns}个字段`);
      tables.set(table.name, table);
      out.push(...table.statements);
    } else if (st.type === 'comment') {
      out.push(buildComment(st, tables, dialect));
    } else {
      throw new DdlError(`只允许 CREATE TABLE 语句，不允许 ${statementName(st) || '该语句'}`);
    }
  }
  return { tableNames: [...tables.keys()], statements: out };
}
