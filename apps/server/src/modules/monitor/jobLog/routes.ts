import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, okData, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { jobLogExportQuery, jobLogListQuery } from './schema';
import { cleanJobLogs, deleteJobLogs, exportJobLogs, getJobLog, JOB_LOG_COLUMNS, listJobLogs } from './service';

/** 调度日志 (contract §3.12): read with the job permissions, as upstream does. */
export const jobLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);

  app.get('/monitor/jobLog/list', { config: guarded('monitor:job:list'), schema: { summary: '查询调度日志列表', querystring: jobLogListQuery } }, async (request) => {
    const page = await listJobLogs(deps, request.query);
    return table(page.rows, page.total);
  });

  app.post(
    '/monitor/jobLog/export',
    { config: guarded('monitor:job:export', '任务调度日志', BusinessType.EXPORT), schema: { summary: '导出调度日志', body: jobLogExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, '调度日志', JOB_LOG_COLUMNS, await exportJobLogs(deps, request.body ?? {})),
  );

  app.delete('/monitor/jobLog/clean', { config: guarded('monitor:job:remove', '调度日志', BusinessType.CLEAN), schema: { summary: '清空调度日志' } }, async () => {
    await cleanJobLogs(deps);
    return ok();
  });

  app.get(
    '/monitor/jobLog/:jobLogId',
    { config: guarded('monitor:job:query'), schema: { summary: '获取调度日志详情', params: z.object({ jobLogId: idParam }) } },
    async (request) => okData(await getJobLog(deps, request.params.jobLogId)),
  );

  app.delete(
    '/monitor/jobLog/:jobLogIds',
    { config: guarded('monitor:job:remove', '定时任务调度日志', BusinessType.DELETE), schema: { summary: '删除调度日志', params: z.object({ jobLogIds: idList }) } },
    async (request) => toAjax(await deleteJobLogs(deps, request.params.jobLogIds)),
  );
};
