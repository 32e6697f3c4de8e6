import type { ChannelSendStatus, DouyinAuthStatus, ReplyPolicy } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** A Douyin Open Platform app (抖音配置). The client secret is only ever sent, never received. */
export interface DouyinApp {
  appId?: number;
  name: string;
  clientKey: string;
  /** Typed in the dialog; empty on edit keeps the stored secret. */
  clientSecret?: string;
  hasSecret?: boolean;
  apiBaseUrl: string;
  /** '0' normal, '1' disabled. */
  status: string;
  /** The path the platform posts events to ("/prod-api/channel/douyin/webhook/{appId}"); the page prefixes the origin. */
  webhookUrl?: string;
  accountCount?: number;
  lastWebhookTime?: string | null;
  remark?: string | null;
  createTime?: string;
}

/** A bound Douyin enterprise account (GET /channel/dyConfig/account/list). */
export interface DouyinAccount {
  accountId: number;
  appId: number;
  appName: string;
  openId: string;
  nickname: string;
  avatar: string;
  /** Comma-separated scopes the owner granted. */
  scopes: string;
  accessExpiresTime: string;
  refreshExpiresTime: string;
  renewals: number;
  authStatus: DouyinAuthStatus;
  authError: string;
  lastRefreshTime: string | null;
  lastWebhookTime: string | null;
  agentId: number | null;
  agentName: string;
  replyPolicy: ReplyPolicy;
  staffUserId: number | null;
  staffName: string;
  status: string;
  remark?: string | null;
  createTime: string;
}

/** The body of PUT /channel/dyConfig/account. */
export interface DouyinAccountUpdate {
  accountId: number;
  agentId: number | null;
  replyPolicy: ReplyPolicy;
  staffUserId: number | null;
  status: string;
  remark?: string | null;
}

export interface DouyinAccountQuery {
  appId?: number;
  nickname?: string;
  authStatus?: DouyinAuthStatus;
}

/** One message sent (or tried) through the account: the outbound audit of 发送记录. */
export interface DouyinSend {
  sendId: number;
  conversationId: number | null;
  messageId: number | null;
  content: string;
  sendSource: string;
  status: ChannelSendStatus;
  attempts: number;
  error: string;
  platformMsgId: string;
  createTime: string;
  sentTime: string | null;
}

/** A signed link to a public page (/dyLogin or /dySwitch) and when it stops working. */
export interface DouyinLink {
  url: string;
  expiresTime: string;
}

// Bodies with a secret skip the duplicate-submit guard: it would keep the secret in sessionStorage. Links skip
// it too: 重新生成 rightly asks again for the same app at once, and the dialog's loading state prevents doubles.
const noGuard = { repeatSubmit: false };

export function listDouyinApp(query: object) {
  return http.get<TableResult<DouyinApp>>('/channel/dyConfig/app/list', query);
}

export function getDouyinApp(appId: number) {
  return http.get<AjaxResult<DouyinApp>>(`/channel/dyConfig/app/${appId}`);
}

export function addDouyinApp(data: DouyinApp) {
  return http.post<AjaxResult<DouyinApp>>('/channel/dyConfig/app', data, noGuard);
}

export function updateDouyinApp(data: DouyinApp) {
  return http.put<AjaxResult>('/channel/dyConfig/app', data, noGuard);
}

export function delDouyinApp(appIds: number | number[]) {
  return http.delete<AjaxResult>(`/channel/dyConfig/app/${[appIds].flat().join(',')}`);
}

export function listDouyinAccount(query: object) {
  return http.get<TableResult<DouyinAccount>>('/channel/dyConfig/account/list', query);
}

export function updateDouyinAccount(data: DouyinAccountUpdate) {
  return http.put<AjaxResult>('/channel/dyConfig/account', data);
}

/** 解绑: the accounts and their tokens are deleted. */
export function unbindDouyinAccount(accountIds: number | number[]) {
  return http.delete<AjaxResult>(`/channel/dyConfig/account/${[accountIds].flat().join(',')}`);
}

/** 刷新令牌 now; a refusal carries the platform's reason (also stored as the account's authError). */
export function refreshDouyinAccount(accountId: number) {
  return http.post<AjaxResult<DouyinAccount>>(`/channel/dyConfig/account/${accountId}/refresh`);
}

export function listDouyinSends(accountId: number, query: object) {
  return http.get<TableResult<DouyinSend>>(`/channel/dyConfig/account/${accountId}/sends`, query);
}

/** A one-time /dyLogin link (30 minutes) that binds an account to the app, and optionally to an agent. */
export function douyinBindLink(data: { appId: number; agentId?: number }) {
  return http.post<AjaxResult<DouyinLink>>('/channel/dyConfig/bindLink', data, noGuard);
}

/** A /dySwitch link (24 hours) to choose who serves the app's accounts. */
export function douyinSwitchLink(data: { appId: number }) {
  return http.post<AjaxResult<DouyinLink>>('/channel/dyConfig/switchLink', data, noGuard);
}
