import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType, type BusinessTypeValue } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { table, toAjax } from '../../../core/envelope';
import { idList, idParam } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { unknownAttachBody, unknownCreateBody, unknownIdsBody, unknownListQuery } from './schema';
import { attachUnknown, createFromUnknown, deleteUnknown, ignoreUnknown, listUnknown, restoreUnknown } from './service';

const TITLE = 'AI客服回复';
const PERM = 'ai:agent:reply';
const agentParams = z.object({ agentId: idParam });
const groupParams = agentParams.extend({ unknownId: idParam });

/** 未知问题 of an agent (docs/ai-service.md §未知问题): part of its replies, so under ai:agent:reply. */
export const unknownRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const read = guarded(PERM);
  const write = (businessType: BusinessTypeValue) => guarded(PERM, TITLE, businessType);
  const operator = (request: Parameters<typeof requireSession>[0]) => requireSession(request).userName;

  app.get('/ai/agent/:agentId/unknown/list', { config: read, schema: { summary: '查询未知问题列表', params: agentParams, querystring: unknownListQuery } }, async (request) => {
    const page = await listUnknown(deps, request.params.agentId, request.query);
    return table(page.rows, page.total);
  });

  app.post(
    '/ai/agent/:agentId/unknown/:unknownId/attach',
    { config: write(BusinessType.UPDATE), schema: { summary: '将未知问题归入已有知识', params: groupParams, body: unknownAttachBody } },
    async (request) => toAjax(await attachUnknown(deps, request.params.agentId, request.params.unknownId, request.body, operator(request))),
  );

  app.post(
    '/ai/agent/:agentId/unknown/:unknownId/create',
    { config: write(BusinessType.INSERT), schema: { summary: '由未知问题新建知识', params: groupParams, body: unknownCreateBody } },
    async (request) => toAjax(await createFromUnknown(deps, request.params.agentId, request.params.unknownId, request.body, operator(request))),
  );

  app.put('/ai/agent/:agentId/unknown/ignore', { config: write(BusinessType.UPDATE), schema: { summary: '忽略未知问题', params: agentParams, body: unknownIdsBody } }, async (request) =>
    toAjax(await ignoreUnknown(deps, request.params.agentId, request.body.unknownIds, operator(request))),
  );

  app.put('/ai/agent/:agentId/unknown/restore', { config: write(BusinessType.UPDATE), schema: { summary: '恢复已忽略的未知问题', params: agentParams, body: unknownIdsBody } }, async (request) =>
    toAjax(await restoreUnknown(deps, request.params.agentId, request.body.unknownIds, operator(request))),
  );

  app.delete(
    '/ai/agent/:agentId/unknown/:unknownIds',
    { config: write(BusinessType.DELETE), schema: { summary: '删除未知问题', params: agentParams.extend({ unknownIds: idList }) } },
    async (request) => toAjax(await deleteUnknown(deps, request.params.agentId, request.params.unknownIds)),
  );
};
