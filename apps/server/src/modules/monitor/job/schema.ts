import { INVOKE_TARGET_MAX, JOB_GROUP_MAX, JOB_NAME_MAX } from '@acs/shared/job';
import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { boundedText, filterText, optionalText, requiredText, statusFlag } from '../../../core/rules';
import { sysJob } from '../../../db/schema';

const jobId = z.coerce.number<string | number>({ error: '任务编号必须是整数' }).int('任务编号必须是整数').positive('任务编号必须是正整数');

/** SysJob as the add/edit dialog sends it; the length rules are SysJob's annotations (contract §4). */
export const jobBody = z.object({
  jobId: jobId.optional(),
  jobName: requiredText('任务名称不能为空', JOB_NAME_MAX, `任务名称不能超过${JOB_NAME_MAX}个字符`),
  jobGroup: boundedText('任务分组', JOB_GROUP_MAX).optional(),
  invokeTarget: requiredText('调用目标字符串不能为空', INVOKE_TARGET_MAX, `调用目标字符串长度不能超过${INVOKE_TARGET_MAX}个字符`),
  cronExpression: requiredText('Cron执行表达式不能为空', 255, 'Cron执行表达式不能超过255个字符'),
  misfirePolicy: z.enum(['0', '1', '2', '3'], { error: '计划执行错误策略只能是0、1、2或3' }).optional(),
  concurrent: z.enum(['0', '1'], { error: '是否并发执行只能是0或1' }).optional(),
  status: statusFlag.optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type JobBody = z.infer<typeof jobBody>;

export const changeStatusBody = z.object({ jobId, status: statusFlag });
export const runBody = z.object({ jobId, jobGroup: boundedText('任务分组', JOB_GROUP_MAX).nullish() });

const filters = {
  jobName: filterText('任务名称', sysJob.jobName),
  jobGroup: filterText('任务组名', sysJob.jobGroup),
  status: filterText('任务状态', sysJob.status),
  invokeTarget: filterText('调用目标字符串', sysJob.invokeTarget),
};
export const jobListQuery = listQuery.extend(filters);
export const jobExportQuery = exportQuery.extend(filters);
export type JobFilters = z.infer<typeof jobExportQuery>;
