import { eq } from 'drizzle-orm';
import type { CapturedField } from '@acs/shared';
import { aiConversation, aiMessage, crmCustomer, crmLead, crmLeadEvent, sysConfig } from '../../../src/db/schema';
import { evictConfigValue } from '../../../src/modules/system/config/service';
import { createTestApp, type TestApp } from '../../helpers/app';
import { userWithoutRoles } from '../../helpers/crud';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { requester, type Requester } from '../../ai/agent/support';
import { createAndLogin, createRole } from '../../system/user/support';

export { API, FORBIDDEN, requester, type Requester } from '../../ai/agent/support';

// Monday 2 March 2026, 10:00 in China.
export const MONDAY_10AM = Date.UTC(2026, 2, 2, 2, 0);
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** The 客户留资 list and its buttons (2120–2124), and 客户管理's 查看手机号 (2117) when asked. */
const LEAD_MENUS = [2100, 2102, 2120, 2121, 2122, 2123, 2124];
/** 客户留资 without 线索分配 (2121) and export: a salesperson who claims and follows up. */
export const REP_MENUS = [2100, 2102, 2120, 2122, 2123];

export interface LeadTestApp {
  t: TestApp;
  admin: LoggedIn;
  /** Role 2 (普通角色): every menu, custom data scope over departments 100, 101, 105. */
  ry: LoggedIn;
  /** No role at all. */
  nobody: LoggedIn;
  /** Calls as admin unless told otherwise. */
  req: Requester;
}

/** A seeded app at Monday 10:00 China time with the users every lead test signs in as. */
export async function leadTestApp(prefix: string): Promise<LeadTestApp> {
  const t = await createTestApp({ startAt: MONDAY_10AM });
  const admin = await loginAs(t.app, 'admin', 'admin123');
  return { t, admin, ry: await loginAs(t.app, 'ry', 'admin123'), nobody: await userWithoutRoles(t, `${prefix}_nobody`), req: requester(t, admin) };
}

/** A user in `deptId` whose role has every lead permission, data scope "all", and the phone permission only when `phone`. */
export async function leadUser(t: TestApp, userName: string, deptId: number, opts: { phone?: boolean; menus?: number[] } = {}) {
  const roleId = await createRole(t, `role_${userName}`, '1', [...(opts.menus ?? LEAD_MENUS), ...(opts.phone ? [2101, 2117] : [])]);
  return createAndLogin(t, userName, deptId, [roleId]);
}

let seq = 0;
let phoneSeq = 0;
/** A mainland mobile no other lead of the file uses. */
export const freshPhone = () => `137${String(process.pid % 10_000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

export interface LeadSeed {
  status?: string;
  ownerId?: number | null;
  name?: string;
  phone?: string;
  wechat?: string;
  channel?: string;
  agentId?: number | null;
  source?: string;
  capturedTime?: number;
  firstContactDeadline?: number | null;
  lastFollowupTime?: number | null;
  conversationId?: number | null;
  fields?: CapturedField[];
  customerId?: number;
  remark?: string;
}

/** A customer and a lead as the capture or a rule would have left them (rows, not the API). */
export async function seedLead(t: TestApp, seed: LeadSeed = {}): Promise<{ leadId: number; customerId: number }> {
  const db = t.deps.database.db;
  const at = new Date(seed.capturedTime ?? t.deps.now());
  const phone = seed.phone ?? freshPhone();
  const customerId =
    seed.customerId ??
    (
      await db
        .insert(crmCustomer)
        .values({ name: seed.name ?? `客户${++seq}`, phone, source: seed.channel ?? 'web', stage: 'lead', firstSeenTime: at, lastSeenTime: at, createTime: at })
        .returning({ customerId: crmCustomer.customerId })
    )[0].customerId;
  const status = seed.status ?? 'new';
  const [lead] = await db
    .insert(crmLead)
    .values({
      customerId,
      conversationId: seed.conversationId ?? null,
      agentId: seed.agentId === undefined ? 1 : seed.agentId,
      channel: seed.channel ?? 'web',
      source: seed.source ?? 'chat',
      name: seed.name ?? '',
      phone,
      wechat: seed.wechat ?? '',
      fields: seed.fields ?? [{ field: 'phone', value: phone, method: 'regex', evidence: `电话${phone}` }],
      status,
      ownerId: seed.ownerId ?? null,
      assignedTime: seed.ownerId ? at : null,
      firstContactDeadline: seed.firstContactDeadline ? new Date(seed.firstContactDeadline) : null,
      lastFollowupTime: seed.lastFollowupTime ? new Date(seed.lastFollowupTime) : null,
      capturedTime: at,
      createTime: at,
      remark: seed.remark ?? null,
    })
    .returning({ leadId: crmLead.leadId });
  return { leadId: lead.leadId, customerId };
}

/** A conversation with the given messages (customer and AI alternating unless said), returning their ids in order. */
export async function seedConversation(t: TestApp, contents: string[]): Promise<{ conversationId: number; messageIds: number[] }> {
  const db = t.deps.database.db;
  const at = new Date(t.deps.now());
  const [conv] = await db
    .insert(aiConversation)
    .values({ agentId: 1, channel: 'web', visitorId: `lv-${++seq}-${process.pid}`, createTime: at, lastSeq: contents.length })
    .returning({ conversationId: aiConversation.conversationId });
  const rows = await db
    .insert(aiMessage)
    .values(contents.map((content, i) => ({ conversationId: conv.conversationId, seq: i + 1, sender: i % 2 === 0 ? 'customer' : 'ai', content, createTime: at })))
    .returning({ messageId: aiMessage.messageId, seq: aiMessage.seq });
  return { conversationId: conv.conversationId, messageIds: rows.sort((a, b) => a.seq - b.seq).map((r) => r.messageId) };
}

export async function leadRow(t: TestApp, leadId: number) {
  const [row] = await t.deps.database.db.select().from(crmLead).where(eq(crmLead.leadId, leadId));
  return row;
}

export async function customerRow(t: TestApp, customerId: number) {
  const [row] = await t.deps.database.db.select().from(crmCustomer).where(eq(crmCustomer.customerId, customerId));
  return row;
}

export const eventsOf = (t: TestApp, leadId: number) =>
  t.deps.database.db.select().from(crmLeadEvent).where(eq(crmLeadEvent.leadId, leadId)).orderBy(crmLeadEvent.eventId);

/** Sets a system parameter as 参数设置 would, dropping its cached value. */
export async function setConfig(t: TestApp, key: string, value: string): Promise<void> {
  await t.deps.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, key));
  await evictConfigValue(t.deps, key);
}

export type Viewer = LoggedIn & { userId: number };
