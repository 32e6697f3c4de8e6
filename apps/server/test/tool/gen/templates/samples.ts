import type { GenHtmlType, GenQueryType, GenTsType } from '@acs/shared';
import type { GenColumnModel, GenTableModel } from '../../../../src/modules/tool/gen/model';

/** Column flags as an import gives them, overridable per column. */
type ColumnOptions = Partial<Omit<GenColumnModel, 'columnName' | 'columnType' | 'columnComment'>>;

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

function tsTypeOf(columnType: string): GenTsType {
  if (/^(bigint|integer|smallint|numeric)/.test(columnType)) return 'number';
  if (columnType === 'boolean') return 'boolean';
  if (/^(timestamp|date)/.test(columnType)) return 'Date';
  return 'string';
}

const AUDIT = new Set(['create_by', 'create_time', 'update_by', 'update_time']);

function column(sort: number, columnName: string, columnType: string, columnComment: string, opts: ColumnOptions = {}): GenColumnModel {
  const isPk = opts.isPk ?? false;
  const audit = AUDIT.has(columnName);
  return {
    columnName,
    columnComment,
    columnType,
    tsType: tsTypeOf(columnType),
    field: camel(columnName),
    isPk,
    isIncrement: isPk,
    isRequired: false,
    isInsert: !isPk && !audit,
    isEdit: !isPk && !audit,
    isList: !audit || columnName === 'create_time',
    isQuery: false,
    queryType: 'EQ' as GenQueryType,
    htmlType: 'input' as GenHtmlType,
    dictType: '',
    sort,
    ...opts,
  };
}

const auditColumns = (from: number) => [
  column(from, 'create_by', 'varchar(64)', '创建者'),
  column(from + 1, 'create_time', 'timestamp with time zone', '创建时间'),
  column(from + 2, 'update_by', 'varchar(64)', '更新者'),
  column(from + 3, 'update_time', 'timestamp with time zone', '更新时间'),
];

function table(tableName: string, tableComment: string, businessName: string, columns: GenColumnModel[], extra: Partial<GenTableModel> = {}): GenTableModel {
  const className = camel(`_${tableName}`).replace(/^_?/, '');
  return {
    tableId: 1,
    tableName,
    tableComment,
    className: className.charAt(0).toUpperCase() + className.slice(1),
    tplCategory: 'crud',
    moduleName: 'biz',
    businessName,
    functionName: tableComment.replace(/表$/, ''),
    functionAuthor: 'admin',
    formColNum: 1,
    parentMenuId: 3,
    genView: false,
    columns,
    ...extra,
  };
}

/** 单表: a dict radio status, a *type select, a date, a textarea, numbers, a boolean, dept_id and user_id; literal and time defaults. */
export const crudSample = (): GenTableModel =>
  table('biz_visit', '客户拜访表', 'visit', [
    column(1, 'visit_id', 'bigint', '拜访编号', { isPk: true }),
    column(2, 'title', 'character varying(100)', '拜访主题', { isRequired: true, isQuery: true, queryType: 'LIKE' }),
    column(3, 'visit_type', 'character(1)', '拜访类型', { isQuery: true, htmlType: 'select', dictType: 'sys_notice_type' }),
    column(4, 'status', 'character(1)', '状态', { isQuery: true, htmlType: 'radio', dictType: 'sys_normal_disable', defaultValue: '0' }),
    column(5, 'visit_time', 'timestamp with time zone', '拜访时间', { isQuery: true, queryType: 'BETWEEN', htmlType: 'datetime', defaultNow: true }),
    column(6, 'content', 'text', '拜访内容', { htmlType: 'textarea', isList: false }),
    column(7, 'amount', 'numeric(10,2)', '意向金额', { isQuery: true, queryType: 'GTE', defaultValue: -1.5 }),
    column(8, 'visit_count', 'integer', '拜访次数', { isRequired: true, defaultValue: 0 }),
    column(9, 'is_key', 'boolean', '重点客户', { isQuery: true, defaultValue: true }),
    column(10, 'dept_id', 'bigint', '部门编号', { isInsert: false, isEdit: false, isList: false }),
    column(11, 'user_id', 'bigint', '负责人编号', { isInsert: false, isEdit: false, isList: false }),
    ...auditColumns(12),
    column(16, 'remark', 'character varying(500)', '备注', { htmlType: 'textarea', isList: false }),
  ]);

/** 树表: an area tree with a name, an order and a status, its dialog in two columns. */
export const treeSample = (): GenTableModel =>
  table(
    'biz_area',
    '服务区域表',
    'area',
    [
      column(1, 'area_id', 'bigint', '区域编号', { isPk: true }),
      column(2, 'parent_id', 'bigint', '上级区域', { isRequired: true, isList: false }),
      column(3, 'area_name', 'character varying(50)', '区域名称', { isRequired: true, isQuery: true, queryType: 'LIKE' }),
      column(4, 'order_num', 'integer', '显示顺序', { defaultValue: 0 }),
      column(5, 'status', 'character(1)', '状态', { isQuery: true, htmlType: 'radio', dictType: 'sys_normal_disable', defaultValue: '0' }),
      ...auditColumns(6),
    ],
    // Two form columns, so the check also compiles the grid layout of the dialog.
    { tplCategory: 'tree', formColNum: 2, tree: { codeColumn: 'area_id', parentColumn: 'parent_id', nameColumn: 'area_name' } },
  );

/** 主子表: an order with its lines, edited in one dialog. */
export const subSample = (): GenTableModel => {
  const item = table('biz_order_item', '订单明细表', 'orderItem', [
    column(1, 'item_id', 'bigint', '明细编号', { isPk: true }),
    column(2, 'order_id', 'bigint', '订单编号', { isRequired: true }),
    column(3, 'goods_name', 'character varying(100)', '商品名称', { isRequired: true }),
    column(4, 'quantity', 'integer', '数量', { isRequired: true, defaultValue: 1 }),
    column(5, 'price', 'numeric(10,2)', '单价'),
  ]);
  return table(
    'biz_order',
    '销售订单表',
    'order',
    [
      column(1, 'order_id', 'bigint', '订单编号', { isPk: true }),
      column(2, 'order_no', 'character varying(32)', '订单号', { isRequired: true, isQuery: true }),
      column(3, 'customer_name', 'character varying(50)', '客户名称', { isQuery: true, queryType: 'LIKE' }),
      column(4, 'order_date', 'date', '下单日期', { htmlType: 'datetime', isQuery: true }),
      column(5, 'total', 'numeric(12,2)', '订单金额'),
      column(6, 'status', 'character(1)', '状态', { htmlType: 'select', dictType: 'sys_normal_disable', isQuery: true, defaultValue: '0' }),
      ...auditColumns(7),
    ],
    { tplCategory: 'sub', sub: { table: item, fkColumn: 'order_id' }, genView: true },
  );
};

/** The three templates with their sample tables. */
export const SAMPLES: { name: 'crud' | 'tree' | 'sub'; model: () => GenTableModel }[] = [
  { name: 'crud', model: crudSample },
  { name: 'tree', model: treeSample },
  { name: 'sub', model: subSample },
];
