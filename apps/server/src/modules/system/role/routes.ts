import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BusinessType } from '@acs/shared';
import { sysDept, sysRole } from '../../../db/schema';
import { ok, okData, table, toAjax } from '../../../core/envelope';
import { requireSession } from '../../../core/auth';
import { dataScopeFilter } from '../../../core/datascope';
import { acceptFormBodies, orderBy, paged, sendWorkbook, type ExcelColumn } from '../../../core/list';
import { buildTreeSelect } from '../../../core/tree';
import { grantRole, listRoleUsers, revokeRole } from './auth-user';
import { checkedDeptIds, countRoles, findRole, ROLE_ORDER, roleJson, scopedDepts, selectRoles, type RoleRow } from './repository';
import {
  authUserListQuery,
  cancelBody,
  dataScopeBody,
  roleBody,
  roleExportQuery,
  roleIdParams,
  roleIdsParams,
  roleListQuery,
  roleUpdateBody,
  statusBody,
  userIdsQuery,
} from './schema';
import { assertRoleInScope, assignDataScope, changeRoleStatus, createRole, deleteRoles, updateRole, userScope } from './service';

const TITLE = '角色管理';
const log = (businessType: (typeof BusinessType)[keyof typeof BusinessType]) => ({ title: TITLE, businessType });
const perm = (permission: string) => ({ permission });

const SORTABLE = { roleId: sysRole.roleId, roleName: sysRole.roleName, roleKey: sysRole.roleKey, roleSort: sysRole.roleSort, createTime: sysRole.createTime };

const EXPORT_COLUMNS: ExcelColumn<RoleRow>[] = [
  { header: '角色序号', value: (r) => r.roleId },
  { header: '角色名称', value: (r) => r.roleName },
  { header: '角色权限', value: (r) => r.roleKey },
  { header: '角色排序', value: (r) => r.roleSort },
  {
    header: '数据范围',
    value: (r) => r.dataScope,
    dict: { '1': '所有数据权限', '2': '自定义数据权限', '3': '本部门数据权限', '4': '本部门及以下数据权限', '5': '仅本人数据权限' },
  },
  { header: '角色状态', value: (r) => r.status, dict: { '0': '正常', '1': '停用' } },
];

