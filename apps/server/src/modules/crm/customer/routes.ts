import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { ok, okData, okMsg, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, queryBool, sendWorkbook } from '../../../core/list';
import { guarded } from '../../../core/route-config';
import { readFile } from '../../common/upload';
import { bulkOwner, bulkTags } from './bulk';
import { exportColumns, SHEET, templateColumns } from './excel';
import { importCustomers } from './import';
import { mergeCustomers } from './merge';
import { bulkOwnerBody, bulkTagsBody, customerBody, customerEditBody, customerExportQuery, customerListQuery, mergeBody } from './schema';
import { deleteCustomers, exportCustomers, getCustomer, insertCustomer, listCustomers, Perm, updateCustomer } from './service';
import { customerTimeline } from './timeline';

const TITLE = '客户管理';
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const customerParams = z.object({ customerId: idParam });

/** 客户管理 (docs/crm.md §Customers). */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);

  app.get('/crm/customer/list', { config: guarded(Perm.LIST), schema: { summary: '查询客户列表', querystring: customerListQuery } }, async (request) => {
    const page = await listCustomers(deps, requireSession(request), request.query);
    return table(page.rows, page.total);
  });

  app.post(
    '/crm/customer/export',
    { config: guarded(Perm.EXPORT, TITLE, BusinessType.EXPORT), schema: { summary: '导出客户', body: customerExportQuery.optional() } },
    async (request, reply) => sendWorkbook(reply, SHEET, exportColumns, await exportCustomers(deps, requireSession(request), request.body ?? {})),
  );

  app.post('/crm/customer/importTemplate', { config: guarded(Perm.IMPORT), schema: { summary: '下载客户导入模板' } }, async (_request, reply) => sendWorkbook(reply, SHEET, templateColumns, []));

  app.post(
    '/crm/customer/importData',
    { config: guarded(Perm.IMPORT, TITLE, BusinessType.IMPORT), schema: { summary: '导入客户', querystring: z.object({ updateSupport: queryBool.optional() }) } },
    async (request) => {
      const file = await readFile(request, 'file', { allowed: ['xls', 'xlsx'], maxBytes: IMPORT_MAX_BYTES });
      return okMsg(await importCustomers(deps, requireSession(request), file.data, request.query.updateSupport ?? false));
    },
  );

  app.put('/crm/customer/merge', { config: guarded(Perm.MERGE, TITLE, BusinessType.UPDATE), schema: { summary: '合并客户', body: mergeBody } }, async (request) => {
    await mergeCustomers(deps, requireSession(request), request.body);
    return ok();
  });

  app.put('/crm/customer/tags', { config: guarded(Perm.EDIT, TITLE, BusinessType.UPDATE), schema: { summary: '修改客户标签', body: bulkTagsBody } }, async (request) => {
    await bulkTags(deps, requireSession(request), request.body);
    return ok();
  });

  app.put('/crm/customer/owner', { config: guarded(Perm.EDIT, TITLE, BusinessType.UPDATE), schema: { summary: '转移客户负责人', body: bulkOwnerBody } }, async (request) => {
    await bulkOwner(deps, requireSession(request), request.body);
    return ok();
  });

  app.get('/crm/customer/:customerId', { config: guarded(Perm.QUERY), schema: { summary: '获取客户详情', params: customerParams } }, async (request) =>
    okData(await getCustomer(deps, requireSession(request), request.params.customerId)),
  );

  app.get('/crm/customer/:customerId/timeline', { config: guarded(Perm.QUERY), schema: { summary: '查询客户动态', params: customerParams } }, async (request) =>
    okData(await customerTimeline(deps, requireSession(request), request.params.customerId)),
  );

  app.post('/crm/customer', { config: guarded(Perm.ADD, TITLE, BusinessType.INSERT), schema: { summary: '新增客户', body: customerBody } }, async (request) =>
    okData({ customerId: await insertCustomer(deps, requireSession(request), request.body) }),
  );

  app.put('/crm/customer', { config: guarded(Perm.EDIT, TITLE, BusinessType.UPDATE), schema: { summary: '修改客户', body: customerEditBody } }, async (request) => {
    await updateCustomer(deps, requireSession(request), request.body);
    return ok();
  });

  app.delete(
    '/crm/customer/:customerIds',
    { config: guarded(Perm.REMOVE, TITLE, BusinessType.DELETE), schema: { summary: '删除客户', params: z.object({ customerIds: idList }) } },
    async (request) => toAjax(await deleteCustomers(deps, requireSession(request), request.params.customerIds)),
  );
};
