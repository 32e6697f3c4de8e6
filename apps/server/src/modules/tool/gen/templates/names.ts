import { ServiceError } from '../../../../core/errors';
import type { GenColumnModel, GenTableModel } from '../model';
import { columnType, fittingDefault, isAudit, labelOf, type ColumnType, type DefaultLiteral } from './columns';
import { commentText, folderName, sqlName, tsName } from './escape';

export interface Column extends GenColumnModel {
  type: ColumnType;
  label: string;
  /** The literal default the generated code repeats (only one that fits the column). */
  initial?: DefaultLiteral;
  /** Defaults to the current time: only a timestamp column. */
  defaultNow: boolean;
}

/** Everything the templates derive from one table, with every name checked once. */
export interface Names {
  model: GenTableModel;
  /** Drizzle table constant: bizOrder. */
  table: string;
  /** Entity type: BizOrder. */
  entity: string;
  /** moduleName / businessName, checked. */
  module: string;
  business: string;
  /** Business with a capital: Order (listOrder, OrderBody). */
  Business: string;
  /** Permission prefix: biz:order. */
  perm: string;
  /** API path: /biz/order. */
  route: string;
  /** Chinese entity name, one line. */
  title: string;
  columns: Column[];
  pk: Column;
  has: (columnName: string) => Column | undefined;
}

export const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

function checkColumn(c: GenColumnModel): Column {
  sqlName(c.columnName, '字段名');
  tsName(c.field, '属性名');
  const type = columnType(c.columnType);
  return {
    ...c,
    type,
    label: commentText(labelOf(c)) || c.field,
    initial: c.isPk ? undefined : fittingDefault(c, type),
    defaultNow: !c.isPk && c.defaultNow === true && type.kind === 'timestamp',
  };
}

/** The database fills the column of a new row when the row leaves it out. */
export const hasDefault = (c: Column) => c.initial !== undefined || c.defaultNow;

export function namesOf(model: GenTableModel): Names {
  sqlName(model.tableName, '表名');
  const columns = [...model.columns].sort((a, b) => a.sort - b.sort).map(checkColumn);
  const pk = columns.find((c) => c.isPk) ?? columns[0];
  if (!pk) throw new ServiceError(`表${model.tableName}没有字段`);
  const module = folderName(model.moduleName, '模块名');
  const business = folderName(model.businessName, '业务名');
  const entity = tsName(upperFirst(model.className), '实体类名称');
  return {
    model,
    table: lowerFirst(entity),
    entity,
    module,
    business,
    Business: upperFirst(business),
    perm: `${module}:${business}`,
    route: `/${module}/${business}`,
    title: commentText(model.functionName) || entity,
    columns,
    pk,
    has: (columnName) => columns.find((c) => c.columnName === columnName),
  };
}

/** Columns the add/edit dialog sends (never the audit columns the service fills). */
export const formColumns = (n: Names) => n.columns.filter((c) => !c.isPk && (c.isInsert || c.isEdit) && !isAudit(c));
export const listColumns = (n: Names) => n.columns.filter((c) => c.isList);
export const queryColumns = (n: Names) => n.columns.filter((c) => c.isQuery && !c.isPk);
/** Columns of the import sheet: what a person fills in (the key, to update an existing row, first). */
export const importColumns = (n: Names) => n.columns.filter((c) => !c.isPk && c.isInsert && !isAudit(c));
/** Distinct dictionary types of the given columns, in column order. */
export const dictTypes = (cols: Column[]) => [...new Set(cols.map((c) => c.dictType).filter(Boolean))];
