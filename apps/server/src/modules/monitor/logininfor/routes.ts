import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { logininforExportQuery, logininforListQuery, unlockParams } from './schema';
import {
  cleanLogininfor,
  deleteLogininfor,
  exportLogininfor,
  listLogininfor,
  LOGININFOR_COLUMNS,
  unlockLogin,
} from './service';

const TITLE = '登录日志';

/** 登录日志 (contract §3.11). */
export const logininforRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);

  app.get(
    '/monitor/logininfor/list',
    { config: guarded('monitor:logininfor:list'), schema: { summary: '查询登录日志列表', querystring: logininforListQuery } },
    async (request) => {
      const page = await listLogininfor(deps, request.query);
      return table(page.rows, page.total);
    },
  );

  app.post(
    '/monitor/logininfor/export',
    {
      config: guarded('monitor:logininfor:export', TITLE, BusinessType.EXPORT),
      schema: { summary: '导出登录日志', body: logininforExportQuery.optional() },
    },
    async (request, reply) => sendWorkbook(reply, '登录日志', LOGININFOR_COLUMNS, await exportLogininfor(deps, request.body ?? {})),
  );

  app.delete(
    '/monitor/logininfor/clean',
    { config: guarded('monitor:logininfor:remove', TITLE, BusinessType.CLEAN), schema: { summary: '清空登录日志' } },
    async () => {
      await cleanLogininfor(deps);
      return ok();
    },
  );

  app.delete(
    '/monitor/logininfor/:infoIds',
    {
      config: guarded('monitor:logininfor:remove', TITLE, BusinessType.DELETE),
      schema: { summary: '删除登录日志', params: z.object({ infoIds: idList }) },
    },
    async (request) => toAjax(await deleteLogininfor(deps, request.params.infoIds)),
  );

  app.get(
    '/monitor/logininfor/unlock/:userName',
    {
      config: guarded('monitor:logininfor:unlock', '账户解锁', BusinessType.OTHER),
      schema: { summary: '解锁账户', params: unlockParams },
    },
    async (request) => {
      await unlockLogin(deps, request.params.userName);
      return ok();
    },
  );
};
