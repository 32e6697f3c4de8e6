import type { Channel } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** The counted numbers of a day × agent × channel, or of a sum of them. */
export interface CsDataCounts {
  conversations: number;
  customerMessages: number;
  aiReplies: number;
  leads: number;
  contacted: number;
  converted: number;
  handoffs: number;
  aiResolved: number;
  knowledgeHits: number;
  tokens: number;
}

/** Rates are fractions (0.25 = 25 %), null when their base is zero; the median is in seconds. */
export interface CsDataMetrics extends CsDataCounts {
  captureRate: number | null;
  aiResolvedRate: number | null;
  knowledgeHitRate: number | null;
  firstResponseMedian: number | null;
}

export interface CsDataRow extends CsDataMetrics {
  day: string;
  agentId: number;
  agentName: string;
  channel: string;
}

export interface CsDataQuery {
  agentId?: number;
  channel?: Channel;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

/** The page and, over the whole filtered range, the totals. */
export interface CsDataTable extends TableResult<CsDataRow> {
  totals: CsDataMetrics;
}

export type FunnelStage = 'conversations' | 'leads' | 'contacted' | 'converted';

export interface CsDataCharts {
  trend: { day: string; conversations: number; leads: number; handoffs: number; captureRate: number | null }[];
  channels: (CsDataCounts & { channel: string; captureRate: number | null })[];
  funnel: { stage: FunnelStage; value: number }[];
}

export function listCsData(query: object) {
  return http.get<CsDataTable>('/ai/csData/list', query);
}

export function csDataCharts(query: object) {
  return http.get<AjaxResult<CsDataCharts>>('/ai/csData/charts', query);
}

/** The agents the filter offers: those in the viewer's data scope. */
export function csDataAgents() {
  return http.get<AjaxResult<{ agentId: number; name: string }[]>>('/ai/csData/agents');
}
