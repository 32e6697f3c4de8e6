import type { VariableOption, VariableScope, VariableType } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** Where a variable is used: an agent and the setting (提示词, 欢迎语, a rule …). */
export interface VariableUse {
  agentId: number;
  name: string;
  where: string;
}

export interface Variable {
  variableId?: number;
  varKey: string;
  label: string;
  varType: VariableType;
  scope: VariableScope;
  /** The owning agent of an agent-scope variable. */
  agentId?: number | null;
  agentName?: string | null;
  defaultValue: string;
  fallback: string;
  pattern: string;
  patternHint: string;
  options: VariableOption[];
  sort: number;
  /** '0' normal, '1' disabled. */
  status: string;
  remark?: string | null;
  usedBy?: VariableUse[];
  createTime?: string;
}

export interface VariableQuery {
  varKey?: string;
  label?: string;
  scope?: VariableScope;
  agentId?: number;
}

/** A variable as one agent sees it: a global or its own, with the agent's value. */
export interface AgentVariable extends Variable {
  value: string;
}

export function listVariable(query: object) {
  return http.get<TableResult<Variable>>('/ai/variable/list', query);
}

export function getVariable(variableId: number) {
  return http.get<AjaxResult<Variable>>(`/ai/variable/${variableId}`);
}

export function addVariable(data: Variable) {
  return http.post<AjaxResult>('/ai/variable', data);
}

export function updateVariable(data: Variable) {
  return http.put<AjaxResult>('/ai/variable', data);
}

export function delVariable(variableIds: number | number[]) {
  return http.delete<AjaxResult>(`/ai/variable/${[variableIds].flat().join(',')}`);
}

export interface PreviewResult {
  text: string;
  missing: string[];
}

/** Renders a text with the variables (the agent's values when agentId is given). */
export function previewVariables(body: { text: string; agentId?: number; values?: Record<string, string> }) {
  return http.post<AjaxResult<PreviewResult>>('/ai/variable/preview', body, { repeatSubmit: false });
}

export function agentVariables(agentId: number) {
  return http.get<AjaxResult<AgentVariable[]>>(`/ai/agent/${agentId}/variables`);
}

export function saveAgentVariables(agentId: number, values: { variableId: number; value: string }[]) {
  return http.put<AjaxResult>(`/ai/agent/${agentId}/variables`, { values });
}
