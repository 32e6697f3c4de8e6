import { z } from 'zod';
import { exportQuery, idList, idParam, listQuery } from '../../../core/list';
import { boundedList, filterText, ID_LIST_MAX, optionalText, requiredBoundedText, requiredNumber, statusFlag } from '../../../core/rules';
import { sysRole, sysUser } from '../../../db/schema';
import { DataScope } from '../../../core/datascope';

/** Ids inside JSON bodies are JSON numbers. */
const bodyId = z.number({ error: '编号必须是数字' }).int('编号必须是整数').positive('编号必须是正整数');
const ids = (label: string) => boundedList(bodyId, label, ID_LIST_MAX).default([]);
const SCOPES = [DataScope.ALL, DataScope.CUSTOM, DataScope.DEPT, DataScope.DEPT_AND_CHILD, DataScope.SELF] as const;

const roleFilters = {
  roleId: idParam.optional(),
  roleName: filterText('角色名称', sysRole.roleName),
  roleKey: filterText('权限字符', sysRole.roleKey),
  status: filterText('角色状态', sysRole.status),
};

export const roleListQuery = listQuery.extend(roleFilters);
export const roleExportQuery = exportQuery.extend(roleFilters);

/** SysRole body of POST/PUT (contract §4); extra keys a client echoes back (flag, admin, …) are dropped. */
export const roleBody = z.object({
  roleName: requiredBoundedText('角色名称', sysRole.roleName),
  roleKey: requiredBoundedText('权限字符', sysRole.roleKey),
  roleSort: requiredNumber('显示顺序不能为空'),
  status: statusFlag.default('0'),
  menuIds: ids('菜单'),
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
  deptIds: ids('部门'),
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
  userName: filterText('用户账号', sysUser.userName),
  phonenumber: filterText('手机号码', sysUser.phonenumber),
});
export type AuthUserListQuery = z.infer<typeof authUserListQuery>;

export const cancelBody = z.object({
  userId: bodyId,
  roleId: bodyId,
});

export const userIdsQuery = z.object({ roleId: idParam, userIds: idList });
