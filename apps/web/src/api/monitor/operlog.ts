import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** SysOperLog: status 0 正常 / 1 异常; businessType is a sys_oper_type value. */
export interface OperLog {
  operId: number;
  title: string;
  businessType: number;
  method: string;
  requestMethod: string;
  operatorType: number;
  operName: string;
  deptName: string;
  operUrl: string;
  operIp: string;
  operLocation: string;
  operParam: string;
  jsonResult: string;
  status: number;
  errorMsg: string;
  operTime: string;
  costTime: number;
}

export interface OperLogQuery {
  operIp?: string;
  title?: string;
  operName?: string;
  /** Several types at once (sent as businessTypes[0]=…). */
  businessTypes?: string[];
  status?: string;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

export function listOperlog(query: object) {
  return http.get<TableResult<OperLog>>('/monitor/operlog/list', query);
}

export function delOperlog(operIds: number[]) {
  return http.delete<AjaxResult>(`/monitor/operlog/${operIds.join(',')}`);
}

export function cleanOperlog() {
  return http.delete<AjaxResult>('/monitor/operlog/clean');
}
