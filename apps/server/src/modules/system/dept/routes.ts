import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, okData, toAjax } from '../../../core/envelope';
import { idParam } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { deptBody, deptFilters, deptSortBody, deptUpdateBody } from './schema';
import { addDept, editDept, getDept, listDepts, listDeptsExcluding, removeDept, saveDeptOrder } from './service';

const TITLE = '部门管理';
const deptIdParams = z.object({ deptId: idParam });

/** 部门管理 (contract §3.6). */
export const deptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/system/dept/list',
    { config: { access: { permission: 'system:dept:list' } }, schema: { summary: '查询部门列表', querystring: deptFilters } },
    async (request) => okData(await listDepts(deps, requireSession(request), request.query)),
  );

  app.get(
    '/system/dept/list/exclude/:deptId',
    { config: { access: { permission: 'system:dept:list' } }, schema: { summary: '查询部门列表（排除指定部门及其下级）', params: deptIdParams } },
    async (request) => okData(await listDeptsExcluding(deps, requireSession(request), request.params.deptId)),
  );

  app.get(
    '/system/dept/:deptId',
    { config: { access: { permission: 'system:dept:query' } }, schema: { summary: '获取部门详情', params: deptIdParams } },
    async (request) => okData(await getDept(deps, requireSession(request), request.params.deptId)),
  );

  app.post(
    '/system/dept',
    {
      config: { access: { permission: 'system:dept:add' }, operLog: { title: TITLE, businessType: BusinessType.INSERT } },
      schema: { summary: '新增部门', body: deptBody },
    },
    async (request) => {
      await addDept(deps, requireSession(request), request.body);
      return ok();
    },
  );

  app.put(
    '/system/dept/updateSort',
    {
      config: { access: { permission: 'system:dept:edit' }, operLog: { title: '保存部门排序', businessType: BusinessType.UPDATE } },
      schema: { summary: '修改部门排序', body: deptSortBody },
    },
    async (request) => {
      await saveDeptOrder(deps, requireSession(request), request.body.deptIds, request.body.orderNums);
      return ok();
    },
  );

  app.put(
    '/system/dept',
    {
      config: { access: { permission: 'system:dept:edit' }, operLog: { title: TITLE, businessType: BusinessType.UPDATE } },
      schema: { summary: '修改部门', body: deptUpdateBody },
    },
    async (request) => toAjax(await editDept(deps, requireSession(request), request.body)),
  );

  app.delete(
    '/system/dept/:deptId',
    {
      config: { access: { permission: 'system:dept:remove' }, operLog: { title: TITLE, businessType: BusinessType.DELETE } },
      schema: { summary: '删除部门', params: deptIdParams },
    },
    async (request) => toAjax(await removeDept(deps, requireSession(request), request.params.deptId)),
  );
};
