import { Code } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { downloadFile } from '../../utils/download';
import { toast } from '../../utils/feedback';
import { tansParams } from '../../utils/params';
import { http, messageForCode, sendRequest } from '../../utils/request';

/** gen_table as the RuoYi wire carries it; options come expanded into the tree/menu/view fields. */
export interface GenTable {
  tableId: number;
  tableName: string;
  tableComment: string;
  subTableName?: string | null;
  subTableFkName?: string | null;
  className: string;
  tplCategory: string;
  tplWebType?: string;
  packageName?: string | null;
  moduleName?: string | null;
  businessName?: string | null;
  functionName?: string | null;
  functionAuthor?: string | null;
  formColNum?: number;
  /** '0' zip, '1' written into the source tree. */
  genType: string;
  genPath?: string;
  options?: string | null;
  treeCode?: string | null;
  treeParentCode?: string | null;
  treeName?: string | null;
  parentMenuId?: number | null;
  parentMenuName?: string | null;
  /** 生成详情页: '1'/'0' in this project; RuoYi's own server answers a boolean. */
  genView?: string | boolean | null;
  remark?: string | null;
  createTime?: string;
  updateTime?: string | null;
  columns?: GenTableColumn[];
}

/** gen_table_column; the flags are '1' (yes) or '0'/null, javaType holds a TS type. */
export interface GenTableColumn {
  columnId: number;
  tableId?: number;
  columnName: string;
  columnComment: string;
  columnType: string;
  javaType: string;
  javaField: string;
  isPk?: string | null;
  isIncrement?: string | null;
  isRequired?: string | null;
  isInsert?: string | null;
  isEdit?: string | null;
  isList?: string | null;
  isQuery?: string | null;
  queryType?: string | null;
  htmlType?: string | null;
  dictType?: string | null;
  sort: number;
}

/** A table of the database that can be imported. */
export interface DbTable {
  tableName: string;
  tableComment: string;
  createTime?: string | null;
  updateTime?: string | null;
}

export interface GenTableQuery {
  tableName?: string;
  tableComment?: string;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

/** What PUT /tool/gen takes: the table, its columns, and the options the server keeps as JSON. */
export type GenTableUpdate = GenTable & {
  columns: GenTableColumn[];
  params: { treeCode?: string | null; treeParentCode?: string | null; treeName?: string | null; parentMenuId?: number | null; genView: '1' | '0' };
};

export interface GenTableDetail {
  info: GenTable;
  rows: GenTableColumn[];
  /** Every imported table with its columns, for the sub-table selects. */
  tables: GenTable[];
}

export function listTable(query: object) {
  return http.get<TableResult<GenTable>>('/tool/gen/list', query);
}

export function listDbTable(query: object) {
  return http.get<TableResult<DbTable>>('/tool/gen/db/list', query);
}

export function getGenTable(tableId: number) {
  return http.get<AjaxResult<GenTableDetail>>(`/tool/gen/${tableId}`);
}

export function updateGenTable(data: GenTableUpdate) {
  return http.put<AjaxResult>('/tool/gen', data);
}

// The table names travel in the query string as RuoYi's client sends them; putting them in the url
// (rather than axios params) also keeps two different imports apart for the repeat-submit guard.
export function importTable(tables: string[]) {
  return http.post<AjaxResult>(`/tool/gen/importTable?${tansParams({ tables: tables.join(',') })}`);
}

/** The statements go in a JSON body: in the query string (RuoYi's way) they would stop at the header limit. */
export function createTable(sql: string) {
  return http.post<AjaxResult>('/tool/gen/createTable', { sql });
}

export function delTable(tableIds: number | number[]) {
  return http.delete<AjaxResult>(`/tool/gen/${[tableIds].flat().join(',')}`);
}

/** Rendered files by preview key (`vm/server/routes.ts.vm` → text). */
export function previewTable(tableId: number) {
  return http.get<AjaxResult<Record<string, string>>>(`/tool/gen/preview/${tableId}`);
}

export function synchDb(tableName: string) {
  return http.get<AjaxResult>(`/tool/gen/synchDb/${encodeURIComponent(tableName)}`);
}

/** Whether this server may write generated files into its source tree (development only). */
export function genSettings() {
  return http.get<AjaxResult<{ writeToTree: boolean }>>('/tool/gen/settings');
}

/** The outcome of writing into the source tree: done, or refused because these files exist already. */
export type GenCodeResult = { written: true; msg: string } | { written: false; existing: string[]; msg: string };

/**
 * GET /tool/gen/genCode: code 601 lists the files that would be overwritten (ask, then call again with
 * overwrite), so the body is read raw rather than through the envelope's warning toast.
 */
export async function genCode(tableName: string, overwrite = false): Promise<GenCodeResult> {
  const res = await sendRequest({
    method: 'get',
    url: `/tool/gen/genCode/${encodeURIComponent(tableName)}`,
    params: overwrite ? { overwrite: true } : undefined,
    responseType: 'blob',
  });
  const body = JSON.parse(await (res.data as Blob).text()) as AjaxResult<{ existing?: string[] }>;
  if (body.code === Code.SUCCESS) return { written: true, msg: body.msg };
  if (body.code === Code.WARN) return { written: false, existing: body.data?.existing ?? [], msg: body.msg };
  const msg = messageForCode(body.code, body.msg);
  toast.error(msg);
  throw new Error(msg);
}

/** Downloads the generated code of the tables as a zip (RuoYi's GET batchGenCode), saved as `filename`. */
export function downloadCode(tables: string[], filename: string): Promise<void> {
  return downloadFile({ method: 'get', url: '/tool/gen/batchGenCode', params: { tables: tables.join(',') } }, filename);
}
