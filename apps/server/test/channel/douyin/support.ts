import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_BUSINESS_HOURS, DEFAULT_HANDOFF, DEFAULT_LEAD_GOAL, DEFAULT_MODEL_PARAMS } from '@acs/shared';
import { aiAgent, channelDouyinAccount } from '../../../src/db/schema';
import type { TestApp } from '../../helpers/app';
import type { LoggedIn } from '../../helpers/login';
import { call } from '../../common/support';
import type { FakeDouyin } from '../../fakes/douyin/server';

export const API = '/prod-api';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  rows?: T extends unknown[] ? T : Record<string, unknown>[];
  total?: number;
}

export const request = <T = unknown>(t: TestApp, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: LoggedIn | null, payload?: object, headers: Record<string, string> = {}) =>
  call<Envelope<T>>(t.app, { method, url: API + url, payload, headers: { ...(who ? who.headers : {}), ...headers } });

/** A 抖音配置 app pointing at the fake platform; returns its id. */
export async function addFakeApp(t: TestApp, admin: LoggedIn, fake: FakeDouyin, name = '本地抖音应用'): Promise<number> {
  const res = await request<{ appId: number }>(t, 'POST', '/channel/dyConfig/app', admin, { name, clientKey: fake.clientKey, clientSecret: fake.clientSecret, apiBaseUrl: fake.baseUrl });
  expect(res.code, res.msg).toBe(200);
  return res.data?.appId as number;
}

export async function addAgent(t: TestApp, name: string, status = 'published'): Promise<number> {
  const [row] = await t.deps.database.db
    .insert(aiAgent)
    .values({ name, status, params: DEFAULT_MODEL_PARAMS, handoff: DEFAULT_HANDOFF, businessHours: DEFAULT_BUSINESS_HOURS, leadGoal: DEFAULT_LEAD_GOAL, createTime: new Date(t.deps.now()) })
    .returning({ agentId: aiAgent.agentId });
  return row.agentId;
}

/** The token of a link the console hands out (`/dyLogin?link=…`, `/dySwitch?link=…`). */
export const linkToken = (url: string) => new URL(url, 'http://console.test').searchParams.get('link') as string;

export async function bindLink(t: TestApp, admin: LoggedIn, appId: number, agentId?: number): Promise<string> {
  const res = await request<{ url: string }>(t, 'POST', '/channel/dyConfig/bindLink', admin, { appId, agentId });
  expect(res.code, res.msg).toBe(200);
  return linkToken(res.data?.url as string);
}

/** What /dyLogin does on opening: the authorise URL with a fresh one-time state. */
export async function openLogin(t: TestApp, link: string): Promise<Envelope<{ appName: string; authorizeUrl: string; expiresTime: string }>> {
  return request(t, 'GET', `/channel/douyin/public/login?link=${encodeURIComponent(link)}`, null, undefined, { host: 'console.example.com' });
}

export interface BindData {
  result: string;
  nickname?: string;
  avatar?: string;
  message: string;
}

export const postBind = (t: TestApp, body: { state: string; code?: string; error?: string }) => request<BindData>(t, 'POST', '/channel/douyin/public/bind', null, body);

/** The whole binding as the owner lives it: open /dyLogin, scan on the fake's page, come back with code and state. */
export async function bindThroughFake(t: TestApp, fake: FakeDouyin, link: string, openId?: string) {
  const login = await openLogin(t, link);
  expect(login.code, login.msg).toBe(200);
  const callback = await fake.authorize(login.data?.authorizeUrl as string, openId);
  const body = { state: callback.searchParams.get('state') as string, code: callback.searchParams.get('code') as string };
  return { callback, body, bind: await postBind(t, body) };
}

export async function douyinRow(t: TestApp, openId: string) {
  const [row] = await t.deps.database.db.select().from(channelDouyinAccount).where(eq(channelDouyinAccount.openId, openId));
  return row;
}
