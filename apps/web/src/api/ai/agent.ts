import type {
  AgentSettings,
  AgentStatus,
  AgentTemplate,
  CapturedField,
  Channel,
  ConversationStatus,
  MessageHit,
  MessageSender,
  ReplyMatchType,
} from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** The settings of an agent (ai_agent), as GET /ai/agent/{id} returns them and PUT /ai/agent takes them. */
export interface Agent extends AgentSettings {
  agentId: number;
  name: string;
  status: AgentStatus;
  template: AgentTemplate;
  publishedTime?: string | null;
  createTime?: string;
  updateTime?: string | null;
  remark?: string | null;
}

export interface AgentChannelRef {
  accountId: number;
  platform: Channel;
  name: string;
}

/** A row of the agent list: the agent plus what the list shows about it. */
export interface AgentRow extends Agent {
  providerName: string;
  channels: (AgentChannelRef & { status: string })[];
  todayConversations: number;
  todayLeads: number;
  ruleCount: number;
  knowledgeCount: number;
}

export interface AgentQuery {
  name?: string;
  status?: AgentStatus;
}

/** A template of 新建客服 (its settings, rules and knowledge are filled in by the server). */
export interface AgentTemplateInfo {
  template: AgentTemplate;
  label: string;
  description: string;
}

/** A channel account with the agent it is bound to (GET /ai/agent/channels). */
export interface ChannelAccount {
  accountId: number;
  platform: Channel;
  name: string;
  agentId: number | null;
  agentName?: string | null;
  status: string;
}

/** One provider of the model select; providerId null is the built-in engine. */
export interface ModelOption {
  providerId: number | null;
  name: string;
  models: string[];
  defaultModel: string;
}

export function listAgent(query: object) {
  return http.get<TableResult<AgentRow>>('/ai/agent/list', query);
}

export function getAgent(agentId: number) {
  return http.get<AjaxResult<Agent>>(`/ai/agent/${agentId}`);
}

/** Creates an agent from a template; the new id comes back in data. */
export function addAgent(data: { name: string; template: AgentTemplate }) {
  return http.post<AjaxResult<number>>('/ai/agent', data);
}

export function updateAgent(data: Agent) {
  return http.put<AjaxResult>('/ai/agent', data);
}

export function delAgent(agentIds: number | number[]) {
  return http.delete<AjaxResult>(`/ai/agent/${[agentIds].flat().join(',')}`);
}

/** Copies the agent; the copy's id comes back in data. */
export function duplicateAgent(agentId: number) {
  return http.post<AjaxResult<number>>(`/ai/agent/${agentId}/duplicate`);
}

export function changeAgentStatus(agentId: number, status: AgentStatus) {
  return http.put<AjaxResult>(`/ai/agent/${agentId}/status`, { status });
}

export function agentTemplates() {
  return http.get<AjaxResult<AgentTemplateInfo[]>>('/ai/agent/templates');
}

export function listChannelAccounts() {
  return http.get<AjaxResult<ChannelAccount[]>>('/ai/agent/channels');
}

export function addWebChannel(name: string) {
  return http.post<AjaxResult>('/ai/agent/channel', { platform: 'web', name });
}

export function bindChannels(agentId: number, accountIds: number[]) {
  return http.put<AjaxResult>(`/ai/agent/${agentId}/channels`, { accountIds });
}

export function modelOptions() {
  return http.get<AjaxResult<ModelOption[]>>('/ai/model/options');
}

/* Replies: rules and knowledge (ai:agent:reply) */

export interface ReplyRule {
  ruleId?: number;
  matchType: ReplyMatchType;
  pattern: string;
  reply: string;
  priority: number;
  /** '0' enabled, '1' disabled. */
  status: string;
  hitCount?: number;
  lastHitTime?: string | null;
}

export interface Knowledge {
  knowledgeId?: number;
  question: string;
  similarQuestions: string[];
  answer: string;
  status: string;
  hitCount?: number;
  lastHitTime?: string | null;
}

export function listRules(agentId: number, query: object) {
  return http.get<TableResult<ReplyRule>>(`/ai/agent/${agentId}/rule/list`, query);
}

