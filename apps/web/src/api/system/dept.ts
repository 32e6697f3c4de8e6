import { http } from '../../utils/request';
import type { AjaxResult } from '../../types/api';

/** SysDept as the server returns it; status '0' normal, '1' disabled. */
export interface Dept {
  deptId: number;
  parentId: number;
  ancestors: string;
  deptName: string;
  orderNum: number;
  leader: string | null;
  phone: string | null;
  email: string | null;
  status: string;
  parentName?: string | null;
  createTime?: string | null;
}

/** The add/edit form; deptId only when editing. */
export interface DeptForm {
  deptId?: number;
  parentId?: number;
  deptName?: string;
  orderNum: number;
  leader?: string | null;
  phone?: string | null;
  email?: string | null;
  status: string;
}

export interface DeptQuery {
  deptName?: string;
  status?: string;
}

/** Flat list within the caller's data scope (the screen builds the tree). */
export function listDept(query?: DeptQuery) {
  return http.get<AjaxResult<Dept[]>>('/system/dept/list', query);
}

/** Possible parents of a dept: all depts in scope except it and its descendants. */
export function listDeptExcludeChild(deptId: number) {
  return http.get<AjaxResult<Dept[]>>(`/system/dept/list/exclude/${deptId}`);
}

export function getDept(deptId: number) {
  return http.get<AjaxResult<Dept>>(`/system/dept/${deptId}`);
}

export function addDept(data: DeptForm) {
  return http.post<AjaxResult>('/system/dept', data);
}

export function updateDept(data: DeptForm) {
  return http.put<AjaxResult>('/system/dept', data);
}

/** 保存排序: ids and order numbers as comma-joined strings paired by position. */
export function updateDeptSort(data: { deptIds: string; orderNums: string }) {
  return http.put<AjaxResult>('/system/dept/updateSort', data);
}

export function delDept(deptId: number) {
  return http.delete<AjaxResult>(`/system/dept/${deptId}`);
}
