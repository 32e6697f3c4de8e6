import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** An OpenAI-compatible model provider (ai_model_provider). The key is only ever sent, never received. */
export interface ModelProvider {
  providerId?: number;
  name: string;
  baseUrl: string;
  /** Typed in the dialog; empty on edit keeps the stored key. */
  apiKey?: string;
  apiKeyMasked?: string;
  hasApiKey?: boolean;
  models: string[];
  defaultModel: string;
  /** Model of the provider's /embeddings endpoint; '' = none (knowledge is retrieved by words only). */
  embeddingModel: string;
  timeoutMs: number;
  /** '0' normal, '1' disabled. */
  status: string;
  remark?: string | null;
  createTime?: string;
}

/** The address and key being edited; without apiKey, the stored key of providerId is used. */
export interface ProviderProbe {
  providerId?: number;
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
}

export interface ProviderTestResult {
  ok: boolean;
  latencyMs: number;
  reply?: string;
  error?: string;
  /** Present when a 向量模型 was tested too. */
  embedding?: { ok: boolean; dims?: number; error?: string };
}

// Bodies with a key skip the duplicate-submit guard: it would keep the key in sessionStorage.
// The dialog's loading state already prevents double saves, and testing twice in a row is legitimate.
const noGuard = { repeatSubmit: false };

export function listModelProvider(query: object) {
  return http.get<TableResult<ModelProvider>>('/ai/model/list', query);
}

export function getModelProvider(providerId: number) {
  return http.get<AjaxResult<ModelProvider>>(`/ai/model/${providerId}`);
}

export function addModelProvider(data: ModelProvider) {
  return http.post<AjaxResult>('/ai/model', data, noGuard);
}

export function updateModelProvider(data: ModelProvider) {
  return http.put<AjaxResult>('/ai/model', data, noGuard);
}

export function delModelProvider(providerIds: number | number[]) {
  return http.delete<AjaxResult>(`/ai/model/${[providerIds].flat().join(',')}`);
}

/** 测试连接: one short chat completion (and one embedding with embeddingModel); a provider failure comes back as `ok: false` with the reason. */
export function testModelProvider(data: ProviderProbe & { model: string; embeddingModel?: string }) {
  return http.post<AjaxResult<ProviderTestResult>>('/ai/model/test', data, noGuard);
}

/** 获取模型: the ids of the provider's GET /models. */
export function fetchProviderModels(data: ProviderProbe) {
  return http.post<AjaxResult<string[]>>('/ai/model/models', data, noGuard);
}
