import type { BossRunConfig, BossSessionHealth } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** A BOSS直聘 recruiter account (GET /channel/bossZP/account/list). */
export interface BossAccount {
  accountId: number;
  recruiterName: string;
  company: string;
  /** As the automation client last reported it; 'unknown' until it connects. */
  sessionHealth: BossSessionHealth;
  healthDetail: string;
  lastSeenTime: string | null;
  /** Human in the loop: nothing goes out and the AI does not answer while paused. */
  paused: boolean;
  runConfig: BossRunConfig;
  /** The connector key's public id; the secret is only ever shown once. */
  keyId: string | null;
  keyCreatedTime: string | null;
  agentId: number | null;
  agentName: string;
  /** '0' normal, '1' disabled. */
  status: string;
  todayGreetings: number;
  todayReplies: number;
  pendingReplies: number;
  remark: string | null;
  createTime: string;
}

export interface BossAccountQuery {
  recruiterName?: string;
  company?: string;
  sessionHealth?: BossSessionHealth;
  status?: string;
}

/** What the 新增/修改 and 运行配置 dialogs write. */
export type BossAccountInput = Pick<BossAccount, 'recruiterName' | 'company' | 'agentId' | 'runConfig' | 'status' | 'remark'> & {
  accountId?: number;
};

/** The connector key as created or rotated: the secret is in this answer and nowhere else. */
export interface BossConnectorKey {
  keyId: string;
  secret: string;
}

export interface BossJob {
  jobId?: number;
  accountId: number;
  /** The job's id on BOSS直聘; pushed chats name it. */
  externalId: string;
  title: string;
  city: string;
  salary: string;
  requirements: string;
  agentId: number | null;
  agentName?: string;
  status: string;
  remark: string | null;
  createTime?: string;
}

export interface BossTemplate {
  templateId?: number;
  /** null: every account's template. */
  accountId: number | null;
  name: string;
  content: string;
  isDefault: boolean;
  status: string;
  remark: string | null;
  createTime?: string;
}

/** A variable a greeting may use as {{key}}. */
export interface BossTemplateVariable {
  key: string;
  label: string;
  example: string;
}

export interface BossTemplatePreview {
  text: string;
  /** Keys the template uses that have no value for the chosen job. */
  missing: string[];
}

const BASE = '/channel/bossZP';
const ids = (value: number | number[]) => [value].flat().join(',');

export function listBossAccount(query: object) {
  return http.get<TableResult<BossAccount>>(`${BASE}/account/list`, query);
}

export function getBossAccount(accountId: number) {
  return http.get<AjaxResult<BossAccount>>(`${BASE}/account/${accountId}`);
}

/** Only the fields the server takes: the view's counters and key fields stay out of the body. */
function accountBody(data: BossAccountInput): BossAccountInput {
  const { accountId, recruiterName, company, agentId, runConfig, status, remark } = data;
  return { accountId, recruiterName, company, agentId: agentId ?? null, runConfig, status, remark };
}

export function addBossAccount(data: BossAccountInput) {
  return http.post<AjaxResult<BossAccount>>(`${BASE}/account`, accountBody(data));
}

export function updateBossAccount(data: BossAccountInput) {
  return http.put<AjaxResult>(`${BASE}/account`, accountBody(data));
}

export function delBossAccount(accountIds: number | number[]) {
  return http.delete<AjaxResult>(`${BASE}/account/${ids(accountIds)}`);
}

export function pauseBossAccount(accountId: number, paused: boolean) {
  return http.put<AjaxResult>(`${BASE}/account/${accountId}/pause`, { paused });
}

/** Creates or rotates the connector key; the old key stops at once. No repeat-submit guard: the answer holds a secret. */
export function rotateBossKey(accountId: number) {
  return http.post<AjaxResult<BossConnectorKey>>(`${BASE}/account/${accountId}/key`, undefined, { repeatSubmit: false });
}

export function listBossJob(query: object) {
  return http.get<TableResult<BossJob>>(`${BASE}/job/list`, query);
}

function jobBody(data: BossJob): BossJob {
  const { jobId, accountId, externalId, title, city, salary, requirements, agentId, status, remark } = data;
  return { jobId, accountId, externalId, title, city, salary, requirements, agentId: agentId ?? null, status, remark };
}

export function addBossJob(data: BossJob) {
  return http.post<AjaxResult>(`${BASE}/job`, jobBody(data));
}

export function updateBossJob(data: BossJob) {
  return http.put<AjaxResult>(`${BASE}/job`, jobBody(data));
}

export function delBossJob(jobIds: number | number[]) {
  return http.delete<AjaxResult>(`${BASE}/job/${ids(jobIds)}`);
}

export function listBossTemplate(query: object) {
  return http.get<TableResult<BossTemplate>>(`${BASE}/template/list`, query);
}

function templateBody(data: BossTemplate): BossTemplate {
  const { templateId, accountId, name, content, isDefault, status, remark } = data;
  return { templateId, accountId: accountId ?? null, name, content, isDefault, status, remark };
}

export function addBossTemplate(data: BossTemplate) {
  return http.post<AjaxResult>(`${BASE}/template`, templateBody(data));
}

export function updateBossTemplate(data: BossTemplate) {
  return http.put<AjaxResult>(`${BASE}/template`, templateBody(data));
}

export function delBossTemplate(templateIds: number | number[]) {
  return http.delete<AjaxResult>(`${BASE}/template/${ids(templateIds)}`);
}

export function bossTemplateVariables() {
  return http.get<AjaxResult<BossTemplateVariable[]>>(`${BASE}/template/variables`);
}

/** Renders a greeting with a job's values (or the examples without one); previewing twice is legitimate. */
export function previewBossTemplate(body: { content: string; jobId?: number }) {
  return http.post<AjaxResult<BossTemplatePreview>>(`${BASE}/template/preview`, body, { repeatSubmit: false });
}
