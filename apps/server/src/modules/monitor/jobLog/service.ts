import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { dayRange, likePattern, orderBy, tableList, type ExcelColumn, type ListQuery } from '../../../core/list';
import { sysJobLog } from '../../../db/schema';
import type { JobLogFilters } from './schema';

type Deps = Pick<AppDeps, 'database'>;
type JobLogRow = typeof sysJobLog.$inferSelect;

function where(q: JobLogFilters): SQL | undefined {
  return and(
    q.jobName ? like(sysJobLog.jobName, likePattern(q.jobName)) : undefined,
    q.jobGroup ? eq(sysJobLog.jobGroup, q.jobGroup) : undefined,
    q.status ? eq(sysJobLog.status, q.status) : undefined,
    q.invokeTarget ? like(sysJobLog.invokeTarget, likePattern(q.invokeTarget)) : undefined,
    ...dayRange(sysJobLog.createTime, q),
  );
}

const sortable = {
  jobLogId: sysJobLog.jobLogId,
  jobName: sysJobLog.jobName,
  jobGroup: sysJobLog.jobGroup,
  status: sysJobLog.status,
  createTime: sysJobLog.createTime,
};
const defaultOrder = [desc(sysJobLog.createTime), desc(sysJobLog.jobLogId)];

const logs = (deps: Deps, q: JobLogFilters) => tableList(deps.database.db, sysJobLog, where(q), orderBy(q, sortable, defaultOrder));

export const listJobLogs = (deps: Deps, q: JobLogFilters & ListQuery) => logs(deps, q).page(q);

export const exportJobLogs = (deps: Deps, q: JobLogFilters) => logs(deps, q).all();

export const JOB_LOG_COLUMNS: ExcelColumn<JobLogRow>[] = [
  { header: '日志序号', value: (r) => r.jobLogId },
  { header: '任务名称', value: (r) => r.jobName, width: 20 },
  { header: '任务组名', value: (r) => r.jobGroup },
  { header: '调用目标字符串', value: (r) => r.invokeTarget, width: 40 },
  { header: '日志信息', value: (r) => r.jobMessage, width: 40 },
  { header: '执行状态', value: (r) => r.status, dict: { '0': '正常', '1': '失败' } },
  { header: '异常信息', value: (r) => r.exceptionInfo, width: 40 },
];

export async function getJobLog(deps: Deps, jobLogId: number) {
  const [row] = await deps.database.db.select().from(sysJobLog).where(eq(sysJobLog.jobLogId, jobLogId)).limit(1);
  return row ?? null;
}

export async function deleteJobLogs(deps: Deps, jobLogIds: number[]): Promise<number> {
  const removed = await deps.database.db.delete(sysJobLog).where(inArray(sysJobLog.jobLogId, jobLogIds)).returning({ id: sysJobLog.jobLogId });
  return removed.length;
}

/** 清空: every row goes and the numbering starts again, as upstream's truncate does. */
export async function cleanJobLogs(deps: Deps): Promise<void> {
  await deps.database.db.execute(sql`truncate table ${sysJobLog} restart identity`);
}
