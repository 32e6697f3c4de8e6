import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { table } from '../../../core/envelope';
import { acceptFormBodies, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { crmLead } from '../../../db/schema';
import { maySeePhone } from '../../crm/mask';
import { ownerScope } from '../../crm/scope';
import { bossLeaveExportQuery, bossLeaveListQuery } from './schema';
import { BOSS_LEAD_COLUMNS, exportBossLeads, listBossLeads, type BossLeaveContext } from './service';

/**
 * BOSS留资: the leads of BOSS直聘 chats with their candidates' profiles. Their lifecycle (assignment,
 * follow-ups, status, chat record) goes through 客户留资's /crm/lead/* endpoints.
 */
export const bossLeaveRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);
  const context = (request: Parameters<typeof requireSession>[0], permission: string): BossLeaveContext => {
    const session = requireSession(request);
    return { scope: ownerScope(session, permission, crmLead.ownerId), showPhone: maySeePhone(session) };
  };

  app.get('/channel/bossLeave/list', { config: guarded('channel:boss:lead'), schema: { summary: '查询BOSS留资列表', querystring: bossLeaveListQuery } }, async (request) => {
    const page = await listBossLeads(deps, request.query, context(request, 'channel:boss:lead'));
    return table(page.rows, page.total);
  });

  app.post(
    '/channel/bossLeave/export',
    { config: guarded('channel:boss:export', 'BOSS留资', BusinessType.EXPORT), schema: { summary: '导出BOSS留资', body: bossLeaveExportQuery.optional() } },
    async (request, reply) =>
      sendWorkbook(reply, 'BOSS留资', BOSS_LEAD_COLUMNS, await exportBossLeads(deps, request.body ?? {}, context(request, 'channel:boss:export'))),
  );
};
