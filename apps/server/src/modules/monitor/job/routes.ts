import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { JOB_TARGETS } from '@acs/shared/job';
import { requireSession } from '../../../core/auth';
import { ok, okData, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { assertRegistryComplete } from '../scheduler/registry';
import { JobScheduler } from '../scheduler/scheduler';
import { changeStatusBody, jobBody, jobExportQuery, jobListQuery, runBody } from './schema';
import { changeJobStatus, deleteJobs, exportJobs, getJob, insertJob, JOB_COLUMNS, listJobs, runJob, updateJob } from './service';

const TITLE = '定时任务';

/** 定时任务 (contract §3.12, §5.13) and the scheduler that runs the jobs in this instance (docs/jobs.md). */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);
  assertRegistryComplete();

  const scheduler = new JobScheduler(deps, { log: app.log, track: (task) => app.backgroundTasks.track(task) });
  app.addHook('onReady', () => scheduler.start());
  app.addHook('onClose', () => scheduler.stop());

  app.get('/monitor/job/list', { config: guarded('monitor:job:list'), schema: { summary: '查询定时任务列表', querystring: jobListQuery } }, async (request) => {
    const page = await listJobs(deps, request.query);
    return table(page.rows, page.total);
  });

  app.post(
    '/monitor/job/export',
    { config: guarded('monitor:job:export', TITLE, BusinessType.EXPORT), schema: { summary: '导出定时任务', body: jobExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, '定时任务', JOB_COLUMNS, await exportJobs(deps, request.body ?? {})),
  );

  // The 调用目标字符串 choices of the web's dialog: the registry's descriptors.
  app.get('/monitor/job/targets', { config: guarded('monitor:job:list'), schema: { summary: '查询可调用的任务目标' } }, async () => okData(JOB_TARGETS));

  app.get('/monitor/job/:jobId', { config: guarded('monitor:job:query'), schema: { summary: '获取定时任务详情', params: z.object({ jobId: idParam }) } }, async (request) =>
    okData(await getJob(deps, request.params.jobId)),
  );

  app.post('/monitor/job', { config: guarded('monitor:job:add', TITLE, BusinessType.INSERT), schema: { summary: '新增定时任务', body: jobBody } }, async (request) =>
    toAjax(await insertJob(deps, scheduler, request.body, requireSession(request).userName)),
  );

  app.put('/monitor/job', { config: guarded('monitor:job:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改定时任务', body: jobBody } }, async (request) =>
    toAjax(await updateJob(deps, scheduler, request.body, requireSession(request).userName)),
  );

  app.put(
    '/monitor/job/changeStatus',
    { config: guarded('monitor:job:changeStatus', TITLE, BusinessType.UPDATE), schema: { summary: '修改定时任务状态', body: changeStatusBody } },
    async (request) => toAjax(await changeJobStatus(deps, scheduler, request.body.jobId, request.body.status, requireSession(request).userName)),
  );

  app.put(
    '/monitor/job/run',
    { config: guarded('monitor:job:changeStatus', TITLE, BusinessType.UPDATE), schema: { summary: '立即执行一次定时任务', body: runBody } },
    async (request) => {
      await runJob(scheduler, request.body.jobId);
      return ok();
    },
  );

  app.delete(
    '/monitor/job/:jobIds',
    { config: guarded('monitor:job:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除定时任务', params: z.object({ jobIds: idList }) } },
    async (request) => {
      await deleteJobs(deps, scheduler, request.params.jobIds);
      return ok();
    },
  );
};
