import type { BossExchangeStatus, LeadStatus } from '@acs/shared';
import type { TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** A candidate captured from a BOSS直聘 chat (GET /channel/bossLeave/list); its lifecycle is a crm lead's. */
export interface BossLeadRow {
  leadId: number;
  customerId: number;
  conversationId: number | null;
  accountId: number;
  recruiterName: string;
  jobId: number | null;
  jobTitle: string;
  bossUid: string;
  name: string;
  /** Empty for users without crm:customer:phone; phoneMasked then shows the number. */
  phone: string;
  phoneMasked: string;
  wechat: string;
  experience: string;
  education: string;
  expectedSalary: string;
  city: string;
  resumeReceived: boolean;
  exchangeStatus: BossExchangeStatus;
  status: LeadStatus;
  ownerId: number | null;
  ownerName: string | null;
  capturedTime: string;
}

export interface BossLeadQuery {
  name?: string;
  phone?: string;
  accountId?: number;
  jobId?: number;
  status?: LeadStatus;
  exchangeStatus?: BossExchangeStatus;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

export const BOSS_LEAD_EXPORT_URL = '/channel/bossLeave/export';

export function listBossLead(query: object) {
  return http.get<TableResult<BossLeadRow>>('/channel/bossLeave/list', query);
}
