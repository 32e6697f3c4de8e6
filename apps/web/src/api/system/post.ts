import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** SysPost; status '0' normal, '1' disabled. */
export interface Post {
  postId?: number;
  postCode: string;
  postName: string;
  postSort: number;
  status: string;
  remark?: string | null;
  createTime?: string;
}

export function listPost(query: object) {
  return http.get<TableResult<Post>>('/system/post/list', query);
}

export function getPost(postId: number) {
  return http.get<AjaxResult<Post>>(`/system/post/${postId}`);
}

/** Every post, for the user dialog's post select. */
export function optionselectPost() {
  return http.get<AjaxResult<Post[]>>('/system/post/optionselect');
}

export function addPost(data: Post) {
  return http.post<AjaxResult>('/system/post', data);
}

export function updatePost(data: Post) {
  return http.put<AjaxResult>('/system/post', data);
}

export function delPost(postIds: number | number[]) {
  return http.delete<AjaxResult>(`/system/post/${[postIds].flat().join(',')}`);
}
