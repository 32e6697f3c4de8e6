import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { okData, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { maySeePhone } from '../mask';
import { ownerScope } from '../scope';
import { crmLead } from '../../../db/schema';
import { ASSIGN_PERMISSION, assignLeads, changeStatus, checkLeadScope, claimLeads, releaseLeads } from './actions';
import { addFollowup } from './followup';
import { assignBody, claimBody, followupBody, leadExportQuery, leadListQuery, leadParams, releaseBody, statusBody } from './schema';
import { exportLeads, LEAD_COLUMNS, leadChat, leadDetail, listLeads, type ListContext } from './service';

const TITLE = '客户留资';

/** 客户留资 (docs/crm.md §Lead lifecycle): the lead list, the pool, assignment, claims and follow-ups. */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);
  type Request = Parameters<typeof requireSession>[0];
  const viewerOf = (request: Request) => ({ now: deps.now(), showPhone: maySeePhone(requireSession(request)) });
  const listContext = (request: Request, permission: string): ListContext => {
    const session = requireSession(request);
    return { ...viewerOf(request), userId: session.userId, scope: ownerScope(session, permission, crmLead.ownerId) };
  };

  app.get('/crm/lead/list', { config: guarded('crm:lead:list'), schema: { summary: '查询线索列表', querystring: leadListQuery } }, async (request) => {
    const page = await listLeads(deps, request.query, listContext(request, 'crm:lead:list'));
    return table(page.rows, page.total);
  });

  app.post(
    '/crm/lead/export',
    { config: guarded('crm:lead:export', TITLE, BusinessType.EXPORT), schema: { summary: '导出线索', body: leadExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, '留资数据', LEAD_COLUMNS, await exportLeads(deps, request.body ?? {}, listContext(request, 'crm:lead:export'))),
  );

  app.put('/crm/lead/assign', { config: guarded(ASSIGN_PERMISSION, TITLE, BusinessType.GRANT), schema: { summary: '分配线索', body: assignBody } }, async (request) =>
    toAjax(await assignLeads(deps, requireSession(request), request.body)),
  );

  app.put('/crm/lead/release', { config: guarded(ASSIGN_PERMISSION, TITLE, BusinessType.UPDATE), schema: { summary: '释放线索到公海', body: releaseBody } }, async (request) =>
    toAjax(await releaseLeads(deps, requireSession(request), request.body)),
  );

  app.post('/crm/lead/claim', { config: guarded('crm:lead:claim', TITLE, BusinessType.UPDATE), schema: { summary: '领取线索', body: claimBody } }, async (request) =>
    toAjax(await claimLeads(deps, requireSession(request), request.body.leadIds)),
  );

  app.put('/crm/lead/status', { config: guarded('crm:lead:followup', TITLE, BusinessType.UPDATE), schema: { summary: '修改线索状态', body: statusBody } }, async (request) =>
    toAjax(await changeStatus(deps, requireSession(request), request.body)),
  );

  app.get('/crm/lead/:leadId', { config: guarded('crm:lead:query'), schema: { summary: '获取线索详情', params: leadParams } }, async (request) => {
    await checkLeadScope(deps, requireSession(request), 'crm:lead:query', [request.params.leadId]);
    return okData(await leadDetail(deps, request.params.leadId, viewerOf(request)));
  });

  app.get('/crm/lead/:leadId/chat', { config: guarded('crm:lead:query'), schema: { summary: '查询线索的会话记录', params: leadParams } }, async (request) => {
    await checkLeadScope(deps, requireSession(request), 'crm:lead:query', [request.params.leadId]);
    return okData(await leadChat(deps, request.params.leadId, viewerOf(request)));
  });

  app.post(
    '/crm/lead/:leadId/followup',
    { config: guarded('crm:lead:followup', TITLE, BusinessType.INSERT), schema: { summary: '新增线索跟进记录', params: leadParams, body: followupBody } },
    async (request) => toAjax(await addFollowup(deps, requireSession(request), request.params.leadId, request.body)),
  );
};
