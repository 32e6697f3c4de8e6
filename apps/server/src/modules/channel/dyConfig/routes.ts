import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { okData, table, toAjax } from '../../../core/envelope';
import { idList, idParam, listQuery } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { guarded } from '../../../core/route-config';
import { listAccounts, listSends, refreshAccountNow, unbindAccounts, updateAccount } from './accounts';
import { accountEditBody, accountListQuery, appAddBody, appEditBody, appListQuery, bindLinkBody, switchLinkBody } from './schema';
import { bindLink, deleteApps, getApp, insertApp, listApps, switchLink, updateApp } from './service';

const TITLE = '抖音配置';

/** Issuing a link is logged, but not the link itself: it opens the page to whoever holds it. */
const grantsLink = (permission: string) => ({ ...guarded(permission), operLog: { title: TITLE, businessType: BusinessType.GRANT, omitResult: true } });

/** 抖音配置 (docs/channels.md «抖音配置 and binding»): apps, bound accounts, and the links of /dyLogin and /dySwitch. */
export const dyConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/channel/dyConfig/app/list', { config: guarded('channel:douyin:list'), schema: { summary: '查询抖音应用列表', querystring: appListQuery } }, async (request) => {
    const page = await listApps(deps, request.query);
    return table(page.rows, page.total);
  });

  app.get('/channel/dyConfig/app/:appId', { config: guarded('channel:douyin:query'), schema: { summary: '获取抖音应用详情', params: z.object({ appId: idParam }) } }, async (request) =>
    okData(await getApp(deps, request.params.appId)),
  );

  app.post('/channel/dyConfig/app', { config: guarded('channel:douyin:add', TITLE, BusinessType.INSERT), schema: { summary: '新增抖音应用', body: appAddBody } }, async (request) =>
    okData(await insertApp(deps, request.body, requireSession(request).userName)),
  );

  app.put('/channel/dyConfig/app', { config: guarded('channel:douyin:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改抖音应用', body: appEditBody } }, async (request) =>
    toAjax(await updateApp(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/channel/dyConfig/app/:appIds',
    { config: guarded('channel:douyin:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除抖音应用', params: z.object({ appIds: idList }) } },
    async (request) => toAjax(await deleteApps(deps, request.params.appIds)),
  );

  app.get('/channel/dyConfig/account/list', { config: guarded('channel:douyin:list'), schema: { summary: '查询抖音号列表', querystring: accountListQuery } }, async (request) => {
    const page = await listAccounts(deps, request.query);
    return table(page.rows, page.total);
  });

  app.put('/channel/dyConfig/account', { config: guarded('channel:douyin:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改抖音号配置', body: accountEditBody } }, async (request) =>
    toAjax(await updateAccount(deps, request.body, requireSession(request).userName)),
  );

  app.delete(
    '/channel/dyConfig/account/:accountIds',
    { config: guarded('channel:douyin:remove', TITLE, BusinessType.DELETE), schema: { summary: '解绑抖音号', params: z.object({ accountIds: idList }) } },
    async (request) => toAjax(await unbindAccounts(deps, request.params.accountIds)),
  );

  app.post(
    '/channel/dyConfig/account/:accountId/refresh',
    { config: guarded('channel:douyin:refresh', TITLE, BusinessType.UPDATE), schema: { summary: '刷新抖音号授权', params: z.object({ accountId: idParam }) } },
    async (request) => okData(await refreshAccountNow(deps, request.params.accountId)),
  );

  app.get(
    '/channel/dyConfig/account/:accountId/sends',
    { config: guarded('channel:douyin:query'), schema: { summary: '查询抖音号发送记录', params: z.object({ accountId: idParam }), querystring: listQuery } },
    async (request) => {
      const page = await listSends(deps, request.params.accountId, request.query);
      return table(page.rows, page.total);
    },
  );

  app.post('/channel/dyConfig/bindLink', { config: grantsLink('channel:douyin:add'), schema: { summary: '生成抖音绑定链接', body: bindLinkBody } }, async (request) =>
    okData(await bindLink(deps, request.body.appId, request.body.agentId ?? undefined)),
  );

  app.post('/channel/dyConfig/switchLink', { config: grantsLink('channel:douyin:edit'), schema: { summary: '生成抖音切换链接', body: switchLinkBody } }, async (request) =>
    okData(await switchLink(deps, request.body.appId)),
  );
};
