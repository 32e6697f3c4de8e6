import type { TestApp } from '../../helpers/app';
import type { LoggedIn } from '../../helpers/login';
import { call } from '../../common/support';

export const API = '/prod-api';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Requester = <T = { data?: unknown; rows?: unknown[]; total?: number }>(
  method: Method,
  url: string,
  payload?: object,
  who?: LoggedIn,
) => Promise<T & { code: number; msg: string }>;

/** Envelope calls under the API prefix, as `defaultUser` unless another user is given. */
export function requester(t: TestApp, defaultUser: LoggedIn): Requester {
  return (method, url, payload, who = defaultUser) => call(t.app, { method, url: API + url, payload, headers: who.headers });
}

export const FORBIDDEN = { code: 403, msg: '没有权限，请联系管理员授权' };

/** Creates an agent through the API and returns its id. */
export async function createAgent(t: TestApp, who: LoggedIn, body: Record<string, unknown>): Promise<number> {
  const res = await call<{ data: number }>(t.app, { method: 'POST', url: `${API}/ai/agent`, payload: body, headers: who.headers });
  if (res.code !== 200) throw new Error(`create agent failed: ${res.msg}`);
  return res.data;
}
