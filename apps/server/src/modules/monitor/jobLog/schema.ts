import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { filterText } from '../../../core/rules';
import { sysJobLog } from '../../../db/schema';

const filters = {
  jobName: filterText('任务名称', sysJobLog.jobName),
  jobGroup: filterText('任务组名', sysJobLog.jobGroup),
  status: filterText('执行状态', sysJobLog.status),
  invokeTarget: filterText('调用目标字符串', sysJobLog.invokeTarget),
};
export const jobLogListQuery = listQuery.extend(filters);
export const jobLogExportQuery = exportQuery.extend(filters);
export type JobLogFilters = z.infer<typeof jobLogExportQuery>;
