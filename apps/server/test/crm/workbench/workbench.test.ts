import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiConversation, crmLead } from '../../../src/db/schema';
import { createAgent } from '../../ai/runtime/support';
import type { TestApp } from '../../helpers/app';
import type { LoggedIn } from '../../helpers/login';
import { createAndLogin, createRole, createUser } from '../../system/user/support';
import { HOUR, leadTestApp, leadUser, MINUTE, MONDAY_10AM, REP_MENUS, seedLead, type Requester } from '../lead/support';

const DAY = 24 * HOUR;
/** 在线会话 (list) only. */
const CONVERSATION_MENUS = [2000, 2002];

let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;
let nobody: LoggedIn;
let req: Requester;
/** A user of 研发部门 (103), outside ry's custom data scope (100, 101, 105). */
let outsider: number;

interface Workbench {
  conversations: { today: number; waiting: number } | null;
  leads: { today: number; dueToday: number; overdue: number; latest: Array<{ leadId: number; name: string; phone: string; status: string }> } | null;
  captureRate: number | null;
  trend: Array<{ day: string; conversations: number | null; leads: number | null }>;
}

const workbenchOf = async (who: LoggedIn) => {
  const res = await req<{ data: Workbench }>('GET', '/crm/workbench', undefined, who);
  expect(res.code).toBe(200);
  return res.data;
};

interface ConversationSeed {
  agentId: number;
  daysAgo?: number;
  said?: boolean;
  status?: string;
  channel?: string;
}

async function conversation({ agentId, daysAgo = 0, said = true, status = 'ai', channel = 'web' }: ConversationSeed) {
  const at = new Date(MONDAY_10AM - daysAgo * DAY);
  await t.deps.database.db.insert(aiConversation).values({
    agentId,
    channel,
    status,
    visitorId: `wb-${Math.random().toString(36).slice(2)}`,
    createTime: at,
    lastMessageTime: said ? at : null,
  });
}

let mine: { overdue: number; due: number; later: number };

beforeAll(async () => {
  ({ t, admin, ry, nobody, req } = await leadTestApp('wb'));
  outsider = await createUser(t, 'wb_rd', 103);
  // Conversations are in scope through their agent's owner: ry (105) is in ry's scope, admin (103) is not.
  const agentIn = await createAgent(t, { createBy: 'ry' });
  const agentOut = await createAgent(t, { createBy: 'admin' });

  await conversation({ agentId: agentIn });
  await conversation({ agentId: agentIn });
  await conversation({ agentId: agentOut });
  await conversation({ agentId: agentIn, said: false });
  await conversation({ agentId: agentIn, channel: 'debug' });
  await conversation({ agentId: agentIn, daysAgo: 1 });
  await conversation({ agentId: agentOut, daysAgo: 1 });
  await conversation({ agentId: agentIn, daysAgo: 7 });
  await conversation({ agentId: agentIn, daysAgo: 3, status: 'waiting' });
  await conversation({ agentId: agentOut, daysAgo: 3, status: 'waiting' });

  // Today (10:00): two chat leads (one owned outside ry's scope), an application, a duplicate.
  await seedLead(t, { agentId: agentIn, capturedTime: MONDAY_10AM - HOUR });
  await seedLead(t, { agentId: agentIn, status: 'assigned', ownerId: outsider });
  await seedLead(t, { agentId: null, source: 'apply' });
  await seedLead(t, { agentId: agentIn, status: 'duplicate' });
  await seedLead(t, { capturedTime: MONDAY_10AM - 2 * DAY });
  // Just before today began (China time): yesterday's.
  await seedLead(t, { capturedTime: MONDAY_10AM - 10 * HOUR - MINUTE });

  // Admin's own, captured long ago: overdue, due today, due tomorrow.
  const longAgo = MONDAY_10AM - 9 * DAY;
  const overdue = await seedLead(t, { name: '逾期客户', phone: '13800001111', status: 'assigned', ownerId: 1, capturedTime: longAgo, firstContactDeadline: MONDAY_10AM - MINUTE });
  const due = await seedLead(t, { name: '今日回访', status: 'contacted', ownerId: 1, capturedTime: longAgo + HOUR });
  const later = await seedLead(t, { name: '明日回访', status: 'contacted', ownerId: 1, capturedTime: longAgo + 2 * HOUR });
  const set = (leadId: number, nextContactTime: number) => t.deps.database.db.update(crmLead).set({ nextContactTime: new Date(nextContactTime) }).where(eq(crmLead.leadId, leadId));
  await set(due.leadId, MONDAY_10AM + 5 * HOUR);
  await set(later.leadId, MONDAY_10AM + 14 * HOUR + MINUTE);
  mine = { overdue: overdue.leadId, due: due.leadId, later: later.leadId };
});

