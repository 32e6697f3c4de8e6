import { http } from '../../utils/request';
import type { AjaxResult } from '../../types/api';

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
