import type { LightMyRequestResponse } from 'fastify';
import { signConnectorRequest } from '../../../src/modules/channel/boss/connector-auth';
import { createTestApp, type TestApp, type TestAppOptions } from '../../helpers/app';
import { userWithoutRoles } from '../../helpers/crud';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { requester, type Requester } from '../../ai/agent/support';
import { addRule, createAgent } from '../../ai/runtime/support';

export { API, FORBIDDEN } from '../../ai/agent/support';

/** Monday 2 March 2026, 10:00 in China: inside the default run window. */
export const MONDAY_10AM = Date.UTC(2026, 2, 2, 2, 0);
export const CONNECTOR = '/prod-api/channel/boss/connector';

export interface BossTestApp {
  t: TestApp;
  admin: LoggedIn;
  nobody: LoggedIn;
  req: Requester;
}

export async function bossTestApp(prefix: string, opts: TestAppOptions = {}): Promise<BossTestApp> {
  const t = await createTestApp({ startAt: MONDAY_10AM, ...opts });
  const admin = await loginAs(t.app, 'admin', 'admin123');
  return { t, admin, nobody: await userWithoutRoles(t, `${prefix}_nobody`), req: requester(t, admin) };
}

/** A published built-in-engine agent that answers the recruiting question of the tests. */
export async function recruitingAgent(t: TestApp): Promise<number> {
  const agentId = await createAgent(t);
  await addRule(t, agentId, '还招人', '还在招的，欢迎投递简历！');
  return agentId;
}

export interface BossAccountFixture {
  accountId: number;
  keyId: string;
  secret: string;
}

/** A recruiter account created and keyed through the console API. */
export async function bossAccount(b: BossTestApp, body: Record<string, unknown> = {}): Promise<BossAccountFixture> {
  const created = await b.req<{ data: { accountId: number } }>('POST', '/channel/bossZP/account', { recruiterName: '李经理', company: '示例科技', ...body });
  if (created.code !== 200) throw new Error(`create account failed: ${created.msg}`);
  const { accountId } = created.data;
  const key = await b.req<{ data: { keyId: string; secret: string } }>('POST', `/channel/bossZP/account/${accountId}/key`);
  return { accountId, ...key.data };
}

export interface ConnectorCall {
  method?: 'GET' | 'POST';
  body?: unknown;
  /** Raw bytes instead of JSON of `body`. */
  raw?: string;
  /** Changes the signed headers before sending. */
  alter?: (headers: Record<string, string>) => Record<string, string>;
  now?: number;
  nonce?: string;
  secret?: string;
  ip?: string;
}

/** One signed connector request, sent through the app as an automation client would. */
export function connector(t: TestApp, key: BossAccountFixture) {
  return async (path: string, opts: ConnectorCall = {}): Promise<LightMyRequestResponse> => {
    const method = opts.method ?? (opts.body === undefined && opts.raw === undefined ? 'GET' : 'POST');
    const url = `${CONNECTOR}${path}`;
    const payload = opts.raw ?? (opts.body === undefined ? '' : JSON.stringify(opts.body));
    const signed = signConnectorRequest({
      keyId: key.keyId,
      secret: opts.secret ?? key.secret,
      method,
      path: url,
      body: payload,
      now: () => opts.now ?? t.deps.now(),
      ...(opts.nonce ? { nonce: opts.nonce } : {}),
    });
    const headers = opts.alter ? opts.alter(signed) : signed;
    return t.app.inject({
      method,
      url,
      headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { payload } : {}),
      remoteAddress: opts.ip ?? '10.9.0.1',
    });
  };
}

export type Connector = ReturnType<typeof connector>;

export interface ReplyItem {
  replyId: number;
  candidateId: string;
  text: string;
  kind: 'reply' | 'greeting';
}

export async function poll(send: Connector, wait = 0): Promise<ReplyItem[]> {
  const res = await send(`/replies?wait=${wait}`);
  const body = res.json<{ code: number; msg: string; data?: { replies: ReplyItem[] } }>();
  if (body.code !== 200 || !body.data) throw new Error(`poll failed: ${body.msg}`);
  return body.data.replies;
}

/** Signs the admin in again after the fake clock moved past the session's idle expiry. */
export async function relogin(b: BossTestApp): Promise<void> {
  b.admin = await loginAs(b.t.app, 'admin', 'admin123');
  b.req = requester(b.t, b.admin);
}

let msgSeq = 0;
/** A candidate message as the client pushes it, with a fresh msgId. */
export const candidateMessage = (candidateId: string, text: string, extra: Record<string, unknown> = {}) => ({
  msgId: `m-${process.pid}-${++msgSeq}`,
  candidateId,
  text,
  ...extra,
});
