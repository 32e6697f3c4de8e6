import type { AjaxResult, TableResult } from '../../../types/api';
import { http } from '../../../utils/request';

/** SysDictType; dictType is the key the data rows and the dict store use. */
export interface DictType {
  dictId?: number;
  dictName: string;
  dictType: string;
  status: string;
  remark?: string | null;
  createTime?: string;
}

export function listType(query: object) {
  return http.get<TableResult<DictType>>('/system/dict/type/list', query);
}

export function getType(dictId: number) {
  return http.get<AjaxResult<DictType>>(`/system/dict/type/${dictId}`);
}

/** Every type, for the 字典名称 select of the data page. */
export function optionselect() {
  return http.get<AjaxResult<DictType[]>>('/system/dict/type/optionselect');
}

export function addType(data: DictType) {
  return http.post<AjaxResult>('/system/dict/type', data);
}

export function updateType(data: DictType) {
  return http.put<AjaxResult>('/system/dict/type', data);
}

export function delType(dictIds: number | number[]) {
  return http.delete<AjaxResult>(`/system/dict/type/${[dictIds].flat().join(',')}`);
}

export function refreshCache() {
  return http.delete<AjaxResult>('/system/dict/type/refreshCache');
}
