import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType } from '@acs/shared';
import { ok, okData, toAjax } from '../../../core/envelope';
import { idParam } from '../../../core/list';
import { requireSession } from '../../../core/auth';
import { menuBody, menuFilters, menuSortBody, menuUpdateBody } from './schema';
import { addMenu, editMenu, getMenu, listMenus, menuTreeSelect, removeMenu, roleMenuTreeSelect, saveMenuOrder } from './service';

const TITLE = '菜单管理';

/** 菜单管理 (contract §3.5). */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/system/menu/list',
    { config: { access: { permission: 'system:menu:list' } }, schema: { summary: '查询菜单列表', querystring: menuFilters } },
    async (request) => okData(await listMenus(deps, requireSession(request), request.query)),
  );

  app.get(
    '/system/menu/treeselect',
    { config: { access: 'authenticated' }, schema: { summary: '查询菜单树', querystring: menuFilters } },
    async (request) => okData(await menuTreeSelect(deps, requireSession(request), request.query)),
  );

  // Top-level keys checkedKeys and menus, as the role dialog reads them.
  app.get(
    '/system/menu/roleMenuTreeselect/:roleId',
    { config: { access: 'authenticated' }, schema: { summary: '查询角色的菜单树', params: z.object({ roleId: idParam }) } },
    async (request) => ok(await roleMenuTreeSelect(deps, requireSession(request), request.params.roleId)),
  );

  app.get(
    '/system/menu/:menuId',
    { config: { access: { permission: 'system:menu:query' } }, schema: { summary: '获取菜单详情', params: z.object({ menuId: idParam }) } },
    async (request) => okData(await getMenu(deps, request.params.menuId)),
  );

  app.post(
    '/system/menu',
    {
      config: { access: { permission: 'system:menu:add' }, operLog: { title: TITLE, businessType: BusinessType.INSERT } },
      schema: { summary: '新增菜单', body: menuBody },
    },
    async (request) => {
      await addMenu(deps, requireSession(request), request.body);
      return ok();
    },
  );

  app.put(
    '/system/menu/updateSort',
    {
      config: { access: { permission: 'system:menu:edit' }, operLog: { title: '保存菜单排序', businessType: BusinessType.UPDATE } },
      schema: { summary: '修改菜单排序', body: menuSortBody },
    },
    async (request) => {
      await saveMenuOrder(deps, requireSession(request), request.body.menuIds, request.body.orderNums);
      return ok();
    },
  );

  app.put(
    '/system/menu',
    {
      config: { access: { permission: 'system:menu:edit' }, operLog: { title: TITLE, businessType: BusinessType.UPDATE } },
      schema: { summary: '修改菜单', body: menuUpdateBody },
    },
    async (request) => toAjax(await editMenu(deps, requireSession(request), request.body)),
  );

  app.delete(
    '/system/menu/:menuId',
    {
      config: { access: { permission: 'system:menu:remove' }, operLog: { title: TITLE, businessType: BusinessType.DELETE } },
      schema: { summary: '删除菜单', params: z.object({ menuId: idParam }) },
    },
    async (request) => toAjax(await removeMenu(deps, request.params.menuId)),
  );
};
