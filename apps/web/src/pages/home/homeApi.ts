import { Code, DEFAULT_API_PREFIX } from '@acs/shared';
import type { HomeContent } from '../../api/crm/apply';

/**
 * The landing page's two calls, in plain fetch: /home is a public page of its own (like /chat) and never
 * loads the console's request layer, antd or stores.
 */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? DEFAULT_API_PREFIX;

export interface ApplyInput {
  name: string;
  phone: string;
  company: string;
  need: string;
  consent: boolean;
  /** The honeypot: people never see it, so it stays empty. */
  website: string;
}

/** What went wrong, in words for the visitor (the server's message, or a network failure). */
export class HomeApiError extends Error {}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(API_BASE + path, init);
  } catch {
    throw new HomeApiError('网络连接失败，请检查网络后重试');
  }
  let envelope: { code: number; msg: string; data?: T };
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    throw new HomeApiError(`服务暂时不可用（${res.status}）`);
  }
  if (envelope.code !== Code.SUCCESS) throw new HomeApiError(envelope.msg || '请求失败，请稍后再试');
  return envelope.data as T;
}

export const fetchHome = () => request<HomeContent>('/crm/site/home');

export const submitApply = (body: ApplyInput) =>
  request<unknown>('/crm/apply/submit', { method: 'POST', headers: { 'Content-Type': 'application/json;charset=utf-8' }, body: JSON.stringify(body) });

/** Uploaded pictures are stored as /profile/… paths served under the API prefix; http(s) addresses as they are. */
export const imageUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : `${API_BASE}${url}`);

/**
 * An admin's link as the page may use it: http(s), a path of the site or an anchor (the server accepts
 * nothing else); anything else becomes a harmless anchor.
 */
export const safeHref = (href: string) => (/^(https?:\/\/|\/(?![/\\])|#)/i.test(href) ? href : '#');
