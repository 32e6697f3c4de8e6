import type { InjectOptions } from 'fastify';
import { aiConversation, aiMessage, crmCustomer, crmLead } from '../../../src/db/schema';
import type { TestApp } from '../../helpers/app';
import type { LoggedIn } from '../../helpers/login';
import { call } from '../../common/support';

export const API = '/prod-api';
/** 客户 › 客户管理 and its buttons: query, add, edit, remove, export, import, merge, then 查看手机号 (2117). */
export const CUSTOMER_MENUS = [2100, 2101, 2110, 2111, 2112, 2113, 2114, 2115, 2116, 2117];
export const CUSTOMER_MENUS_NO_PHONE = CUSTOMER_MENUS.filter((id) => id !== 2117);

export type Method = NonNullable<InjectOptions['method']>;

export const request = <T = Record<string, unknown>>(t: TestApp, who: LoggedIn, method: Method, url: string, payload?: object) =>
  call<T>(t.app, { method, url: API + url, payload, headers: who.headers });

/** A customer row as capture or an earlier screen left it. */
export async function addCustomer(t: TestApp, values: Partial<typeof crmCustomer.$inferInsert> = {}): Promise<number> {
  const at = new Date(t.deps.now());
  const [row] = await t.deps.database.db
    .insert(crmCustomer)
    .values({ source: 'web', firstSeenTime: at, lastSeenTime: at, createTime: at, ...values })
    .returning({ customerId: crmCustomer.customerId });
  return row.customerId;
}

export async function addConversation(t: TestApp, customerId: number | null, visitorId = `visitor-${customerId}-${Math.random()}`): Promise<number> {
  const [row] = await t.deps.database.db
    .insert(aiConversation)
    .values({ agentId: 1, channel: 'web', visitorId, customerId, createTime: new Date(t.deps.now()) })
    .returning({ conversationId: aiConversation.conversationId });
  return row.conversationId;
}

export async function addMessages(t: TestApp, conversationId: number, contents: string[], firstSeq = 1): Promise<void> {
  const at = t.deps.now();
  await t.deps.database.db
    .insert(aiMessage)
    .values(contents.map((content, i) => ({ conversationId, seq: firstSeq + i, sender: 'customer', content, createTime: new Date(at + i) })));
}

export async function addLead(t: TestApp, customerId: number, values: Partial<typeof crmLead.$inferInsert> = {}): Promise<number> {
  const [row] = await t.deps.database.db
    .insert(crmLead)
    .values({ customerId, channel: 'web', capturedTime: new Date(t.deps.now()), ...values })
    .returning({ leadId: crmLead.leadId });
  return row.leadId;
}

export interface ListBody<T> {
  rows: T[];
  total: number;
}
