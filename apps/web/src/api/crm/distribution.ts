import type { DistributionMethod, DistributionScope, LeadEventKind, LeadSource, ReclaimTarget, WebhookKind, WorkPeriod } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** A member of a rule: who may be given its leads, how many and when. */
export interface DistributionMember {
  userId: number;
  nickName?: string;
  deptName?: string | null;
  sort: number;
  weight: number;
  /** Leads per China day from this rule (0: no cap). */
  dailyCap: number;
  /** Empty: always working. */
  workHours: WorkPeriod[];
  /** China dates (YYYY-MM-DD) off work. */
  holidays: string[];
  webhookUrl: string;
  enabled: boolean;
  /** Read only (GET /crm/distribution/{id}): the account, '0' active / '1' disabled / '2' deleted, today's leads from the rule. */
  userName?: string;
  userStatus?: string;
  todayCount?: number;
}

/** The body of POST/PUT /crm/distribution and of the simulator. */
export interface DistributionRuleBody {
  ruleId?: number;
  name: string;
  priority: number;
  scope: DistributionScope;
  method: DistributionMethod;
  firstContactMinutes: number;
  reclaimMinutes: number;
  reclaimTo: ReclaimTarget;
  webhookKind: WebhookKind | '';
  webhookUrl: string;
  status: string;
  remark?: string | null;
  members: DistributionMember[];
}

/** A row of 员工分配 (GET /crm/distribution/list). */
export interface DistributionRule extends Omit<DistributionRuleBody, 'members'> {
  ruleId: number;
  webhookError: string;
  webhookErrorTime?: string | null;
  /** The members in rotation order. */
  members: { userId: number; nickName: string }[];
  /** Leads the rule handed out today (China day). */
  todayAssigned: number;
  createTime: string;
}

export interface DistributionQuery {
  name?: string;
  status?: string;
  method?: DistributionMethod;
}

/** A row of 分配记录: an assignment or a reclaim the rule made. */
export interface DistributionLogRow {
  eventId: number;
  leadId: number | null;
  leadName: string;
  kind: LeadEventKind;
  fromOwnerName?: string | null;
  toOwnerName?: string | null;
  reason: string;
  operatorName: string;
  createTime: string;
}

/** What the simulator says one member would get. */
export interface SimulationRow {
  userId: number;
  nickName: string;
  weight: number;
  wouldGet: number;
  todayBefore: number;
  /** 0: no cap. */
  cap: number;
  capReached: boolean;
  /** Why the member gets nothing (off duty, disabled, cap reached). */
  skippedReason?: string;
}

export interface SimulationResult {
  ruleId: number | null;
  ruleName: string;
  method: DistributionMethod;
  /** A disabled rule assigns nothing until enabled. */
  ruleEnabled: boolean;
  scopeMatched: boolean;
  count: number;
  /** Leads nobody could take: they stay in the pool. */
  unassigned: number;
  members: SimulationRow[];
}

/** Of a saved rule (ruleId) or of the rule being edited (rule), unsaved changes included. */
export interface SimulateInput {
  ruleId?: number;
  rule?: DistributionRuleBody;
  count: number;
  channel?: string;
  agentId?: number;
  source?: LeadSource;
}

export function listDistribution(query: object) {
  return http.get<TableResult<DistributionRule>>('/crm/distribution/list', query);
}

/** GET /crm/distribution/{id}: the rule with its members' settings, names and today's counts. */
export type DistributionRuleDetail = Omit<DistributionRule, 'members' | 'todayAssigned'> & { members: DistributionMember[] };

export function getDistribution(ruleId: number) {
  return http.get<AjaxResult<DistributionRuleDetail>>(`/crm/distribution/${ruleId}`);
}

export function addDistribution(data: DistributionRuleBody) {
  return http.post<AjaxResult>('/crm/distribution', data);
}

export function updateDistribution(data: DistributionRuleBody) {
  return http.put<AjaxResult>('/crm/distribution', data);
}

export function delDistribution(ruleIds: number | number[]) {
  return http.delete<AjaxResult>(`/crm/distribution/${[ruleIds].flat().join(',')}`);
}

export function changeDistributionStatus(ruleId: number, status: string) {
  return http.put<AjaxResult>('/crm/distribution/changeStatus', { ruleId, status });
}

export function distributionLog(ruleId: number, query: { pageNum: number; pageSize: number; kind?: 'assign' | 'reclaim' }) {
  return http.get<TableResult<DistributionLogRow>>(`/crm/distribution/${ruleId}/log`, query);
}

/** Who would get how many of `count` leads arriving now; writes nothing (the same body twice is fine). */
export function simulateDistribution(data: SimulateInput) {
  return http.post<AjaxResult<SimulationResult>>('/crm/distribution/simulate', data, { repeatSubmit: false });
}
