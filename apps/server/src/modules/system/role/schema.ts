import { z } from 'zod';
import { exportQuery, idList, idParam, listQuery } from '../../../core/list';
import { optionalText, requiredNumber, requiredText, statusFlag } from '../../../core/rules';
import { DataScope } from '../../../core/datascope';

/** Ids inside JSON bodies are JSON numbers. */
const bodyId = z.number({ error: '编号必须是数字' }).int('编号必须是整数').positive('编号必须是正整数');
const ids = z.array(bodyId).default([]);
const SCOPES = [DataScope.ALL, DataScope.CUSTOM, DataScope.DEPT, DataScope.DEPT_AND_CHILD, DataScope.SELF] as const;


const roleFilters = {
  roleId: idParam.optional(),
  roleName: z.string().optional(),
  roleKey: z.string().optional(),
  status: z.string().optional(),
};

export const roleListQuery = listQuery.extend(roleFilters);
export const roleExportQuery = exportQuery.extend(roleFilters);

/** SysRole body of POST/PUT (contract §4); extra keys a client echoes back (flag, admin, …) are dropped. */
export const roleBody = z.object({
  roleName: requiredText('角色名称不能为空', 30, '角色名称长度不能超过30个字符'),
  roleKey: requiredText('权限字符不能为空', 100, '权限字符长度不能超过100个字符'),
  roleSort: requiredNumber('显示顺序不能为空'),
  status: statusFlag.default('0'),
  menuIds: ids,
  menuCheckStrictly: z.boolean().default(true),
  deptCheckStrictly: z.boolean().default(true),
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type RoleBody = z.infer<typeof roleBody>;

export const roleUpdateBody = roleBody.extend({ roleId: bodyId });
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>;

export const dataScopeBody = z.object({
  roleId: bodyId,
  dataScope: z.enum(SCOPES, { error: '数据范围只能是1到5' }),
  deptIds: ids,
  deptCheckStrictly: z.boolean().default(true),
});
export type DataScopeBody = z.infer<typeof dataScopeBody>;

export const statusBody = z.object({
  roleId: bodyId,
  status: statusFlag,
});

export const roleIdParams = z.object({ roleId: idParam });
export const roleIdsParams = z.object({ roleIds: idList });

export const authUserListQuery = listQuery.extend({
  roleId: idParam,
  userName: z.string().optional(),
  phonenumber: z.string().optional(),
});
export type AuthUserListQuery = z.infer<typeof authUserListQuery>;

export const cancelBody = z.object({
  userId: bodyId,
  roleId: bodyId,
});

export const userIdsQuery = z.object({ roleId: idParam, userIds: idList });
