import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, okData, table } from '../../../core/envelope';
import { requireSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { onlineListQuery, tokenIdList, tokenIdParam } from './schema';
import { forceLogout, listOnline } from './service';

const TITLE = '在线用户';

/**
 * 在线用户 (contract §3.11), plus 批量强退 for the seed's monitor:online:batchLogout button, which has no
 * endpoint upstream: DELETE /monitor/online/batchLogout?tokenIds=<id>,<id>… answers how many ended.
 */
export const onlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/monitor/online/list',
    { config: guarded('monitor:online:list'), schema: { summary: '查询在线用户列表', querystring: onlineListQuery } },
    async (request) => {
      const rows = await listOnline(deps, request.query, requireSession(request).tokenId);
      return table(rows, rows.length);
    },
  );

  app.delete(
    '/monitor/online/batchLogout',
    {
      config: guarded('monitor:online:batchLogout', TITLE, BusinessType.FORCE),
      schema: { summary: '批量强退在线用户', querystring: z.object({ tokenIds: tokenIdList }) },
    },
    async (request) => okData(await forceLogout(deps, request.query.tokenIds, requireSession(request).tokenId)),
  );

  app.delete(
    '/monitor/online/:tokenId',
    {
      config: guarded('monitor:online:forceLogout', TITLE, BusinessType.FORCE),
      schema: { summary: '强退在线用户', params: z.object({ tokenId: tokenIdParam }) },
    },
    async (request) => {
      await forceLogout(deps, [request.params.tokenId], requireSession(request).tokenId);
      return ok();
    },
  );
};
