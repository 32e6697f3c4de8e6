import type { AjaxResult } from '../../types/api';
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
