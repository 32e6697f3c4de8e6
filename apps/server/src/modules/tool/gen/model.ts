import type { GenHtmlType, GenQueryType, GenTplCategory, GenTsType } from '@acs/shared';

/** One column of an imported table as the templates read it (gen_table_column, flags as booleans). */
export interface GenColumnModel {
  columnName: string;
  columnComment: string;
  /** PostgreSQL type as the catalog prints it: `varchar(64)`, `bigint`, `numeric(10,2)`, `timestamp`… */
  columnType: string;
  /** gen_table_column.java_type */
  tsType: GenTsType;
  /** gen_table_column.java_field: the camelCase property name. */
  field: string;
  isPk: boolean;
  isIncrement: boolean;
  isRequired: boolean;
  isInsert: boolean;
  isEdit: boolean;
  isList: boolean;
  isQuery: boolean;
  queryType: GenQueryType;
  htmlType: GenHtmlType;
  /** '' when the column has no dictionary. */
  dictType: string;
  sort: number;
  /**
   * The column's literal default as the catalog holds it (`status char(1) default '0'` → '0'); absent
   * for no default and for expressions, which are never copied into generated code.
   */
  defaultValue?: string | number | boolean;
  /** The default is the current time (CURRENT_TIMESTAMP / now()). */
  defaultNow?: boolean;
}

/** An imported table with its generation settings, ready for the templates (gen_table + options expanded). */
export interface GenTableModel {
  tableId: number;
  tableName: string;
  tableComment: string;
  /** PascalCase entity name: `BizCustomer`. */
  className: string;
  tplCategory: GenTplCategory;
  /** Area folder: `biz` → modules/biz, api/biz, pages/biz; permissions `biz:<business>:*`. */
  moduleName: string;
  /** Entity folder and route segment, camelCase: `customer`. */
  businessName: string;
  /** Chinese name used in titles, messages, menu and operation log: `客户`. */
  functionName: string;
  functionAuthor: string;
  /** 1–3 columns in the form dialog. */
  formColNum: number;
  /** Menu the generated menu goes under (sys_menu id); RuoYi's default is 3. */
  parentMenuId: number;
  /** 生成详情页 */
  genView: boolean;
  columns: GenColumnModel[];
  /** tree: the id, parent id and label fields (column names). */
  tree?: { codeColumn: string; parentColumn: string; nameColumn: string };
  /** sub: the child table and the column of the child that holds this table's key. */
  sub?: { table: GenTableModel; fkColumn: string };
}
