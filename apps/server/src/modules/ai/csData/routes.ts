import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { okData, table } from '../../../core/envelope';
import { acceptFormBodies, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { csDataFilterQuery, csDataListQuery } from './schema';
import { agentsInScope, csDataAgentScope } from './scope';
import { csDataCharts } from './charts';
import { CS_DATA_COLUMNS } from './excel';
import { exportCsData, listCsData } from './list';

const TITLE = '客服数据';

/**
 * 客服数据: numbers per China day × agent × channel (what counts: ./metrics.ts), from the daily rollup
 * for past days and computed live for today; the rollup runs as a scheduled job (csDataTask.rollup).
 */
export const csDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);
  type Request = Parameters<typeof requireSession>[0];
  const scopeOf = (request: Request, permission: string) => csDataAgentScope(requireSession(request), permission);

  app.get('/ai/csData/list', { config: guarded('ai:csData:list'), schema: { summary: '查询客服数据列表', querystring: csDataListQuery } }, async (request) => {
    const page = await listCsData(deps, request.query, scopeOf(request, 'ai:csData:list'));
    return { ...table(page.rows, page.total), totals: page.totals };
  });

  app.get('/ai/csData/charts', { config: guarded('ai:csData:query'), schema: { summary: '查询客服数据图表', querystring: csDataFilterQuery } }, async (request) =>
    okData(await csDataCharts(deps, request.query, scopeOf(request, 'ai:csData:query'))),
  );

  // The agent filter's choices: the agent list itself asks for ai:agent:list, which a viewer of the numbers may not hold.
  app.get('/ai/csData/agents', { config: guarded('ai:csData:list'), schema: { summary: '查询客服数据的AI客服选项' } }, async (request) =>
    okData(await agentsInScope(deps, scopeOf(request, 'ai:csData:list'))),
  );

  app.post(
    '/ai/csData/export',
    { config: guarded('ai:csData:export', TITLE, BusinessType.EXPORT), schema: { summary: '导出客服数据', body: csDataFilterQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, TITLE, CS_DATA_COLUMNS, await exportCsData(deps, request.body ?? {}, scopeOf(request, 'ai:csData:export'))),
  );
};
