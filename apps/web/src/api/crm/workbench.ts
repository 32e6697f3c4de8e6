import type { AjaxResult } from '../../types/api';
import { http } from '../../utils/request';
import type { LeadNotice } from './notify';

/** One China day of the workbench trend; a column the user may not see is null. */
export interface TrendDay {
  day: string;
  conversations: number | null;
  leads: number | null;
}

/** GET /crm/workbench: each part is null without the permission of the screen it stands for. */
export interface WorkbenchNumbers {
  conversations: { today: number; waiting: number } | null;
  leads: { today: number; dueToday: number; overdue: number; latest: LeadNotice[] } | null;
  /** Agents' leads / conversations today (0–1); null without both parts or without a conversation. */
  captureRate: number | null;
  trend: TrendDay[];
}

export const WORKBENCH_KEY = ['crm', 'workbench'];

export const getWorkbench = () => http.get<AjaxResult<WorkbenchNumbers>>('/crm/workbench');
