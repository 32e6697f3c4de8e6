import { isValidCron, parseCron } from '@acs/shared/cron';
import { checkInvokeTarget, JobStatus, MISFIRE_POLICY_LABELS, JOB_CONCURRENT_LABELS, MisfirePolicy, JobConcurrent } from '@acs/shared/job';
import { and, asc, eq, inArray, like, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, orderBy, tableList, type ExcelColumn, type ListQuery } from '../../../core/list';
import { sysJob, sysJobFire } from '../../../db/schema';
import type { JobScheduler } from '../scheduler/scheduler';
import type { JobBody, JobFilters } from './schema';

type Deps = Pick<AppDeps, 'database' | 'now'>;
type JobRow = typeof sysJob.$inferSelect;

export const JobMsg = {
  NOT_FOUND_OR_EXPIRED: '任务不存在或已过期！',
  badCron: (verb: string, name: string) => `${verb}任务'${name}'失败，Cron表达式不正确`,
  badTarget: (verb: string, name: string, reason: string) => `${verb}任务'${name}'失败，${reason}`,
} as const;

/** SysJob's computed nextValidTime: the next fire time after now, whatever the status (null when none is left). */
function nextValidTime(deps: Deps, expression: string): Date | null {
  try {
    return parseCron(expression).next(new Date(deps.now()));
  } catch {
    return null;
  }
}

const toJson = (deps: Deps, row: JobRow) => ({ ...row, nextValidTime: nextValidTime(deps, row.cronExpression) });

function where(q: JobFilters): SQL | undefined {
  return and(
    q.jobName ? like(sysJob.jobName, likePattern(q.jobName)) : undefined,
    q.jobGroup ? eq(sysJob.jobGroup, q.jobGroup) : undefined,
    q.status ? eq(sysJob.status, q.status) : undefined,
    q.invokeTarget ? like(sysJob.invokeTarget, likePattern(q.invokeTarget)) : undefined,
  );
}

const sortable = { jobId: sysJob.jobId, jobName: sysJob.jobName, jobGroup: sysJob.jobGroup, status: sysJob.status, createTime: sysJob.createTime };
const defaultOrder = [asc(sysJob.jobId)];

const jobs = (deps: Deps, q: JobFilters) => tableList(deps.database.db, sysJob, where(q), orderBy(q, sortable, defaultOrder));

export async function listJobs(deps: Deps, q: JobFilters & ListQuery) {
  const page = await jobs(deps, q).page(q);
  return { rows: page.rows.map((r) => toJson(deps, r)), total: page.total };
}

export const exportJobs = (deps: Deps, q: JobFilters) => jobs(deps, q).all();

export const JOB_COLUMNS: ExcelColumn<JobRow>[] = [
  { header: '任务序号', value: (r) => r.jobId },
  { header: '任务名称', value: (r) => r.jobName, width: 20 },
  { header: '任务组名', value: (r) => r.jobGroup },
  { header: '调用目标字符串', value: (r) => r.invokeTarget, width: 40 },
  { header: '执行表达式', value: (r) => r.cronExpression, width: 20 },
  { header: '计划策略', value: (r) => r.misfirePolicy, dict: MISFIRE_POLICY_LABELS },
  { header: '并发执行', value: (r) => r.concurrent, dict: JOB_CONCURRENT_LABELS },
  { header: '任务状态', value: (r) => r.status, dict: { '0': '正常', '1': '暂停' } },
];

export async function getJob(deps: Deps, jobId: number) {
  const [row] = await deps.database.db.select().from(sysJob).where(eq(sysJob.jobId, jobId)).limit(1);
  return row ? toJson(deps, row) : null;
}

/** The contract's checks in the contract's order (§3.12); the message names the job being saved. */
function assertSchedulable(body: JobBody, verb: '新增' | '修改'): void {
  if (!isValidCron(body.cronExpression)) throw new ServiceError(JobMsg.badCron(verb, body.jobName));
  const reason = checkInvokeTarget(body.invokeTarget);
  if (reason) throw new ServiceError(JobMsg.badTarget(verb, body.jobName, reason));
}

const fieldsOf = (body: JobBody) => ({
  jobName: body.jobName,
  jobGroup: body.jobGroup || 'DEFAULT',
  invokeTarget: body.invokeTarget.trim(),
  cronExpression: body.cronExpression.trim(),
  misfirePolicy: body.misfirePolicy ?? MisfirePolicy.DEFAULT,
  concurrent: body.concurrent ?? JobConcurrent.FORBID,
  remark: body.remark ?? '',
});

/** New jobs are stored paused, whatever the dialog sent: an administrator starts them deliberately. */
export async function insertJob(deps: Deps, scheduler: JobScheduler, body: JobBody, operator: string): Promise<number> {
  assertSchedulable(body, '新增');
  const [row] = await deps.database.db
    .insert(sysJob)
    .values({ ...fieldsOf(body), status: JobStatus.PAUSED, createBy: operator, createTime: new Date(deps.now()) })
    .returning({ jobId: sysJob.jobId });
  await scheduler.jobChanged(row.jobId);
  return 1;
}

export async function updateJob(deps: Deps, scheduler: JobScheduler, body: JobBody, operator: string): Promise<number> {
  assertSchedulable(body, '修改');
  if (!body.jobId) return 0;
  const status = body.status ? { status: body.status } : {};
  const rows = await deps.database.db
    .update(sysJob)
    .set({ ...fieldsOf(body), ...status, updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(sysJob.jobId, body.jobId))
    .returning({ jobId: sysJob.jobId });
  if (rows.length > 0) await scheduler.jobChanged(body.jobId);
  return rows.length;
}

export async function changeJobStatus(deps: Deps, scheduler: JobScheduler, jobId: number, status: string, operator: string): Promise<number> {
  const rows = await deps.database.db
    .update(sysJob)
    .set({ status, updateBy: operator, updateTime: new Date(deps.now()) })
    .where(eq(sysJob.jobId, jobId))
    .returning({ jobId: sysJob.jobId });
  if (rows.length > 0) await scheduler.jobChanged(jobId);
  return rows.length;
}

export async function runJob(scheduler: JobScheduler, jobId: number): Promise<void> {
  if (!(await scheduler.runOnce(jobId))) throw new ServiceError(JobMsg.NOT_FOUND_OR_EXPIRED);
}

/** The jobs go with their claims; their logs stay (调度日志 keeps the history). */
export async function deleteJobs(deps: Deps, scheduler: JobScheduler, jobIds: number[]): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await tx.delete(sysJob).where(inArray(sysJob.jobId, jobIds));
    await tx.delete(sysJobFire).where(inArray(sysJobFire.jobId, jobIds));
  });
  for (const jobId of jobIds) await scheduler.jobChanged(jobId);
}