const days = ['2026-02-24', '2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'];

describe('GET /crm/workbench', () => {
  it('gives today’s numbers, my leads and a seven-day trend by China day', async () => {
    const wb = await workbenchOf(admin);
    expect(wb.conversations).toEqual({ today: 3, waiting: 2 });
    expect(wb.leads).toMatchObject({ today: 3, dueToday: 1, overdue: 1 });
    expect(wb.captureRate).toBe(0.6667);
    expect(wb.trend).toEqual([
      { day: days[0], conversations: 0, leads: 0 },
      { day: days[1], conversations: 0, leads: 0 },
      { day: days[2], conversations: 0, leads: 0 },
      { day: days[3], conversations: 2, leads: 0 },
      { day: days[4], conversations: 0, leads: 1 },
      { day: days[5], conversations: 2, leads: 1 },
      { day: days[6], conversations: 3, leads: 3 },
    ]);
    expect(wb.leads?.latest.map((l) => l.leadId)).toEqual([mine.later, mine.due, mine.overdue]);
    expect(wb.leads?.latest[2]).toMatchObject({ name: '逾期客户', phone: '13800001111', status: 'assigned' });
  });

  it('keeps to ry’s data scope: conversations through agent owners, leads through owners, unowned ones shared', async () => {
    const wb = await workbenchOf(ry);
    expect(wb.conversations).toEqual({ today: 2, waiting: 1 });
    expect(wb.leads).toEqual({ today: 2, dueToday: 0, overdue: 0, latest: [] });
    expect(wb.captureRate).toBe(0.5);
    expect(wb.trend.at(-1)).toEqual({ day: days[6], conversations: 2, leads: 2 });
    expect(wb.trend.slice(3, 6)).toEqual([
      { day: days[3], conversations: 1, leads: 0 },
      { day: days[4], conversations: 0, leads: 1 },
      { day: days[5], conversations: 1, leads: 1 },
    ]);
  });

  it('leaves out what the user may not open, and masks phones for a salesperson', async () => {
    const rep = await leadUser(t, 'wb_rep', 105, { menus: REP_MENUS });
    await t.deps.database.db.update(crmLead).set({ ownerId: rep.userId }).where(eq(crmLead.leadId, mine.overdue));
    const repView = await workbenchOf(rep);
    expect(repView).toMatchObject({ conversations: null, captureRate: null, leads: { overdue: 1, latest: [{ phone: '138****1111' }] } });
    expect(repView.trend.map((d) => d.conversations)).toEqual(Array(7).fill(null));

    const watcher = await createAndLogin(t, 'wb_watch', 105, [await createRole(t, 'wb_watch', '1', CONVERSATION_MENUS)]);
    expect(await workbenchOf(watcher)).toMatchObject({ conversations: { today: 3 }, leads: null, captureRate: null });

    const empty = await workbenchOf(nobody);
    expect(empty).toMatchObject({ conversations: null, leads: null, captureRate: null });
    expect(empty.trend).toEqual(days.map((day) => ({ day, conversations: null, leads: null })));
  });

  it('asks for a session', async () => {
    expect(await req('GET', '/crm/workbench', undefined, { token: '', headers: { authorization: '' } })).toMatchObject({ code: 401 });
  });
});
