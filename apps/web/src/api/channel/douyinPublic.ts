import { Code, DEFAULT_API_PREFIX, TOKEN_COOKIE, type DouyinAuthStatus, type ReplyPolicy } from '@acs/shared';

/**
 * The calls of the public pages /dyLogin and /dySwitch, in plain fetch: like /chat and /home they load
 * through the light public entry and never pull in the console's request layer, antd or stores.
 */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? DEFAULT_API_PREFIX;

/** What /dyLogin shows before the owner goes to the platform. */
export interface DouyinLoginInfo {
  appName: string;
  /** The platform's authorisation page (a QR code on a computer) with a signed one-time state. */
  authorizeUrl: string;
  expiresTime: string;
}

export type DouyinBindOutcome = 'bound' | 'already' | 'expired' | 'refused' | 'failed';

export interface DouyinBindResult {
  result: DouyinBindOutcome;
  nickname?: string;
  avatar?: string;
  /** A sentence for the person, in Chinese. */
  message: string;
}

export interface DouyinSwitchAccount {
  accountId: number;
  nickname: string;
  avatar: string;
  authStatus: DouyinAuthStatus;
  accessExpiresTime: string;
  refreshExpiresTime: string;
  agentId: number | null;
  agentName: string;
  staffUserId: number | null;
  staffName: string;
  replyPolicy: ReplyPolicy;
  status: string;
}

export interface DouyinSwitchData {
  appName: string;
  appId: number;
  accounts: DouyinSwitchAccount[];
  /** Published agents. */
  agents: { agentId: number; name: string }[];
  /** Enabled users. */
  staff: { userId: number; nickName: string }[];
  /** A /dyLogin link for the owner of an expiring or expired account. */
  reauthUrl: string;
}

/** Either the signed link of the page, or the console session's app. */
export type DouyinSwitchAccess = { link: string } | { appId: number };

export interface DouyinSwitchChoice {
  accountId: number;
  agentId: number | null;
  staffUserId: number | null;
  replyPolicy: ReplyPolicy;
}

/** What went wrong, in words for the person (the server's message, or a network failure). */
export class DouyinPublicError extends Error {}

/** The console's session token (the Admin-Token cookie) when this browser is signed in to the console. */
export function consoleToken(): string | undefined {
  const prefix = `${TOKEN_COOKIE}=`;
  const raw = document.cookie.split('; ').find((c) => c.startsWith(prefix))?.slice(prefix.length);
  return raw ? decodeURIComponent(raw) : undefined;
}

async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body) headers.set('Content-Type', 'application/json;charset=utf-8');
  let res: Response;
  try {
    res = await fetch(API_BASE + path, { ...init, headers });
  } catch {
    throw new DouyinPublicError('网络连接失败，请检查网络后重试');
  }
  let envelope: { code: number; msg: string; data?: T };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    throw new DouyinPublicError(`服务暂时不可用（${res.status}）`);
  }
  if (envelope.code !== Code.SUCCESS) throw new DouyinPublicError(envelope.msg || '请求失败，请稍后再试');
  return envelope.data as T;
}

export const fetchLoginInfo = (link: string) => request<DouyinLoginInfo>(`/channel/douyin/public/login?${new URLSearchParams({ link })}`);

export const bindAccount = (body: { state: string; code?: string; error?: string }) =>
  request<DouyinBindResult>('/channel/douyin/public/bind', { method: 'POST', body: JSON.stringify(body) });

/** Without a link the console session speaks for the person, as the console's own calls do. */
function accessInit(access: DouyinSwitchAccess): RequestInit {
  const token = 'link' in access ? undefined : consoleToken();
  return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
}

export function fetchSwitch(access: DouyinSwitchAccess) {
  const query: Record<string, string> = 'link' in access ? { link: access.link } : { appId: String(access.appId) };
  return request<DouyinSwitchData>(`/channel/douyin/public/switch?${new URLSearchParams(query)}`, accessInit(access));
}

export function saveSwitch(access: DouyinSwitchAccess, choice: DouyinSwitchChoice) {
  const init = accessInit(access);
  return request<unknown>('/channel/douyin/public/switch', { ...init, method: 'PUT', body: JSON.stringify({ ...access, ...choice }) });
}
