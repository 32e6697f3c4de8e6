import type { HitCandidate } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** pending · added (as a similar question of an entry) · created (a new entry) · ignored. */
export type UnknownStatus = 'pending' | 'added' | 'created' | 'ignored';

/** What the list filters by: `handled` is added and created together (已处理). */
export type UnknownStatusFilter = 'pending' | 'handled' | 'ignored';

/** A group of customer messages the agent could not answer directly (ai_unknown_question). */
export interface UnknownQuestion {
  unknownId: number;
  agentId: number;
  question: string;
  /** Other messages grouped with it, newest first. */
  samples: string[];
  hits: number;
  outcome: 'clarify' | 'fallback';
  /** The entries the engine came closest to, last time. */
  candidates: HitCandidate[];
  status: UnknownStatus;
  knowledgeId: number | null;
  firstTime: string;
  lastTime: string;
  handledBy: string;
  handledTime: string | null;
}

export interface UnknownKnowledge {
  question?: string;
  similarQuestions?: string[];
  answer: string;
}

const base = (agentId: number) => `/ai/agent/${agentId}/unknown`;

export function listUnknown(agentId: number, query: object) {
  return http.get<TableResult<UnknownQuestion>>(`${base(agentId)}/list`, query);
}

/** 添加为相似问法 of an entry of the same agent. */
export function attachUnknown(agentId: number, unknownId: number, knowledgeId: number, includeSamples = false) {
  return http.post<AjaxResult>(`${base(agentId)}/${unknownId}/attach`, { knowledgeId, includeSamples });
}

/** 新建知识 from the group. */
export function createKnowledgeFromUnknown(agentId: number, unknownId: number, entry: UnknownKnowledge) {
  return http.post<AjaxResult>(`${base(agentId)}/${unknownId}/create`, entry);
}

export function ignoreUnknown(agentId: number, unknownIds: number[]) {
  return http.put<AjaxResult>(`${base(agentId)}/ignore`, { unknownIds });
}

export function restoreUnknown(agentId: number, unknownIds: number[]) {
  return http.put<AjaxResult>(`${base(agentId)}/restore`, { unknownIds });
}

export function delUnknown(agentId: number, unknownIds: number[]) {
  return http.delete<AjaxResult>(`${base(agentId)}/${unknownIds.join(',')}`);
}
