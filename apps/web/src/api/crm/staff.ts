import type { AjaxResult } from '../../types/api';
import { http } from '../../utils/request';

/** An active user who can own customers or be given leads. */
export interface Staff {
  userId: number;
  userName: string;
  nickName: string;
  deptName?: string | null;
}

/** Active users matching the keyword (user name or nickname), for the owner and assignee pickers. */
export function listStaff(keyword?: string) {
  return http.get<AjaxResult<Staff[]>>('/crm/staff', keyword ? { keyword } : undefined);
}
