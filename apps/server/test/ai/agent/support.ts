import type { TestApp } from '../../helpers/app';
import type { LoggedIn } from '../../helpers/login';
import { call } from '../../common/support';

export const API = '/prod-api';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** An envelope call as the signed-in user. */
export function requester(t: TestApp, defaultUser: () => LoggedIn) {
  return <T = Record<string, unknown>>(method: Method, url: string, payload?: object, who: LoggedIn = defaultUser()) =>
    call<T & { data?: unknown; rows?: unknown[]; total?: number }>(t.app, { method, url: API + url, payload, headers: who.headers });
}

export const FORBIDDEN = { code: 403, msg: '没有权限，请联系管理员授权' };

/** Creates an agent through the API and returns its id. */
export async function createAgent(t: TestApp, who: LoggedIn, body: Record<string, unknown>): Promise<number> {
  const res = await call<{ data: number }>(t.app, { method: 'POST', url: `${API}/ai/agent`, payload: body, headers: who.headers });
  if (res.code !== 200) throw new Error(`create agent failed: ${res.msg}`);
  return res.data;
}
