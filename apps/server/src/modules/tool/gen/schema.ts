import { z } from 'zod';
import { CAMEL_IDENTIFIER, FIELD_IDENTIFIER, GEN_HTML_TYPES, GEN_QUERY_TYPES, GEN_TPL_CATEGORIES, GEN_TS_TYPES, GEN_TYPE_PATH, GEN_TYPE_ZIP, PASCAL_IDENTIFIER } from '@acs/shared';
import { listQuery, queryBool } from '../../../core/list';
import { boundedList, filterText, optionalText, requiredBoundedText } from '../../../core/rules';
import { genTable } from '../../../db/schema';
import { SQL_IDENTIFIER } from './names';

/** Tables named in one import or batch download (the import dialog pages by 10; a batch is a selection). */
export const MAX_TABLES_PER_CALL = 50;

const filters = {
  tableName: filterText('表名称', genTable.tableName),
  tableComment: filterText('表描述', genTable.tableComment),
};
export const genListQuery = listQuery.extend(filters);
export type GenListQuery = z.infer<typeof genListQuery>;
export const dbListQuery = listQuery.extend(filters);
export type DbListQuery = z.infer<typeof dbListQuery>;

/** `tables=a,b`: table names only, a bounded number of them, each a plain identifier. */
const tableNames = (prefix: string, empty: string) =>
  z
    .string({ error: `${prefix}${empty}` })
    .max(MAX_TABLES_PER_CALL * 64, `${prefix}一次最多${MAX_TABLES_PER_CALL}张表`)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(SQL_IDENTIFIER, `${prefix}表名只能包含小写字母、数字和下划线`))
        .min(1, `${prefix}${empty}`)
        .max(MAX_TABLES_PER_CALL, `${prefix}一次最多${MAX_TABLES_PER_CALL}张表`),
    );

/** RuoYi-Vue3 sends its front-end template type; kept for the wire, the generator has one front end. */
const tplWebType = z.string().max(30, '前端类型长度不能超过30个字符').optional();

export const importTableQuery = z.object({ tables: tableNames('导入失败：', '请选择要导入的表'), tplWebType });
/**
 * RuoYi's client puts the statements in the query string; ours sends them as a JSON body, since a URL
 * stops at the HTTP header limit (16 KB) long before the statements' own limit.
 */
export const createTableQuery = z.object({ sql: z.string().optional(), tplWebType });
export const createTableBody = z.object({ sql: z.string().optional() }).nullish();
export const batchQuery = z.object({ tables: tableNames('', '请选择要生成的数据') });
export const tableNameParams = z.object({ tableName: z.string().regex(SQL_IDENTIFIER, '表名只能包含小写字母、数字和下划线') });
export const genCodeQuery = z.object({ overwrite: queryBool.optional() });

const flag = z.enum(['0', '1'], { error: '只能是0或1' });
/** A column name of the table being edited (tree and sub settings); checked against the columns by the service. */
const columnRef = z.string().regex(SQL_IDENTIFIER, '字段名不合法');

/** RuoYi's own client offers Java types in this select; each stands for the TypeScript type it maps to. */
const JAVA_TO_TS: Record<string, (typeof GEN_TS_TYPES)[number]> = {
  String: 'string',
  Long: 'number',
  Integer: 'number',
  Double: 'number',
  BigDecimal: 'number',
  Boolean: 'boolean',
};
const tsType = z.preprocess(
  (v) => (typeof v === 'string' && Object.hasOwn(JAVA_TO_TS, v) ? JAVA_TO_TS[v] : v),
  z.enum(GEN_TS_TYPES, { error: 'TS类型只能是string、number、boolean或Date' }),
);

const identifierText = (label: string, pattern: RegExp, rule: string) => requiredBoundedText(label, 100).pipe(z.string().regex(pattern, `${label}${rule}`));

