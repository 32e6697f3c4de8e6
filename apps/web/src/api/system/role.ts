import { http } from '../../utils/request';
import type { AjaxResult, TableResult, TreeNode } from '../../types/api';

/** SysRole as the server returns it; status '0' normal, '1' disabled; dataScope '1'…'5'. */
export interface Role {
  roleId: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  dataScope: string;
  menuCheckStrictly: boolean;
  deptCheckStrictly: boolean;
  status: string;
  remark?: string | null;
  createTime?: string | null;
  admin?: boolean;
}

/** The add/edit form: the role plus the menus it grants (checked and half-checked tree keys). */
export interface RoleForm {
  roleId?: number;
  roleName: string;
  roleKey: string;
  roleSort: number;
  status: string;
  menuIds: number[];
  menuCheckStrictly: boolean;
  deptCheckStrictly: boolean;
  remark?: string | null;
}

export interface DataScopeForm {
  roleId: number;
  dataScope: string;
  deptIds: number[];
  deptCheckStrictly: boolean;
}

/** A user row of the 分配用户 screen and the 选择用户 dialog. */
export interface RoleUser {
  userId: number;
  deptId: number | null;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  status: string;
  createTime: string | null;
}

export interface RoleQuery {
  pageNum: number;
  pageSize: number;
  roleName?: string;
  roleKey?: string;
  status?: string;
  params?: Record<string, string>;
}

export interface RoleUserQuery {
  roleId: number;
  pageNum: number;
  pageSize: number;
  userName?: string;
  phonenumber?: string;
}

export const listRole = (query: RoleQuery) => http.get<TableResult<Role>>('/system/role/list', query);

export const getRole = (roleId: number) => http.get<AjaxResult<Role>>(`/system/role/${roleId}`);

export const addRole = (form: RoleForm) => http.post<AjaxResult>('/system/role', form);

export const updateRole = (form: RoleForm) => http.put<AjaxResult>('/system/role', form);

export const dataScope = (form: DataScopeForm) => http.put<AjaxResult>('/system/role/dataScope', form);

export const changeRoleStatus = (roleId: number, status: string) => http.put<AjaxResult>('/system/role/changeStatus', { roleId, status });

export const delRole = (roleIds: readonly React.Key[]) => http.delete<AjaxResult>(`/system/role/${roleIds.join(',')}`);

/** The custom data-scope tree: departments in the caller's scope and the role's checked ones. */
export const deptTreeSelect = (roleId: number) =>
  http.get<AjaxResult & { checkedKeys: number[]; depts: TreeNode[] }>(`/system/role/deptTree/${roleId}`);

export const allocatedUserList = (query: RoleUserQuery) => http.get<TableResult<RoleUser>>('/system/role/authUser/allocatedList', query);

export const unallocatedUserList = (query: RoleUserQuery) =>
  http.get<TableResult<RoleUser>>('/system/role/authUser/unallocatedList', query);

export const authUserCancel = (userId: number, roleId: number) => http.put<AjaxResult>('/system/role/authUser/cancel', { userId, roleId });

/** Ids travel comma-joined in the query string, as the RuoYi client sends them. */
export const authUserCancelAll = (roleId: number, userIds: readonly React.Key[]) =>
  http.put<AjaxResult>('/system/role/authUser/cancelAll', undefined, { params: { roleId, userIds: userIds.join(',') } });

export const authUserSelectAll = (roleId: number, userIds: readonly React.Key[]) =>
  http.put<AjaxResult>('/system/role/authUser/selectAll', undefined, { params: { roleId, userIds: userIds.join(',') } });
