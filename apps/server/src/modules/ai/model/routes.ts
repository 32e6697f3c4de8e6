import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { okData, table, toAjax } from '../../../core/envelope';
import { idList, idParam } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { bindEmbeddingRunner } from '../embedding/service';
import { providerBody, providerListQuery, providerProbe, providerTest } from './schema';
import { deleteProviders, fetchModels, getProvider, insertProvider, listProviders, providerOptions, testProvider, updateProvider } from './service';

const TITLE = '模型配置';

/**
 * 模型配置 (docs/ai-service.md). 测试连接 and 获取模型 reach out with a key, so they need
 * ai:model:edit (one permission per route; the add dialog shows them to editors only).
 */
export const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Knowledge vectors belong to the provider's embeddings model; this module is always mounted.
  bindEmbeddingRunner(app);

  app.get('/ai/model/list', { config: guarded('ai:model:list'), schema: { summary: '查询模型服务列表', querystring: providerListQuery } }, async (request) => {
    const page = await listProviders(deps, request.query);
    return table(page.rows, page.total);
  });

  app.get('/ai/model/options', { config: { access: 'authenticated' }, schema: { summary: '查询模型服务选项' } }, async () => okData(await providerOptions(deps)));

  app.post('/ai/model/test', { config: guarded('ai:model:edit'), schema: { summary: '测试模型服务连接', body: providerTest } }, async (request) =>
    okData(await testProvider(deps, request.body)),
  );

  app.post('/ai/model/models', { config: guarded('ai:model:edit'), schema: { summary: '查询服务商的模型列表', body: providerProbe } }, async (request) =>
    okData(await fetchModels(deps, request.body)),
  );

  app.get(
    '/ai/model/:providerId',
    { config: guarded('ai:model:query'), schema: { summary: '获取模型服务详情', params: z.object({ providerId: idParam }) } },
    async (request) => okData(await getProvider(deps, request.params.providerId)),
  );

  app.post('/ai/model', { config: guarded('ai:model:add', TITLE, BusinessType.INSERT), schema: { summary: '新增模型服务', body: providerBody } }, async (request) =>
    toAjax(await insertProvider(deps, request.body, requireSession(request).userName)),
  );

  app.put('/ai/model', { config: guarded('ai:model:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改模型服务', body: providerBody } }, async (request) =>
    toAjax(await updateProvider(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/ai/model/:providerIds',
    { config: guarded('ai:model:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除模型服务', params: z.object({ providerIds: idList }) } },
    async (request) => toAjax(await deleteProviders(deps, request.params.providerIds)),
  );
};