/** One row of the 字段信息 grid: only the settings are taken, the catalog facts (name, type, pk) stay as imported. */
export const genColumnBody = z.object({
  columnId: z.number().int().positive(),
  columnComment: optionalText(500, '字段描述长度不能超过500个字符'),
  javaType: tsType,
  javaField: identifierText('属性名', FIELD_IDENTIFIER, '只能包含字母和数字，且以小写字母开头'),
  isInsert: flag.nullish(),
  isEdit: flag.nullish(),
  isList: flag.nullish(),
  isQuery: flag.nullish(),
  isRequired: flag.nullish(),
  queryType: z.enum(GEN_QUERY_TYPES, { error: '查询方式不正确' }).nullish(),
  htmlType: z.enum(GEN_HTML_TYPES, { error: '显示类型不正确' }).nullish(),
  dictType: z.string().max(100, '字典类型长度不能超过100个字符').regex(/^[a-z0-9_]*$/, '字典类型只能包含小写字母、数字和下划线').nullish(),
  sort: z.number().int().min(0).max(100_000).nullish(),
});
export type GenColumnBody = z.infer<typeof genColumnBody>;

/** params of the 生成信息 tab (stored as JSON in gen_table.options). */
const genParams = z
  .object({
    treeCode: columnRef.nullish().or(z.literal('')),
    treeParentCode: columnRef.nullish().or(z.literal('')),
    treeName: columnRef.nullish().or(z.literal('')),
    parentMenuId: z.coerce.number<string | number>().int().min(0).nullish(),
    parentMenuName: z.string().max(50, '上级菜单名称长度不能超过50个字符').nullish(),
    genView: z.union([flag, z.boolean()]).nullish(),
  })
  .partial();

export const genTableBody = z
  .object({
    tableId: z.number({ error: '表编号不能为空' }).int().positive(),
    tableName: requiredBoundedText('表名称', genTable.tableName),
    tableComment: requiredBoundedText('表描述', genTable.tableComment),
    className: identifierText('实体类名称', PASCAL_IDENTIFIER, '只能包含字母和数字，且以大写字母开头'),
    functionAuthor: requiredBoundedText('作者', genTable.functionAuthor),
    tplCategory: z.enum(GEN_TPL_CATEGORIES, { error: '请选择生成模板' }),
    tplWebType,
    packageName: optionalText(100, '生成包路径长度不能超过100个字符'),
    moduleName: identifierText('生成模块名', CAMEL_IDENTIFIER, '只能包含字母和数字，以小写字母开头，最长30个字符'),
    businessName: identifierText('生成业务名', CAMEL_IDENTIFIER, '只能包含字母和数字，以小写字母开头，最长30个字符'),
    functionName: requiredBoundedText('生成功能名', genTable.functionName),
    formColNum: z.coerce.number<string | number>().int().min(1, '表单布局只能是1到3列').max(3, '表单布局只能是1到3列').nullish(),
    genType: z.enum([GEN_TYPE_ZIP, GEN_TYPE_PATH], { error: '生成代码方式只能是0或1' }).nullish(),
    genPath: optionalText(200, '生成路径长度不能超过200个字符'),
    subTableName: z.string().regex(SQL_IDENTIFIER, '关联子表的表名不合法').nullish().or(z.literal('')),
    subTableFkName: columnRef.nullish().or(z.literal('')),
    remark: optionalText(500, '备注长度不能超过500个字符'),
    params: genParams.nullish(),
    columns: boundedList(genColumnBody, '字段', 1600),
  })
  .superRefine((body, ctx) => {
    const params = body.params ?? {};
    const missing = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (body.tplCategory === 'tree') {
      if (!params.treeCode) missing('树编码字段不能为空');
      else if (!params.treeParentCode) missing('树父编码字段不能为空');
      else if (!params.treeName) missing('树名称字段不能为空');
    } else if (body.tplCategory === 'sub') {
      if (!body.subTableName) missing('关联子表的表名不能为空');
      else if (!body.subTableFkName) missing('子表关联的外键名不能为空');
    }
  });
export type GenTableBody = z.infer<typeof genTableBody>;

