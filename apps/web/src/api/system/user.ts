import type { AjaxResult, TableResult, TreeNode } from '../../types/api';
import { uploadImportSheet } from '../../utils/importSheet';
import { http } from '../../utils/request';

export interface ProfileUser {
  userId: number;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  /** '0' 男, '1' 女, '2' 未知 */
  sex: string;
  avatar: string;
  createTime: string;
  dept?: { deptName?: string | null } | null;
}

export interface ProfileResult extends AjaxResult<ProfileUser> {
  roleGroup: string;
  postGroup: string;
}

export type ProfileForm = Pick<ProfileUser, 'nickName' | 'phonenumber' | 'email' | 'sex'>;

export interface AvatarResult extends AjaxResult {
  /** Server-relative path of the stored picture. */
  imgUrl: string;
}

export function getUserProfile() {
  return http.get<ProfileResult>('/system/user/profile');
}

export function updateUserProfile(form: ProfileForm) {
  return http.put('/system/user/profile', form);
}

export function updateUserPwd(oldPassword: string, newPassword: string) {
  return http.put('/system/user/profile/updatePwd', { oldPassword, newPassword });
}

export function uploadAvatar(png: Blob) {
  const data = new FormData();
  data.append('avatarfile', png, 'avatar.png');
  // The instance default is JSON, under which axios would serialise the FormData; the browser sets the boundary.
  return http.post<AvatarResult>('/system/user/profile/avatar', data, { headers: { 'Content-Type': 'multipart/form-data' } });
}

export interface DeptRef {
  deptId?: number;
  deptName?: string | null;
  leader?: string | null;
}

export interface SysRoleOption {
  roleId: number;
  roleName: string;
  roleKey: string;
  status: string;
  flag: boolean;
  createTime?: string;
}

export interface SysPostOption {
  postId: number;
  postName: string;
  status: string;
}

export interface SysUser {
  userId: number;
  deptId: number | null;
  userName: string;
  nickName: string;
  email: string;
  phonenumber: string;
  sex: string;
  status: string;
  remark: string | null;
  loginIp: string;
  loginDate: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  dept: DeptRef | null;
  roles: SysRoleOption[];
}

export interface UserQuery {
  userName?: string;
  phonenumber?: string;
  status?: string;
  deptId?: number;
}

export interface UserForm {
  userId?: number;
  deptId?: number | null;
  userName: string;
  nickName: string;
  password?: string;
  phonenumber?: string;
  email?: string;
  sex?: string;
  status?: string;
  remark?: string;
  postIds: number[];
  roleIds: number[];
}

export interface UserFormChoices extends AjaxResult<SysUser> {
  roles: SysRoleOption[];
  posts: SysPostOption[];
  postIds?: number[];
  roleIds?: number[];
}

export interface AuthRoleResult extends AjaxResult {
  user: SysUser;
  roles: SysRoleOption[];
}

export function listUser(query: object) {
  return http.get<TableResult<SysUser>>('/system/user/list', query);
}

/** Without an id: the dialog's role and post choices only. */
export function getUser(userId?: number) {
  return http.get<UserFormChoices>(`/system/user/${userId ?? ''}`);
}

export function addUser(form: UserForm) {
  return http.post('/system/user', form);
}

export function updateUser(form: UserForm) {
  return http.put('/system/user', form);
}

export function delUser(userIds: readonly React.Key[]) {
  return http.delete(`/system/user/${userIds.join(',')}`);
}

export function resetUserPwd(userId: number, password: string) {
  return http.put('/system/user/resetPwd', { userId, password });
}

export function changeUserStatus(userId: number, status: string) {
  return http.put('/system/user/changeStatus', { userId, status });
}

export function getAuthRole(userId: number) {
  return http.get<AuthRoleResult>(`/system/user/authRole/${userId}`);
}

/** The role ids travel comma-joined in the query, as the server contract expects. */
export function updateAuthRole(userId: number, roleIds: readonly number[]) {
  return http.put('/system/user/authRole', undefined, { params: { userId, roleIds: roleIds.join(',') } });
}

export function deptTreeSelect() {
  return http.get<AjaxResult<TreeNode[]>>('/system/user/deptTree');
}

/** Uploads an import sheet; resolves to the server's answer with its per-row report, refused or not. */
export const importUsers = (file: File, updateSupport: boolean): Promise<AjaxResult> =>
  uploadImportSheet('/system/user/importData', file, updateSupport);
