/**
 * 代码生成 (contract §3.13, §5.14, §7): the values gen_table / gen_table_column hold, shared by the
 * server (validation, templates) and the web screens (selects). RuoYi's column names stay for wire
 * compatibility; `javaType` holds a TypeScript type here.
 */

/** Templates: 单表 / 树表 / 主子表. */
export const GEN_TPL_CATEGORIES = ['crud', 'tree', 'sub'] as const;
export type GenTplCategory = (typeof GEN_TPL_CATEGORIES)[number];
export const GEN_TPL_CATEGORY_LABELS: Record<GenTplCategory, string> = {
  crud: '单表（增删改查）',
  tree: '树表（增删改查）',
  sub: '主子表（增删改查）',
};

/** The TypeScript type of a field (stored in gen_table_column.java_type). Date is a time string on the wire. */
export const GEN_TS_TYPES = ['string', 'number', 'boolean', 'Date'] as const;
export type GenTsType = (typeof GEN_TS_TYPES)[number];

export const GEN_QUERY_TYPES = ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'BETWEEN'] as const;
export type GenQueryType = (typeof GEN_QUERY_TYPES)[number];
export const GEN_QUERY_TYPE_LABELS: Record<GenQueryType, string> = {
  EQ: '=',
  NE: '!=',
  GT: '>',
  GTE: '>=',
  LT: '<',
  LTE: '<=',
  LIKE: 'LIKE',
  BETWEEN: 'BETWEEN',
};

export const GEN_HTML_TYPES = ['input', 'textarea', 'select', 'radio', 'checkbox', 'datetime', 'imageUpload', 'fileUpload', 'editor'] as const;
export type GenHtmlType = (typeof GEN_HTML_TYPES)[number];
export const GEN_HTML_TYPE_LABELS: Record<GenHtmlType, string> = {
  input: '文本框',
  textarea: '文本域',
  select: '下拉框',
  radio: '单选框',
  checkbox: '复选框',
  datetime: '日期控件',
  imageUpload: '图片上传',
  fileUpload: '文件上传',
  editor: '富文本控件',
};

/*
 * The shapes of the names a user sets on a generator table. They become folders, permission strings and
 * TypeScript source, so the server lets nothing else through and the edit page checks the same.
 */
/** A folder / permission segment (moduleName, businessName: varchar(30)). */
export const CAMEL_IDENTIFIER = /^[a-z][a-zA-Z0-9]{0,29}$/;
/** A camelCase property (javaField). */
export const FIELD_IDENTIFIER = /^[a-z][a-zA-Z0-9]{0,199}$/;
/** A PascalCase type name (className). */
export const PASCAL_IDENTIFIER = /^[A-Z][a-zA-Z0-9]{0,99}$/;

/** 创建表: the statements' size limit, in UTF-8 bytes. */
export const GEN_CREATE_SQL_MAX_BYTES = 64 * 1024;

/** 生成代码方式: '0' zip, '1' write into the source tree (development only). */
export const GEN_TYPE_ZIP = '0';
export const GEN_TYPE_PATH = '1';

/** Module (area) folder that generated code goes to unless the table's config names another. */
export const GEN_DEFAULT_MODULE = 'biz';

const serverModule = (m: string, b: string) => `apps/server/src/modules/${m}/${b}`;

/**
 * Where each template's file goes in the repository (preview key → path), for area `m` and entity `b`.
 * The keys keep RuoYi's `vm/...` shape: its client names a preview tab by the text between the last '/' and '.vm'.
 */
const GEN_FILE_PATHS = new Map<string, (m: string, b: string) => string>(Object.entries({
  'vm/server/table.ts.vm': (m: string, b: string) => `${serverModule(m, b)}/table.ts`,
  'vm/server/schema.ts.vm': (m: string, b: string) => `${serverModule(m, b)}/schema.ts`,
  'vm/server/repository.ts.vm': (m: string, b: string) => `${serverModule(m, b)}/repository.ts`,
  'vm/server/service.ts.vm': (m: string, b: string) => `${serverModule(m, b)}/service.ts`,
  'vm/server/routes.ts.vm': (m: string, b: string) => `${serverModule(m, b)}/routes.ts`,
  'vm/server/api.test.ts.vm': (m: string, b: string) => `${serverModule(m, b)}/${b}.test.ts`,
  'vm/sql/sql.vm': (m: string, b: string) => `${serverModule(m, b)}/migration.sql`,
  'vm/web/api.ts.vm': (m: string, b: string) => `apps/web/src/api/${m}/${b}.ts`,
  'vm/web/index.tsx.vm': (m: string, b: string) => `apps/web/src/pages/${m}/${b}/index.tsx`,
  'vm/web/view.tsx.vm': (m: string, b: string) => `apps/web/src/pages/${m}/${b}/components/Detail.tsx`,
}));

/** The repository path of a template's file, or '' for a key this project has no template for. */
export function genFilePath(key: string, moduleName: string, businessName: string): string {
  return GEN_FILE_PATHS.get(key)?.(moduleName, businessName) ?? '';
}