export function getRule(agentId: number, ruleId: number) {
  return http.get<AjaxResult<ReplyRule>>(`/ai/agent/${agentId}/rule/${ruleId}`);
}

export function saveRule(agentId: number, rule: ReplyRule) {
  const url = `/ai/agent/${agentId}/rule`;
  return rule.ruleId ? http.put<AjaxResult>(url, rule) : http.post<AjaxResult>(url, rule);
}

export function changeRuleStatus(agentId: number, ruleId: number, status: string) {
  return http.put<AjaxResult>(`/ai/agent/${agentId}/rule/changeStatus`, { ruleId, status });
}

export function delRules(agentId: number, ruleIds: number[]) {
  return http.delete<AjaxResult>(`/ai/agent/${agentId}/rule/${ruleIds.join(',')}`);
}

export function listKnowledge(agentId: number, query: object) {
  return http.get<TableResult<Knowledge>>(`/ai/agent/${agentId}/knowledge/list`, query);
}

export function getKnowledge(agentId: number, knowledgeId: number) {
  return http.get<AjaxResult<Knowledge>>(`/ai/agent/${agentId}/knowledge/${knowledgeId}`);
}

export function changeKnowledgeStatus(agentId: number, knowledgeId: number, status: string) {
  return http.put<AjaxResult>(`/ai/agent/${agentId}/knowledge/changeStatus`, { knowledgeId, status });
}

export function saveKnowledge(agentId: number, entry: Knowledge) {
  const url = `/ai/agent/${agentId}/knowledge`;
  return entry.knowledgeId ? http.put<AjaxResult>(url, entry) : http.post<AjaxResult>(url, entry);
}

export function delKnowledge(agentId: number, knowledgeIds: number[]) {
  return http.delete<AjaxResult>(`/ai/agent/${agentId}/knowledge/${knowledgeIds.join(',')}`);
}

export function importKnowledge(agentId: number, file: File, updateSupport: boolean) {
  const form = new FormData();
  form.append('file', file);
  return http.post<AjaxResult>(`/ai/agent/${agentId}/knowledge/importData?updateSupport=${updateSupport}`, form, {
    headers: { 'Content-Type': 'multipart/form-data' },
  });
}

export const knowledgeTemplateUrl = (agentId: number) => `/ai/agent/${agentId}/knowledge/importTemplate`;
export const knowledgeExportUrl = (agentId: number) => `/ai/agent/${agentId}/knowledge/export`;

/** A lead field found in a message (the message id is not known yet in a test). */
export type FoundField = Omit<CapturedField, 'messageId'>;

export interface ReplyTestResult {
  /** reply · handoff (the test never calls a model) */
  kind: string;
  text: string;
  hit?: MessageHit | null;
  candidates: { knowledgeId: number; question: string; score: number }[];
  found: FoundField[];
  /** The lead question that would follow the answer. */
  leadAsk?: string | null;
}

/** Which rule or knowledge entry would answer; counts no hits. */
export function testReply(agentId: number, content: string) {
  return http.post<AjaxResult<ReplyTestResult>>(`/ai/agent/${agentId}/reply/test`, { content }, { repeatSubmit: false });
}

/* Debug chat (ai:agent:debug) */

export interface ChatMessageRow {
  messageId: number;
  seq: number;
  sender: MessageSender;
  senderName?: string;
  content: string;
  hit?: MessageHit | null;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  sendStatus?: string;
  error?: string;
  leadFields: CapturedField[];
  createTime?: string;
}

export interface DebugTurn {
  conversationId: number;
  /** The conversation after the turn: 'waiting' once handed to staff. */
  status: ConversationStatus;
  turn: { customer: ChatMessageRow; replies: ChatMessageRow[] };
  found: FoundField[];
}

export function debugChat(agentId: number, content: string, conversationId?: number) {
  return http.post<AjaxResult<DebugTurn>>(`/ai/agent/${agentId}/debug`, { conversationId, content }, { repeatSubmit: false });
}

export function resetDebug(agentId: number, conversationId: number) {
  return http.delete<AjaxResult>(`/ai/agent/${agentId}/debug/${conversationId}`);
}
