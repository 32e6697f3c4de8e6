import type { AjaxResult, TableResult } from '../../../types/api';
import { http } from '../../../utils/request';

export interface DictData {
  dictCode?: number;
  dictSort?: number;
  dictLabel: string;
  dictValue: string;
  dictType: string;
  cssClass?: string | null;
  listClass?: string | null;
  isDefault?: string;
  status?: string;
  remark?: string | null;
  createTime?: string;
}

export function getDicts(dictType: string) {
  return http.get<AjaxResult<DictData[]>>(`/system/dict/data/type/${encodeURIComponent(dictType)}`);
}

export function listData(query: object) {
  return http.get<TableResult<DictData>>('/system/dict/data/list', query);
}

export function getData(dictCode: number) {
  return http.get<AjaxResult<DictData>>(`/system/dict/data/${dictCode}`);
}

export function addData(data: DictData) {
  return http.post<AjaxResult>('/system/dict/data', data);
}

export function updateData(data: DictData) {
  return http.put<AjaxResult>('/system/dict/data', data);
}

export function delData(dictCodes: number | number[]) {
  return http.delete<AjaxResult>(`/system/dict/data/${[dictCodes].flat().join(',')}`);
}
