import type { JobTargetDescriptor } from '@acs/shared/job';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/**
 * SysJob (contract §4): misfirePolicy '1' 立即执行 / '2' 执行一次 / '3' 放弃执行 ('0' 默认),
 * concurrent '0' 允许 / '1' 禁止, status '0' 正常 / '1' 暂停.
 */
export interface SysJob {
  jobId?: number;
  jobName: string;
  jobGroup: string;
  invokeTarget: string;
  cronExpression: string;
  misfirePolicy: string;
  concurrent: string;
  status: string;
  remark?: string | null;
  /** Next fire time after now, paused or not (as RuoYi); null for a cron without future times. */
  nextValidTime?: string | null;
  createBy?: string | null;
  createTime?: string | null;
  updateBy?: string | null;
  updateTime?: string | null;
}

export interface JobQuery {
  jobName?: string;
  jobGroup?: string;
  status?: string;
  invokeTarget?: string;
}

export function listJob(query: object) {
  return http.get<TableResult<SysJob>>('/monitor/job/list', query);
}

export function getJob(jobId: number) {
  return http.get<AjaxResult<SysJob>>(`/monitor/job/${jobId}`);
}

export function addJob(data: SysJob) {
  return http.post<AjaxResult>('/monitor/job', data);
}

export function updateJob(data: SysJob) {
  return http.put<AjaxResult>('/monitor/job', data);
}

export function delJob(jobIds: number | number[]) {
  return http.delete<AjaxResult>(`/monitor/job/${[jobIds].flat().join(',')}`);
}

/** '0' resumes, '1' pauses. */
export function changeJobStatus(jobId: number, status: string) {
  return http.put<AjaxResult>('/monitor/job/changeStatus', { jobId, status });
}

/** Runs the job once now. */
export function runJob(jobId: number, jobGroup: string) {
  return http.put<AjaxResult>('/monitor/job/run', { jobId, jobGroup });
}

/** The targets a job may call (the server's handler registry), for the 调用目标字符串 picker. */
export function listJobTargets() {
  return http.get<AjaxResult<JobTargetDescriptor[]>>('/monitor/job/targets');
}
