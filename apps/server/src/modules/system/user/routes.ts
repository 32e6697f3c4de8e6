import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BusinessType, type BusinessTypeValue } from '@acs/shared';
import { requireSession } from '../../../core/auth';
import { ok, okData, okMsg, table, toAjax } from '../../../core/envelope';
import { acceptFormBodies, idList, idParam, queryBool, sendWorkbook } from '../../../core/list';
import { readFile } from '../../common/upload';
import { exportColumns, SHEET, templateColumns } from './excel';
import { importUsers } from './import';
import { changeStatusBody, resetPwdBody, userBody, userEditBody, userExportQuery, userListQuery } from './schemas';
import {
  addUser,
  authRoleInfo,
  changeStatus,
  deleteUsers,
  deptTree,
  editUser,
  listUsers,
  Perm,
  resetPassword,
  setUserRoles,
  userForm,
  usersForExport,
} from './service';

const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const perm = (permission: string, businessType?: BusinessTypeValue) => ({
  access: { permission },
  ...(businessType === undefined ? {} : { operLog: { title: '用户管理', businessType } }),
});

/** 用户管理 (contract §3.3). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  acceptFormBodies(app);

  app.get('/system/user/list', { config: perm(Perm.LIST), schema: { summary: '查询用户列表', querystring: userListQuery } }, async (request) => {
    const page = await listUsers(deps, requireSession(request), request.query);
    return table(page.rows, page.total);
  });

  app.post(
    '/system/user/export',
    { config: perm(Perm.EXPORT, BusinessType.EXPORT), schema: { summary: '导出用户', body: userExportQuery.optional() } },
    async (request, reply) =>
      sendWorkbook(reply, SHEET, exportColumns, await usersForExport(deps, requireSession(request), request.body ?? {})),
  );

  app.post(
    '/system/user/importData',
    { config: perm(Perm.IMPORT, BusinessType.IMPORT), schema: { summary: '导入用户', querystring: z.object({ updateSupport: queryBool.optional() }) } },
    async (request) => {
      const file = await readFile(request, 'file', { allowed: ['xls', 'xlsx'], maxBytes: IMPORT_MAX_BYTES });
      return okMsg(await importUsers(deps, requireSession(request), file.data, request.query.updateSupport ?? false));
    },
  );

  app.post('/system/user/importTemplate', { config: { access: 'authenticated' }, schema: { summary: '下载用户导入模板' } }, async (_request, reply) =>
    sendWorkbook(reply, SHEET, templateColumns, []),
  );

  app.get('/system/user/deptTree', { config: perm(Perm.LIST), schema: { summary: '查询部门树' } }, async (request) =>
    okData(await deptTree(deps, requireSession(request))),
  );

  app.get('/system/user/', { config: perm(Perm.QUERY), schema: { summary: '获取新增用户的角色和岗位选项' } }, async (request) => ok(await userForm(deps, requireSession(request))));

  app.get(
    '/system/user/:userId',
    { config: perm(Perm.QUERY), schema: { summary: '获取用户详情', params: z.object({ userId: idParam }) } },
    async (request) => ok(await userForm(deps, requireSession(request), request.params.userId)),
  );

  app.post('/system/user', { config: perm(Perm.ADD, BusinessType.INSERT), schema: { summary: '新增用户', body: userBody } }, async (request) => {
    await addUser(deps, requireSession(request), request.body);
    return ok();
  });

  app.put('/system/user', { config: perm(Perm.EDIT, BusinessType.UPDATE), schema: { summary: '修改用户', body: userEditBody } }, async (request) => {
    await editUser(deps, requireSession(request), request.body);
    return ok();
  });

  app.delete(
    '/system/user/:userIds',
    { config: perm(Perm.REMOVE, BusinessType.DELETE), schema: { summary: '删除用户', params: z.object({ userIds: idList }) } },
    async (request) => toAjax(await deleteUsers(deps, requireSession(request), request.params.userIds)),
  );

  app.put(
    '/system/user/resetPwd',
    { config: perm(Perm.RESET_PWD, BusinessType.UPDATE), schema: { summary: '重置用户密码', body: resetPwdBody } },
    async (request) => toAjax(await resetPassword(deps, requireSession(request), request.body.userId, request.body.password)),
  );

  app.put(
    '/system/user/changeStatus',
    { config: perm(Perm.EDIT, BusinessType.UPDATE), schema: { summary: '修改用户状态', body: changeStatusBody } },
    async (request) => toAjax(await changeStatus(deps, requireSession(request), request.body.userId, request.body.status)),
  );

  app.get(
    '/system/user/authRole/:userId',
    { config: perm(Perm.QUERY), schema: { summary: '查询用户的角色授权', params: z.object({ userId: idParam }) } },
    async (request) => ok(await authRoleInfo(deps, requireSession(request), request.params.userId)),
  );

  app.put(
    '/system/user/authRole',
    {
      config: perm(Perm.EDIT, BusinessType.GRANT),
      schema: { summary: '修改用户的角色授权', querystring: z.object({ userId: idParam, roleIds: idList.optional() }) },
    },
    async (request) => {
      await setUserRoles(deps, requireSession(request), request.query.userId, request.query.roleIds ?? []);
      return ok();
    },
  );
};
