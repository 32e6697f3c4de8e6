import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, okData, okMsg, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, sendWorkbook } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { configBody, configExportQuery, configKeyParams, configListQuery } from './schema';
import { CONFIG_COLUMNS, deleteConfigs, exportConfigs, getConfig, insertConfig, listConfigs, updateConfig } from './manage.service';
import { getConfigValue, reloadConfigCache } from './service';

const TITLE = '参数管理';

/** 参数设置 (contract §3.9). */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);
  // As RuoYi's @PostConstruct: every start caches the table afresh, so values edited while no instance ran apply.
  // A store that is down must not stop the start (/health/ready reports it); entries left stale in it expire.
  app.addHook('onReady', async () => {
    await reloadConfigCache(deps).catch((err: unknown) => app.log.error({ err }, 'parameter cache not reloaded at start'));
  });

  app.get(
    '/system/config/list',
    { config: guarded('system:config:list'), schema: { summary: '查询参数列表', querystring: configListQuery } },
    async (request) => {
      const page = await listConfigs(deps, request.query);
      return table(page.rows, page.total);
    },
  );

  app.post(
    '/system/config/export',
    { config: guarded('system:config:export', TITLE, BusinessType.EXPORT), schema: { summary: '导出参数', body: configExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, '参数数据', CONFIG_COLUMNS, await exportConfigs(deps, request.body ?? {})),
  );

  // The value travels in `msg` with no `data` key (upstream's success(String) overload).
  app.get(
    '/system/config/configKey/:configKey',
    { config: { access: 'authenticated' }, schema: { summary: '按键名获取参数值', params: configKeyParams } },
    async (request) => okMsg(await getConfigValue(deps, request.params.configKey)),
  );

  app.delete('/system/config/refreshCache', { config: guarded('system:config:remove', TITLE, BusinessType.CLEAN), schema: { summary: '刷新参数缓存' } }, async () => {
    await reloadConfigCache(deps);
    return ok();
  });

  app.get(
    '/system/config/:configId',
    { config: guarded('system:config:query'), schema: { summary: '获取参数详情', params: z.object({ configId: idParam }) } },
    async (request) => okData(await getConfig(deps, request.params.configId)),
  );

  app.post(
    '/system/config',
    { config: guarded('system:config:add', TITLE, BusinessType.INSERT), schema: { summary: '新增参数', body: configBody } },
    async (request) => toAjax(await insertConfig(deps, request.body, requireSession(request).userName)),
  );

  app.put(
    '/system/config',
    { config: guarded('system:config:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改参数', body: configBody } },
    async (request) => toAjax(await updateConfig(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/system/config/:configIds',
    { config: guarded('system:config:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除参数', params: z.object({ configIds: idList }) } },
    async (request) => toAjax(await deleteConfigs(deps, request.params.configIds)),
  );
};
