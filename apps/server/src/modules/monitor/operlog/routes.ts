import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { operlogExportQuery, operlogListQuery } from './schema';
import { cleanOperlog, deleteOperlog, exportOperlog, listOperlog, OPERLOG_COLUMNS } from './service';

const TITLE = '操作日志';

/** 操作日志 (contract §3.11, §5.5). */
export const operlogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);

  app.get(
    '/monitor/operlog/list',
    { config: guarded('monitor:operlog:list'), schema: { summary: '查询操作日志列表', querystring: operlogListQuery } },
    async (request) => {
      const page = await listOperlog(deps, request.query);
      return table(page.rows, page.total);
    },
  );

  app.post(
    '/monitor/operlog/export',
    {
      config: guarded('monitor:operlog:export', TITLE, BusinessType.EXPORT),
      schema: { summary: '导出操作日志', body: operlogExportQuery.optional() },
    },
    async (request, reply) => sendWorkbook(reply, '操作日志', OPERLOG_COLUMNS, await exportOperlog(deps, request.body ?? {})),
  );

  app.delete('/monitor/operlog/clean', { config: guarded('monitor:operlog:remove', TITLE, BusinessType.CLEAN), schema: { summary: '清空操作日志' } }, async () => {
    await cleanOperlog(deps);
    return ok();
  });

  app.delete(
    '/monitor/operlog/:operIds',
    {
      config: guarded('monitor:operlog:remove', TITLE, BusinessType.DELETE),
      schema: { summary: '删除操作日志', params: z.object({ operIds: idList }) },
    },
    async (request) => toAjax(await deleteOperlog(deps, request.params.operIds)),
  );
};
