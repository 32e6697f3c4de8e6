import { http } from '../../utils/request';
import type { AjaxResult, TableResult } from '../../types/api';

/** SysNotice as the server returns it; noticeType '1' 通知, '2' 公告; status '0' normal, '1' closed. */
export interface Notice {
  noticeId: number;
  noticeTitle: string;
  noticeType: string;
  noticeContent?: string | null;
  status: string;
  createBy?: string;
  createTime?: string;
  isRead?: boolean;
  updateBy?: string;
  updateTime?: string;
  remark?: string | null;
}

/** Up to 5 newest normal notices for the caller, each with isRead, plus the unread count among them. */
export type NoticeTopResult = AjaxResult<Notice[]> & { unreadCount: number };

export function listTopNotice() {
  return http.get<NoticeTopResult>('/system/notice/listTop');
}

export function getNotice(noticeId: number) {
  return http.get<AjaxResult<Notice>>(`/system/notice/${noticeId}`);
}

export function markNoticeRead(noticeId: number) {
  return http.post<AjaxResult>('/system/notice/markRead', undefined, { params: { noticeId }, repeatSubmit: false });
}

export function markNoticeReadAll(ids: number[]) {
  return http.post<AjaxResult>('/system/notice/markReadAll', undefined, { params: { ids: ids.join(',') }, repeatSubmit: false });
}

export function noticeTypeLabel(noticeType: string): string {
  return noticeType === '1' ? '通知' : '公告';
}

/** Filters of the 通知公告 list (title and creator match by substring, type exactly). */
export interface NoticeQuery {
  noticeTitle?: string;
  createBy?: string;
  noticeType?: string;
  pageNum?: number;
  pageSize?: number;
}

/** The add/edit form; noticeId only when editing. */
export interface NoticeForm {
  noticeId?: number;
  noticeTitle: string;
  noticeType: string;
  status: string;
  noticeContent?: string;
}

export interface NoticeReadUser {
  userId: number;
  userName: string;
  nickName: string;
  deptName: string | null;
  phonenumber: string;
  readTime: string;
}

export function listNotice(query: NoticeQuery) {
  return http.get<TableResult<Notice>>('/system/notice/list', query);
}

export function addNotice(data: NoticeForm) {
  return http.post<AjaxResult>('/system/notice', data);
}

export function updateNotice(data: NoticeForm) {
  return http.put<AjaxResult>('/system/notice', data);
}

export function delNotice(noticeIds: readonly number[]) {
  return http.delete<AjaxResult>(`/system/notice/${noticeIds.join(',')}`);
}

export function listNoticeReadUsers(query: { noticeId: number; searchValue?: string; pageNum: number; pageSize: number }) {
  return http.get<TableResult<NoticeReadUser>>('/system/notice/readUsers/list', query);
}
