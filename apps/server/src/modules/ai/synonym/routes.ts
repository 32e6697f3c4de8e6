import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { okData, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { builtinGroups } from '../engine/lexicon';
import { synonymBody, synonymExportQuery, synonymListQuery, synonymStatusBody } from './schema';
import {
  changeSynonymStatus,
  deleteSynonyms,
  exportSynonyms,
  getSynonym,
  insertSynonym,
  listSynonyms,
  SYNONYM_COLUMNS,
  updateSynonym,
} from './service';

const TITLE = '同义词';

/** 同义词: the groups admins add to the engine's lexicon (docs/ai-service.md §同义词). */
export const synonymRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);
  const operator = (request: Parameters<typeof requireSession>[0]) => requireSession(request).userName;

  app.get('/ai/synonym/list', { config: guarded('ai:synonym:list'), schema: { summary: '查询同义词列表', querystring: synonymListQuery } }, async (request) => {
    const page = await listSynonyms(deps, request.query);
    return table(page.rows, page.total);
  });

  app.get('/ai/synonym/builtin', { config: guarded('ai:synonym:list'), schema: { summary: '查询内置同义词' } }, async () => okData(builtinGroups()));

  app.post(
    '/ai/synonym/export',
    { config: guarded('ai:synonym:export', TITLE, BusinessType.EXPORT), schema: { summary: '导出同义词', body: synonymExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, '同义词数据', SYNONYM_COLUMNS, await exportSynonyms(deps, request.body ?? {})),
  );

  app.get(
    '/ai/synonym/:synonymId',
    { config: guarded('ai:synonym:query'), schema: { summary: '获取同义词详情', params: z.object({ synonymId: idParam }) } },
    async (request) => okData(await getSynonym(deps, request.params.synonymId)),
  );

  app.post('/ai/synonym', { config: guarded('ai:synonym:add', TITLE, BusinessType.INSERT), schema: { summary: '新增同义词', body: synonymBody } }, async (request) =>
    toAjax(await insertSynonym(deps, request.body, operator(request))),
  );

  app.put('/ai/synonym', { config: guarded('ai:synonym:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改同义词', body: synonymBody } }, async (request) =>
    toAjax(await updateSynonym(deps, request.body, operator(request))),
  );

  app.put(
    '/ai/synonym/changeStatus',
    { config: guarded('ai:synonym:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改同义词状态', body: synonymStatusBody } },
    async (request) => toAjax(await changeSynonymStatus(deps, request.body.synonymId, request.body.status, operator(request))),
  );

  app.delete(
    '/ai/synonym/:synonymIds',
    { config: guarded('ai:synonym:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除同义词', params: z.object({ synonymIds: idList }) } },
    async (request) => toAjax(await deleteSynonyms(deps, request.params.synonymIds)),
  );
};
