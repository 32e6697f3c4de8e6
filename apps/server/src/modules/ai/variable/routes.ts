import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { ok, okData, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { agentValuesBody, previewBody, variableBody, variableExportQuery, variableListQuery } from './schema';
import {
  agentVariables,
  deleteVariables,
  exportVariables,
  getVariable,
  insertVariable,
  listVariables,
  previewText,
  saveAgentVariables,
  updateVariable,
  VARIABLE_COLUMNS,
} from './service';

const TITLE = '变量管理';
const agentParams = z.object({ agentId: idParam });

/** 变量管理 and an agent's variable values (docs/ai-service.md §变量管理). */
export const variableRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);

  app.get('/ai/variable/list', { config: guarded('ai:variable:list'), schema: { summary: '查询变量列表', querystring: variableListQuery } }, async (request) => {
    const page = await listVariables(deps, request.query);
    return table(page.rows, page.total);
  });

  app.post(
    '/ai/variable/export',
    { config: guarded('ai:variable:export', TITLE, BusinessType.EXPORT), schema: { summary: '导出变量', body: variableExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, '变量数据', VARIABLE_COLUMNS, await exportVariables(deps, request.body ?? {})),
  );

  // It shows the stored variable values, so it is for those who may edit agents (the settings and reply dialogs use it).
  app.post('/ai/variable/preview', { config: guarded('ai:agent:edit'), schema: { summary: '预览变量替换结果', body: previewBody } }, async (request) =>
    okData(await previewText(deps, request.body)),
  );

  app.get(
    '/ai/variable/:variableId',
    { config: guarded('ai:variable:query'), schema: { summary: '获取变量详情', params: z.object({ variableId: idParam }) } },
    async (request) => okData(await getVariable(deps, request.params.variableId)),
  );

  app.post('/ai/variable', { config: guarded('ai:variable:add', TITLE, BusinessType.INSERT), schema: { summary: '新增变量', body: variableBody } }, async (request) =>
    toAjax(await insertVariable(deps, request.body, requireSession(request).userName)),
  );

  app.put('/ai/variable', { config: guarded('ai:variable:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改变量', body: variableBody } }, async (request) =>
    toAjax(await updateVariable(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/ai/variable/:variableIds',
    { config: guarded('ai:variable:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除变量', params: z.object({ variableIds: idList }) } },
    async (request) => toAjax(await deleteVariables(deps, request.params.variableIds)),
  );

  app.get('/ai/agent/:agentId/variables', { config: guarded('ai:agent:edit'), schema: { summary: '查询AI客服的变量', params: agentParams } }, async (request) =>
    okData(await agentVariables(deps, request.params.agentId)),
  );

  app.put(
    '/ai/agent/:agentId/variables',
    { config: guarded('ai:agent:edit', 'AI客服', BusinessType.UPDATE), schema: { summary: '修改AI客服的变量', params: agentParams, body: agentValuesBody } },
    async (request) => {
      await saveAgentVariables(deps, request.params.agentId, request.body.values);
      return ok();
    },
  );
};
