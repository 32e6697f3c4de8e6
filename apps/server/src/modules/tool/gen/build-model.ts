import { GEN_HTML_TYPES, GEN_QUERY_TYPES, GEN_TPL_CATEGORIES, GEN_TS_TYPES } from '@acs/shared';
import { ServiceError } from '../../../core/errors';
import type { Db } from '../../../db/client';
import { tableColumns } from './catalog';
import { parseColumnDefault, type ColumnDefault } from './column-default';
import type { GenColumnModel, GenTableModel } from './model';
import { DEFAULT_PARENT_MENU_ID, parseOptions } from './options';
import { columnsOf, tableByName } from './repository';
import type { GenColumnRow, GenTableRow } from './wire';

/** A stored value when it is one of the allowed ones (rows may predate a rule or be edited by hand), else the default. */
const oneOf = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

const on = (value: string | null) => value === '1';

function columnModel(c: GenColumnRow, defaults: ReadonlyMap<string, ColumnDefault>): GenColumnModel {
  return {
    columnName: c.columnName ?? '',
    columnComment: c.columnComment ?? '',
    columnType: c.columnType ?? '',
    tsType: oneOf(GEN_TS_TYPES, c.javaType, 'string'),
    field: c.javaField ?? '',
    isPk: on(c.isPk),
    isIncrement: on(c.isIncrement),
    isRequired: on(c.isRequired),
    isInsert: on(c.isInsert),
    isEdit: on(c.isEdit),
    isList: on(c.isList),
    isQuery: on(c.isQuery),
    queryType: oneOf(GEN_QUERY_TYPES, c.queryType, 'EQ'),
    htmlType: oneOf(GEN_HTML_TYPES, c.htmlType, 'input'),
    dictType: c.dictType ?? '',
    sort: c.sort ?? 0,
    ...defaults.get(c.columnName ?? ''),
  };
}

/**
 * gen_table_column has no default (RuoYi's schema), so the defaults come from the live table; a table
 * that is gone, or a column that is, has none.
 */
async function liveDefaults(db: Db, tableName: string): Promise<Map<string, ColumnDefault>> {
  return new Map((await tableColumns(db, tableName)).map((c) => [c.columnName, parseColumnDefault(c.defaultExpr)]));
}

/** The model of one table without its sub table; the template settings are checked as the edit page checks them. */
async function tableModel(db: Db, row: GenTableRow): Promise<GenTableModel> {
  const options = parseOptions(row.options);
  const defaults = await liveDefaults(db, row.tableName);
  const columns = (await columnsOf(db, row.tableId)).map((c) => columnModel(c, defaults));
  const tplCategory = oneOf(GEN_TPL_CATEGORIES, row.tplCategory, 'crud');
  const model: GenTableModel = {
    tableId: row.tableId,
    tableName: row.tableName,
    tableComment: row.tableComment,
    className: row.className,
    tplCategory,
    moduleName: row.moduleName ?? '',
    businessName: row.businessName ?? '',
    functionName: row.functionName ?? '',
    functionAuthor: row.functionAuthor ?? '',
    formColNum: row.formColNum,
    parentMenuId: options.parentMenuId ?? DEFAULT_PARENT_MENU_ID,
    genView: options.genView ?? false,
    columns,
  };
  if (tplCategory === 'tree') {
    if (!options.treeCode) throw new ServiceError('树编码字段不能为空');
    if (!options.treeParentCode) throw new ServiceError('树父编码字段不能为空');
    if (!options.treeName) throw new ServiceError('树名称字段不能为空');
    model.tree = { codeColumn: options.treeCode, parentColumn: options.treeParentCode, nameColumn: options.treeName };
  }
  return model;
}

/** GenTableModel of an imported table (templates' input): options expanded, the sub table loaded with its columns. */
export async function buildModel(db: Db, row: GenTableRow): Promise<GenTableModel> {
  const model = await tableModel(db, row);
  if (model.tplCategory !== 'sub') return model;
  if (!row.subTableName) throw new ServiceError('关联子表的表名不能为空');
  if (!row.subTableFkName) throw new ServiceError('子表关联的外键名不能为空');
  const subRow = await tableByName(db, row.subTableName);
  if (!subRow) throw new ServiceError(`关联子表${row.subTableName}未导入`);
  const sub = await tableModel(db, subRow);
  if (!sub.columns.some((c) => c.columnName === row.subTableFkName)) throw new ServiceError(`子表${row.subTableName}没有字段${row.subTableFkName}`);
  return { ...model, sub: { table: sub, fkColumn: row.subTableFkName } };
}
