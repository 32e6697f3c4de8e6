import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { okData, table, toAjax } from '../../../core/envelope';
import { idList, idParam } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { changeStatusBody, ruleFields, ruleListQuery, ruleLogQuery, simulateBody } from './schema';
import { changeRuleStatus, deleteRules, getRule, insertRule, listRules, ruleLog, simulate, updateRule } from './service';

const TITLE = '员工分配';
const ruleParams = z.object({ ruleId: idParam });

/** 员工分配: distribution rules, their log and simulator (docs/crm.md §Distribution; reclaim runs as a scheduled job). */
export const distributionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/crm/distribution/list', { config: guarded('crm:distribution:list'), schema: { summary: '查询分配规则列表', querystring: ruleListQuery } }, async (request) => {
    const page = await listRules(deps, request.query);
    return table(page.rows, page.total);
  });

  // Read-only: the dialog asks it on every change, so it is no operation to log.
  app.post('/crm/distribution/simulate', { config: guarded('crm:distribution:query'), schema: { summary: '模拟线索分配', body: simulateBody } }, async (request) =>
    okData(await simulate(deps, request.body)),
  );

  app.get('/crm/distribution/:ruleId', { config: guarded('crm:distribution:query'), schema: { summary: '获取分配规则详情', params: ruleParams } }, async (request) =>
    okData(await getRule(deps, request.params.ruleId)),
  );

  app.get('/crm/distribution/:ruleId/log', { config: guarded('crm:distribution:query'), schema: { summary: '查询分配规则的分配记录', params: ruleParams, querystring: ruleLogQuery } }, async (request) => {
    const page = await ruleLog(deps, request.params.ruleId, request.query);
    return table(page.rows, page.total);
  });

  app.post('/crm/distribution', { config: guarded('crm:distribution:add', TITLE, BusinessType.INSERT), schema: { summary: '新增分配规则', body: ruleFields } }, async (request) =>
    toAjax(await insertRule(deps, request.body, requireSession(request).userName)),
  );

  app.put('/crm/distribution', { config: guarded('crm:distribution:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改分配规则', body: ruleFields } }, async (request) =>
    toAjax(await updateRule(deps, request.body, requireSession(request).userName)),
  );

  app.put(
    '/crm/distribution/changeStatus',
    { config: guarded('crm:distribution:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改分配规则状态', body: changeStatusBody } },
    async (request) => toAjax(await changeRuleStatus(deps, request.body.ruleId, request.body.status, requireSession(request).userName)),
  );

  app.delete(
    '/crm/distribution/:ruleIds',
    { config: guarded('crm:distribution:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除分配规则', params: z.object({ ruleIds: idList }) } },
    async (request) => toAjax(await deleteRules(deps, request.params.ruleIds)),
  );
};
