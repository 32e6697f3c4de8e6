import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { crmLead } from '../../../src/db/schema';
import type { LoggedIn } from '../../helpers/login';
import type { TestApp } from '../../helpers/app';
import { FORBIDDEN, HOUR, leadTestApp, leadUser, MINUTE, MONDAY_10AM, REP_MENUS, seedLead, type Requester, type Viewer } from '../lead/support';

let t: TestApp;
let nobody: LoggedIn;
let req: Requester;
let rep: Viewer;
let boss: Viewer;

interface Summary {
  newCount: number;
  overdueCount: number;
  latest: Array<{ leadId: number; name: string; phone: string; reason: string; assignedTime: string }>;
}

const summaryOf = async (who: LoggedIn) => (await req<{ data: Summary }>('GET', '/crm/notify/summary', undefined, who)).data;

/** A lead the user got `minutesAgo` before now. */
function assignedTo(userId: number, minutesAgo: number, extra: Parameters<typeof seedLead>[1] = {}) {
  const at = MONDAY_10AM - minutesAgo * MINUTE;
  return seedLead(t, { status: 'assigned', ownerId: userId, capturedTime: at, ...extra });
}

beforeAll(async () => {
  ({ t, nobody, req } = await leadTestApp('nsum'));
  rep = await leadUser(t, 'nsum_rep', 105, { menus: REP_MENUS });
  boss = await leadUser(t, 'nsum_boss', 105, { phone: true });
});

describe('GET /crm/notify/summary', () => {
  it('counts my new leads, the overdue ones among them, and lists the newest five, phones masked for me', async () => {
    expect(await summaryOf(rep)).toEqual({ newCount: 0, overdueCount: 0, latest: [] });
    const leads = [];
    for (let i = 0; i < 6; i++) leads.push(await assignedTo(rep.userId, 60 - i * 10, { name: `新客${i}`, phone: `1380000000${i}` }));
    await t.deps.database.db.update(crmLead).set({ firstContactDeadline: new Date(MONDAY_10AM - MINUTE) }).where(eq(crmLead.leadId, leads[0].leadId));
    await t.deps.database.db.update(crmLead).set({ firstContactDeadline: new Date(MONDAY_10AM + HOUR) }).where(eq(crmLead.leadId, leads[1].leadId));
    // Not new: followed up (even without an answer), contacted, or someone else's.
    await assignedTo(rep.userId, 5, { lastFollowupTime: MONDAY_10AM - MINUTE, firstContactDeadline: MONDAY_10AM - MINUTE });
    await assignedTo(rep.userId, 5, { status: 'contacted' });
    await assignedTo(boss.userId, 1);

    const summary = await summaryOf(rep);
    expect(summary).toMatchObject({ newCount: 6, overdueCount: 1 });
    expect(summary.latest.map((l) => l.name)).toEqual(['新客5', '新客4', '新客3', '新客2', '新客1']);
    expect(summary.latest[0]).toMatchObject({ leadId: leads[5].leadId, phone: '138****0005', assignedTime: '2026-03-02 09:50:00' });
  });

  it('shows whole phone numbers to a user who may read them', async () => {
    await assignedTo(boss.userId, 0, { phone: '13911112222' });
    expect((await summaryOf(boss)).latest[0].phone).toBe('13911112222');
  });

  it('is refused without crm:lead:list', async () => {
    expect(await req('GET', '/crm/notify/summary', undefined, nobody)).toEqual(FORBIDDEN);
  });
});
