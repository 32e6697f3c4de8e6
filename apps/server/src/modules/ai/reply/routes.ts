import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType, type BusinessTypeValue } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { okData, okMsg, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, queryBool, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { readFile } from '../../common/upload';
import { exportColumns, importKnowledge, SHEET, templateColumns } from './knowledge-excel';
import {
  changeKnowledgeStatus,
  deleteKnowledge,
  exportKnowledge,
  getKnowledge,
  insertKnowledge,
  listKnowledge,
  updateKnowledge,
} from './knowledge';
import { changeRuleStatus, deleteRules, getRule, insertRule, listRules, updateRule } from './rules';
import {
  knowledgeBody,
  knowledgeExportQuery,
  knowledgeListQuery,
  knowledgeStatusBody,
  replyTestBody,
  ruleBody,
  ruleListQuery,
  ruleStatusBody,
} from './schema';
import { testReply } from './test-message';

const TITLE = 'AI客服回复';
const PERM = 'ai:agent:reply';
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const agentParams = z.object({ agentId: idParam });

/** Reply rules and knowledge Q&A of an agent (docs/ai-service.md §Replies); all under ai:agent:reply. */
export const replyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);
  const read = guarded(PERM);
  const write = (businessType: BusinessTypeValue) => guarded(PERM, TITLE, businessType);
  const operator = (request: Parameters<typeof requireSession>[0]) => requireSession(request).userName;

  app.get('/ai/agent/:agentId/rule/list', { config: read, schema: { summary: '查询回复规则列表', params: agentParams, querystring: ruleListQuery } }, async (request) => {
    const page = await listRules(deps, request.params.agentId, request.query);
    return table(page.rows, page.total);
  });

  app.get(
    '/ai/agent/:agentId/rule/:ruleId',
    { config: read, schema: { summary: '获取回复规则详情', params: agentParams.extend({ ruleId: idParam }) } },
    async (request) => okData(await getRule(deps, request.params.agentId, request.params.ruleId)),
  );

  app.post('/ai/agent/:agentId/rule', { config: write(BusinessType.INSERT), schema: { summary: '新增回复规则', params: agentParams, body: ruleBody } }, async (request) =>
    toAjax(await insertRule(deps, request.params.agentId, request.body, operator(request))),
  );

  app.put('/ai/agent/:agentId/rule', { config: write(BusinessType.UPDATE), schema: { summary: '修改回复规则', params: agentParams, body: ruleBody } }, async (request) =>
    toAjax(await updateRule(deps, request.params.agentId, request.body, operator(request))),
  );

  app.put(
    '/ai/agent/:agentId/rule/changeStatus',
    { config: write(BusinessType.UPDATE), schema: { summary: '修改回复规则状态', params: agentParams, body: ruleStatusBody } },
    async (request) => toAjax(await changeRuleStatus(deps, request.params.agentId, request.body.ruleId, request.body.status, operator(request))),
  );

  app.delete(
    '/ai/agent/:agentId/rule/:ruleIds',
    { config: write(BusinessType.DELETE), schema: { summary: '删除回复规则', params: agentParams.extend({ ruleIds: idList }) } },
    async (request) => toAjax(await deleteRules(deps, request.params.agentId, request.params.ruleIds)),
  );

  app.get(
    '/ai/agent/:agentId/knowledge/list',
    { config: read, schema: { summary: '查询知识库列表', params: agentParams, querystring: knowledgeListQuery } },
    async (request) => {
      const page = await listKnowledge(deps, request.params.agentId, request.query);
      return table(page.rows, page.total);
    },
  );

  app.post(
    '/ai/agent/:agentId/knowledge/export',
    { config: write(BusinessType.EXPORT), schema: { summary: '导出知识库', params: agentParams, body: knowledgeExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, SHEET, exportColumns, await exportKnowledge(deps, request.params.agentId, request.body ?? {})),
  );

  app.post(
    '/ai/agent/:agentId/knowledge/importData',
    {
      config: write(BusinessType.IMPORT),
      schema: { summary: '导入知识库', params: agentParams, querystring: z.object({ updateSupport: queryBool.optional() }) },
    },
    async (request) => {
      const file = await readFile(request, 'file', { allowed: ['xls', 'xlsx'], maxBytes: IMPORT_MAX_BYTES });
      return okMsg(await importKnowledge(deps, request.params.agentId, file.data, request.query.updateSupport ?? false, operator(request)));
    },
  );

  app.post('/ai/agent/:agentId/knowledge/importTemplate', { config: read, schema: { summary: '下载知识库导入模板', params: agentParams } }, async (_request, reply) =>
    sendWorkbook(reply, SHEET, templateColumns, []),
  );

  app.get(
    '/ai/agent/:agentId/knowledge/:knowledgeId',
    { config: read, schema: { summary: '获取知识详情', params: agentParams.extend({ knowledgeId: idParam }) } },
    async (request) => okData(await getKnowledge(deps, request.params.agentId, request.params.knowledgeId)),
  );

  app.post(
    '/ai/agent/:agentId/knowledge',
    { config: write(BusinessType.INSERT), schema: { summary: '新增知识', params: agentParams, body: knowledgeBody } },
    async (request) => toAjax(await insertKnowledge(deps, request.params.agentId, request.body, operator(request))),
  );

  app.put(
    '/ai/agent/:agentId/knowledge',
    { config: write(BusinessType.UPDATE), schema: { summary: '修改知识', params: agentParams, body: knowledgeBody } },
    async (request) => toAjax(await updateKnowledge(deps, request.params.agentId, request.body, operator(request))),
  );

  app.put(
    '/ai/agent/:agentId/knowledge/changeStatus',
    { config: write(BusinessType.UPDATE), schema: { summary: '修改知识状态', params: agentParams, body: knowledgeStatusBody } },
    async (request) =>
      toAjax(await changeKnowledgeStatus(deps, request.params.agentId, request.body.knowledgeId, request.body.status, operator(request))),
  );

  app.delete(
    '/ai/agent/:agentId/knowledge/:knowledgeIds',
    { config: write(BusinessType.DELETE), schema: { summary: '删除知识', params: agentParams.extend({ knowledgeIds: idList }) } },
    async (request) => toAjax(await deleteKnowledge(deps, request.params.agentId, request.params.knowledgeIds)),
  );

  app.post('/ai/agent/:agentId/reply/test', { config: read, schema: { summary: '测试自动回复', params: agentParams, body: replyTestBody } }, async (request) =>
    okData(await testReply(deps, request.params.agentId, request.body.content)),
  );
};
