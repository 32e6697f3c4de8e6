import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** SysJobLog (contract §4): status '0' 正常, '1' 失败. */
export interface SysJobLog {
  jobLogId: number;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  jobMessage: string | null;
  status: string;
  exceptionInfo: string | null;
  startTime: string | null;
  endTime: string | null;
  createTime: string | null;
}

export interface JobLogQuery {
  jobName?: string;
  jobGroup?: string;
  status?: string;
  invokeTarget?: string;
}

export function listJobLog(query: object) {
  return http.get<TableResult<SysJobLog>>('/monitor/jobLog/list', query);
}

export function getJobLog(jobLogId: number) {
  return http.get<AjaxResult<SysJobLog>>(`/monitor/jobLog/${jobLogId}`);
}

export function delJobLog(jobLogIds: number | number[]) {
  return http.delete<AjaxResult>(`/monitor/jobLog/${[jobLogIds].flat().join(',')}`);
}

/** Empties the whole log (ids restart). */
export function cleanJobLog() {
  return http.delete<AjaxResult>('/monitor/jobLog/clean');
}
