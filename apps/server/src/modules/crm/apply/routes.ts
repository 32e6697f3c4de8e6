import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { ok, okData, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { maySeePhone } from '../mask';
import { anonymous, limitAnonymousRoutes } from './anonymous';
import { applyExportQuery, applyListQuery, applyParams, handleBody, submitBody } from './schema';
import { APPLY_COLUMNS, deleteApplies, exportApplies, getApply, handleApply, listApplies } from './service';
import { submitApplication } from './submit';

const TITLE = '申请记录';

/** Per client IP: a person sends the form once or twice, a script many times. */
export const SUBMIT_LIMIT = { max: 5, timeWindow: 10 * 60_000 };
/** The form is a few short fields: far below the anonymous routes' general limit. */
const SUBMIT_BODY_LIMIT = 8 * 1024;

/** 申请记录: the /home application form (anonymous) and the console's list, detail, handling and export. */
export const applyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);
  await limitAnonymousRoutes(app, 'apply');
  const showPhone = (request: Parameters<typeof requireSession>[0]) => maySeePhone(requireSession(request));

  app.post('/crm/apply/submit', { config: anonymous(SUBMIT_LIMIT), bodyLimit: SUBMIT_BODY_LIMIT, schema: { summary: '访客提交申请', body: submitBody } }, async (request) => {
    await submitApplication(deps, request.body, { ip: request.clientIp, userAgent: request.headers['user-agent'] ?? '' });
    return ok();
  });

  app.get('/crm/apply/list', { config: guarded('crm:apply:list'), schema: { summary: '查询申请列表', querystring: applyListQuery } }, async (request) => {
    const page = await listApplies(deps, request.query, showPhone(request));
    return table(page.rows, page.total);
  });

  app.post(
    '/crm/apply/export',
    { config: guarded('crm:apply:export', TITLE, BusinessType.EXPORT), schema: { summary: '导出申请', body: applyExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, '申请记录', APPLY_COLUMNS, await exportApplies(deps, request.body ?? {}, showPhone(request))),
  );

  app.put('/crm/apply/handle', { config: guarded('crm:apply:edit', TITLE, BusinessType.UPDATE), schema: { summary: '处理申请', body: handleBody } }, async (request) =>
    toAjax(await handleApply(deps, request.body, requireSession(request).userName)),
  );

  app.get('/crm/apply/:applyId', { config: guarded('crm:apply:query'), schema: { summary: '获取申请详情', params: applyParams } }, async (request) =>
    okData(await getApply(deps, request.params.applyId, showPhone(request))),
  );

  app.delete(
    '/crm/apply/:applyIds',
    { config: guarded('crm:apply:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除申请', params: z.object({ applyIds: idList }) } },
    async (request) => toAjax(await deleteApplies(deps, request.params.applyIds)),
  );
};