/** 角色管理 (contract §3.4): roles, their menus and data scope, and the users holding them. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps.database;
  acceptFormBodies(app);

  app.get(
    '/system/role/list',
    { config: { access: perm('system:role:list') }, schema: { summary: '查询角色列表', querystring: roleListQuery } },
    async (request) => {
      const q = request.query;
      const scope = userScope(requireSession(request), 'system:role:list');
      const order = orderBy(q, SORTABLE, ROLE_ORDER);
      const page = await paged(
        q,
        () => countRoles(db, q, scope),
        (limit, offset) => selectRoles(db, q, scope, order, { limit, offset }),
      );
      return table(page.rows.map(roleJson), page.total);
    },
  );

  app.post(
    '/system/role/export',
    { config: { access: perm('system:role:export'), operLog: log(BusinessType.EXPORT) }, schema: { summary: '导出角色', body: roleExportQuery.optional() } },
    async (request, reply) => {
      const q = request.body ?? {};
      const rows = await selectRoles(db, q, userScope(requireSession(request), 'system:role:export'), orderBy(q, SORTABLE, ROLE_ORDER));
      return sendWorkbook(reply, '角色数据', EXPORT_COLUMNS, rows);
    },
  );

  app.get(
    '/system/role/optionselect',
    { config: { access: perm('system:role:query') }, schema: { summary: '查询角色选项' } },
    async (request) => okData((await selectRoles(db, {}, userScope(requireSession(request), 'system:role:query'))).map(roleJson)),
  );

  app.get(
    '/system/role/authUser/allocatedList',
    { config: { access: perm('system:role:list') }, schema: { summary: '查询角色已分配的用户', querystring: authUserListQuery } },
    async (request) => {
      const page = await listRoleUsers(deps, requireSession(request), request.query, true);
      return table(page.rows, page.total);
    },
  );

  app.get(
    '/system/role/authUser/unallocatedList',
    { config: { access: perm('system:role:list') }, schema: { summary: '查询角色未分配的用户', querystring: authUserListQuery } },
    async (request) => {
      const page = await listRoleUsers(deps, requireSession(request), request.query, false);
      return table(page.rows, page.total);
    },
  );

  app.put(
    '/system/role/authUser/cancel',
    { config: { access: perm('system:role:edit'), operLog: log(BusinessType.GRANT) }, schema: { summary: '取消用户的角色授权', body: cancelBody } },
    async (request) => toAjax(await revokeRole(deps, requireSession(request), request.body.roleId, [request.body.userId])),
  );

  app.put(
    '/system/role/authUser/cancelAll',
    { config: { access: perm('system:role:edit'), operLog: log(BusinessType.GRANT) }, schema: { summary: '批量取消用户的角色授权', querystring: userIdsQuery } },
    async (request) => toAjax(await revokeRole(deps, requireSession(request), request.query.roleId, request.query.userIds)),
  );

  app.put(
    '/system/role/authUser/selectAll',
    { config: { access: perm('system:role:edit'), operLog: log(BusinessType.GRANT) }, schema: { summary: '批量授权用户角色', querystring: userIdsQuery } },
    async (request) => {
      await grantRole(deps, requireSession(request), request.query.roleId, request.query.userIds);
      return ok();
    },
  );

  app.get(
    '/system/role/deptTree/:roleId',
    { config: { access: perm('system:role:query') }, schema: { summary: '查询角色的部门树', params: roleIdParams } },
    async (request) => {
      const session = requireSession(request);
      const { roleId } = request.params;
      await assertRoleInScope(deps, session, roleId, 'system:role:query');
      const role = await findRole(db, roleId);
      const depts = await scopedDepts(db, dataScopeFilter(session, 'system:role:query', { dept: sysDept.deptId }));
      return ok({
        checkedKeys: role ? await checkedDeptIds(db, roleId, role.deptCheckStrictly) : [],
        depts: buildTreeSelect(depts.map((d) => ({ id: d.id, parentId: d.parentId, label: d.label, disabled: d.status === '1' }))),
      });
    },
  );

  app.get(
    '/system/role/:roleId',
    { config: { access: perm('system:role:query') }, schema: { summary: '获取角色详情', params: roleIdParams } },
    async (request) => {
      const { roleId } = request.params;
      await assertRoleInScope(deps, requireSession(request), roleId, 'system:role:query');
      const role = await findRole(db, roleId);
      return okData(role ? roleJson(role) : null);
    },
  );

  app.post(
    '/system/role',
    { config: { access: perm('system:role:add'), operLog: log(BusinessType.INSERT) }, schema: { summary: '新增角色', body: roleBody } },
    async (request) => {
      await createRole(deps, requireSession(request), request.body);
      return ok();
    },
  );

  app.put(
    '/system/role',
    { config: { access: perm('system:role:edit'), operLog: log(BusinessType.UPDATE) }, schema: { summary: '修改角色', body: roleUpdateBody } },
    async (request) => {
      await updateRole(deps, requireSession(request), request.body);
      return ok();
    },
  );

  app.put(
    '/system/role/dataScope',
    { config: { access: perm('system:role:edit'), operLog: log(BusinessType.UPDATE) }, schema: { summary: '修改角色数据权限', body: dataScopeBody } },
    async (request) => {
      await assignDataScope(deps, requireSession(request), request.body);
      return ok();
    },
  );

  app.put(
    '/system/role/changeStatus',
    { config: { access: perm('system:role:edit'), operLog: log(BusinessType.UPDATE) }, schema: { summary: '修改角色状态', body: statusBody } },
    async (request) => {
      await changeRoleStatus(deps, requireSession(request), request.body.roleId, request.body.status);
      return ok();
    },
  );

  app.delete(
    '/system/role/:roleIds',
    { config: { access: perm('system:role:remove'), operLog: log(BusinessType.DELETE) }, schema: { summary: '删除角色', params: roleIdsParams } },
    async (request) => {
      await deleteRoles(deps, requireSession(request), request.params.roleIds);
      return ok();
    },
  );
};
