import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** A group of words the engine reads as one meaning; the first is the standard word (标准词). */
export interface Synonym {
  synonymId?: number;
  /** null: every agent (全部客服). */
  agentId: number | null;
  agentName?: string;
  words: string[];
  /** '0' enabled, '1' disabled. */
  status: string;
  remark?: string | null;
  createTime?: string;
}

export interface SynonymQuery {
  word?: string;
  /** 'global' for the groups of every agent. */
  agentId?: number | 'global';
  status?: string;
}

export function listSynonym(query: object) {
  return http.get<TableResult<Synonym>>('/ai/synonym/list', query);
}

export function getSynonym(synonymId: number) {
  return http.get<AjaxResult<Synonym>>(`/ai/synonym/${synonymId}`);
}

export function addSynonym(data: Synonym) {
  return http.post<AjaxResult>('/ai/synonym', data);
}

export function updateSynonym(data: Synonym) {
  return http.put<AjaxResult>('/ai/synonym', data);
}

export function delSynonym(synonymIds: number | number[]) {
  return http.delete<AjaxResult>(`/ai/synonym/${[synonymIds].flat().join(',')}`);
}

export function changeSynonymStatus(synonymId: number, status: string) {
  return http.put<AjaxResult>('/ai/synonym/changeStatus', { synonymId, status });
}

/** The engine's built-in groups (read-only). */
export function builtinSynonyms() {
  return http.get<AjaxResult<string[][]>>('/ai/synonym/builtin');
}
