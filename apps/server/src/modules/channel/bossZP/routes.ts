import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { okData, table, toAjax } from '../../../core/envelope';
import { idList } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import {
  createBossAccount,
  deleteBossAccounts,
  getBossAccount,
  listBossAccounts,
  rotateConnectorKey,
  setPaused,
  updateBossAccount,
} from './account';
import { createBossJob, deleteBossJobs, listBossJobs, updateBossJob } from './job';
import {
  accountCreateBody,
  accountListQuery,
  accountParams,
  accountUpdateBody,
  jobBody,
  jobListQuery,
  jobUpdateBody,
  pauseBody,
  previewBody,
  templateBody,
  templateListQuery,
  templateUpdateBody,
} from './schema';
import { createBossTemplate, deleteBossTemplates, GREETING_VARIABLES, listBossTemplates, previewGreeting, updateBossTemplate } from './template';

const TITLE = 'BOSS招聘';

/** BOSS招聘 (docs/channels.md §BOSS直聘: accounts, connector API and limits): recruiter accounts, jobs, greeting templates. */
export const bossZPRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const operator = (request: Parameters<typeof requireSession>[0]) => requireSession(request).userName;

  app.get('/channel/bossZP/account/list', { config: guarded('channel:boss:list'), schema: { summary: '查询BOSS账号列表', querystring: accountListQuery } }, async (request) => {
    const page = await listBossAccounts(deps, request.query);
    return table(page.rows, page.total);
  });

  app.get('/channel/bossZP/account/:accountId', { config: guarded('channel:boss:query'), schema: { summary: '获取BOSS账号详情', params: accountParams } }, async (request) =>
    okData(await getBossAccount(deps, request.params.accountId)),
  );

  app.post('/channel/bossZP/account', { config: guarded('channel:boss:add', TITLE, BusinessType.INSERT), schema: { summary: '新增BOSS账号', body: accountCreateBody } }, async (request) =>
    okData(await createBossAccount(deps, request.body, operator(request))),
  );

  app.put('/channel/bossZP/account', { config: guarded('channel:boss:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改BOSS账号', body: accountUpdateBody } }, async (request) =>
    toAjax(await updateBossAccount(deps, request.body, operator(request))),
  );

  app.put(
    '/channel/bossZP/account/:accountId/pause',
    { config: guarded('channel:boss:edit', TITLE, BusinessType.UPDATE), schema: { summary: '暂停或恢复BOSS账号', params: accountParams, body: pauseBody } },
    async (request) => toAjax(await setPaused(deps, request.params.accountId, request.body.paused)),
  );

  app.post(
    '/channel/bossZP/account/:accountId/key',
    // The answer holds the secret, shown once: the operation log records the call, not the answer.
    { config: { ...guarded('channel:boss:key'), operLog: { title: TITLE, businessType: BusinessType.GRANT, omitResult: true } }, schema: { summary: '重新生成BOSS连接器密钥', params: accountParams } },
    async (request) => okData(await rotateConnectorKey(deps, request.params.accountId)),
  );

  app.delete(
    '/channel/bossZP/account/:accountIds',
    { config: guarded('channel:boss:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除BOSS账号', params: z.object({ accountIds: idList }) } },
    async (request) => toAjax(await deleteBossAccounts(deps, request.params.accountIds)),
  );

  app.get('/channel/bossZP/job/list', { config: guarded('channel:boss:list'), schema: { summary: '查询BOSS职位列表', querystring: jobListQuery } }, async (request) => {
    const page = await listBossJobs(deps, request.query);
    return table(page.rows, page.total);
  });

  app.post('/channel/bossZP/job', { config: guarded('channel:boss:add', TITLE, BusinessType.INSERT), schema: { summary: '新增BOSS职位', body: jobBody } }, async (request) =>
    toAjax(await createBossJob(deps, request.body, operator(request))),
  );

  app.put('/channel/bossZP/job', { config: guarded('channel:boss:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改BOSS职位', body: jobUpdateBody } }, async (request) =>
    toAjax(await updateBossJob(deps, request.body, operator(request))),
  );

  app.delete(
    '/channel/bossZP/job/:jobIds',
    { config: guarded('channel:boss:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除BOSS职位', params: z.object({ jobIds: idList }) } },
    async (request) => toAjax(await deleteBossJobs(deps, request.params.jobIds)),
  );

  app.get('/channel/bossZP/template/list', { config: guarded('channel:boss:list'), schema: { summary: '查询BOSS话术模板列表', querystring: templateListQuery } }, async (request) => {
    const page = await listBossTemplates(deps, request.query);
    return table(page.rows, page.total);
  });

  app.get('/channel/bossZP/template/variables', { config: guarded('channel:boss:list'), schema: { summary: '查询话术模板可用变量' } }, async () => okData(GREETING_VARIABLES));

  app.post('/channel/bossZP/template/preview', { config: guarded('channel:boss:list'), schema: { summary: '预览话术模板', body: previewBody } }, async (request) =>
    okData(await previewGreeting(deps, request.body.content, request.body.jobId)),
  );

  app.post('/channel/bossZP/template', { config: guarded('channel:boss:add', TITLE, BusinessType.INSERT), schema: { summary: '新增BOSS话术模板', body: templateBody } }, async (request) =>
    toAjax(await createBossTemplate(deps, request.body, operator(request))),
  );

  app.put('/channel/bossZP/template', { config: guarded('channel:boss:edit', TITLE, BusinessType.UPDATE), schema: { summary: '修改BOSS话术模板', body: templateUpdateBody } }, async (request) =>
    toAjax(await updateBossTemplate(deps, request.body, operator(request))),
  );

  app.delete(
    '/channel/bossZP/template/:templateIds',
    { config: guarded('channel:boss:remove', TITLE, BusinessType.DELETE), schema: { summary: '删除BOSS话术模板', params: z.object({ templateIds: idList }) } },
    async (request) => toAjax(await deleteBossTemplates(deps, request.params.templateIds)),
  );
};
