import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { ok, okData, table, toAjax } from '../../../core/envelope';
import { idList, idParam } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { agentCreateBody, agentListQuery, agentStatusBody, agentUpdateBody, channelBindBody, channelCreateBody } from './schema';
import {
  bindChannels,
  changeAgentStatus,
  createAgent,
  createWebChannel,
  deleteAgents,
  duplicateAgent,
  getAgent,
  listAgents,
  listChannels,
  updateAgent,
} from './service';
import { offeredTemplates } from './templates';

const TITLE = 'AI客服';
const agentParams = z.object({ agentId: idParam });

/** AI客服列表 (docs/ai-service.md). */
export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/ai/agent/list', { config: guarded('ai:agent:list'), schema: { summary: '查询AI客服列表', querystring: agentListQuery } }, async (request) => {
    const page = await listAgents(deps, request.query);
    return table(page.rows, page.total);
  });

  app.get('/ai/agent/templates', { config: { access: 'authenticated' }, schema: { summary: '查询AI客服模板' } }, async () => okData(offeredTemplates()));

  app.get('/ai/agent/channels', { config: guarded('ai:agent:query'), schema: { summary: '查询可接入的渠道' } }, async () => okData(await listChannels(deps)));

  app.post(
    '/ai/agent/channel',
    { config: guarded('ai:agent:edit', TITLE, BusinessType.INSERT), schema: { summary: '新增网页渠道', body: channelCreateBody } },
    async (request) => okData(await createWebChannel(deps, request.body.name, requireSession(request).userName)),
  );

  app.get('/ai/agent/:agentId', { config: guarded('ai:agent:query'), schema: { summary: '获取AI客服详情', params: agentParams } }, async (request) =>
    okData(await getAgent(deps, request.params.agentId)),
  );

  app.post('/ai/agent', { config: guarded('ai:agent:add', TITLE, BusinessType.INSERT), schema: { summary: '新增AI客服', body: agentCreateBody } }, async (request) =>
    okData(await createAgent(deps, request.body, requireSession(request).userName)),
  );

  app.put('/ai/agent', { config: guarded('ai:agent:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改AI客服', body: agentUpdateBody } }, async (request) =>
    toAjax(await updateAgent(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/ai/agent/:agentIds',
    { config: guarded('ai:agent:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除AI客服', params: z.object({ agentIds: idList }) } },
    async (request) => toAjax(await deleteAgents(deps, request.params.agentIds)),
  );

  app.post(
    '/ai/agent/:agentId/duplicate',
    { config: guarded('ai:agent:add', TITLE, BusinessType.INSERT), schema: { summary: '复制AI客服', params: agentParams } },
    async (request) => okData(await duplicateAgent(deps, request.params.agentId, requireSession(request).userName)),
  );

  app.put(
    '/ai/agent/:agentId/status',
    { config: guarded('ai:agent:publish', TITLE, BusinessType.UPDATE), schema: { summary: '发布或停用AI客服', params: agentParams, body: agentStatusBody } },
    async (request) => toAjax(await changeAgentStatus(deps, request.params.agentId, request.body.status, requireSession(request).userName)),
  );

  app.put(
    '/ai/agent/:agentId/channels',
    { config: guarded('ai:agent:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改AI客服接入的渠道', params: agentParams, body: channelBindBody } },
    async (request) => {
      await bindChannels(deps, request.params.agentId, request.body.accountIds, requireSession(request).userName);
      return ok();
    },
  );
};
