import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { crmLead } from '../../../src/db/schema';
import { reclaimOverdue } from '../../../src/modules/crm/distribution/reclaim';
import { announceToOwner } from '../../../src/modules/crm/notify/announce';
import type { LoggedIn } from '../../helpers/login';
import type { TestApp } from '../../helpers/app';
import { listen, SseReader } from '../../ai/runtime/support';
import { leadRow, leadTestApp, leadUser, REP_MENUS, seedLead, type Requester, type Viewer } from '../lead/support';
import { isLeadEvent, leadEvents, MINUTE, ruleWithChat } from './support';

let t: TestApp;
let nobody: LoggedIn;
let req: Requester;
let base: string;
/** May read phone numbers whole. */
let boss: Viewer;
/** Sees them masked. */
let rep: Viewer;
const readers: SseReader[] = [];

const OK = { code: 200, msg: '操作成功' };

async function streamOf(who: LoggedIn): Promise<SseReader> {
  const reader = await SseReader.open(`${base}/crm/notify/stream`, who.headers);
  readers.push(reader);
  return reader;
}

/** Waits for the reader's `n`-th lead event. */
async function nthLeadEvent(reader: SseReader, n: number) {
  await reader.waitFor(() => reader.events.filter(isLeadEvent).length >= n);
  return reader.events.filter(isLeadEvent)[n - 1];
}

beforeAll(async () => {
  ({ t, nobody, req } = await leadTestApp('ntf'));
  boss = await leadUser(t, 'ntf_boss', 105, { phone: true });
  rep = await leadUser(t, 'ntf_rep', 105, { menus: REP_MENUS });
  base = await listen(t);
});

afterAll(async () => {
  for (const r of readers) await r.close();
});

describe('GET /crm/notify/stream', () => {
  it('brings a lead a rule assigned in the public chat to its new owner only, the phone masked for them', async () => {
    const repStream = await streamOf(rep);
    const bossStream = await streamOf(boss);
    expect(repStream.status).toBe(200);
    expect(repStream.headers.get('content-type')).toContain('text/event-stream');

    const chat = await ruleWithChat(t, { name: '售前一组', firstContactMinutes: 30, members: [{ userId: rep.userId }] });
    const { phone } = await chat.captureByChat();
    const event = await repStream.waitFor(isLeadEvent);
    const [lead] = await t.deps.database.db.select().from(crmLead).where(eq(crmLead.phone, phone));
    expect(event.data).toEqual({
      userId: rep.userId,
      lead: {
        leadId: lead.leadId,
        name: '',
        phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
        wechat: '',
        channel: 'web',
        source: 'chat',
        status: 'assigned',
        ownerId: rep.userId,
        capturedTime: '2026-03-02 10:00:00',
        assignedTime: '2026-03-02 10:00:00',
        firstContactDeadline: '2026-03-02 10:30:00',
        reason: '规则“售前一组”，轮流分配：ntf_rep 今日 1',
      },
    });

    // A hand-out to the other user afterwards: once it arrived, anything meant for rep would have too.
    const other = await seedLead(t);
    expect(await req('PUT', '/crm/lead/assign', { leadIds: [other.leadId], userId: boss.userId, reason: '重点客户' })).toEqual(OK);
    const bossEvent = await bossStream.waitFor(isLeadEvent);
    expect(bossEvent.data).toMatchObject({ userId: boss.userId, lead: { leadId: other.leadId, phone: (await leadRow(t, other.leadId)).phone, reason: '手动分配：重点客户' } });
    expect(leadEvents(repStream)).toHaveLength(1);
    expect(leadEvents(bossStream)).toHaveLength(1);
  });

  it('tells a claimer and the member who gets a reclaimed lead', async () => {
    const repStream = await streamOf(rep);
    const bossStream = await streamOf(boss);
    const pooled = await seedLead(t);
    expect(await req('POST', '/crm/lead/claim', { leadIds: [pooled.leadId] }, rep)).toEqual(OK);
    expect((await repStream.waitFor(isLeadEvent)).data).toMatchObject({ lead: { leadId: pooled.leadId, reason: '公海领取' } });

    const chat = await ruleWithChat(t, { name: '回收组', reclaimMinutes: 10, reclaimTo: 'next', members: [{ userId: rep.userId }, { userId: boss.userId }] });
    await chat.captureByChat();
    const assigned = await nthLeadEvent(repStream, 2);
    const leadId = (assigned.data as { lead: { leadId: number } }).lead.leadId;
    t.advance(11 * MINUTE);
    await reclaimOverdue(t.deps);
    const handedOn = await bossStream.waitFor(isLeadEvent);
    expect(handedOn.data).toMatchObject({ userId: boss.userId, lead: { leadId, reason: expect.stringContaining('转给下一位成员') } });
    expect(leadEvents(repStream)).toHaveLength(2);
  });

  it('is refused without crm:lead:list or a session', async () => {
    const refused = await fetch(`${base}/crm/notify/stream`, { headers: nobody.headers });
    expect(await refused.json()).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    const anonymous = await fetch(`${base}/crm/notify/stream`);
    expect(await anonymous.json()).toMatchObject({ code: 401 });
  });

  it('ends on logout without passing on what comes after', async () => {
    const leaver = await leadUser(t, 'ntf_leaver', 105);
    const stream = await streamOf(leaver);
    expect((await fetch(`${base}/logout`, { method: 'POST', headers: leaver.headers }).then((r) => r.json())) as object).toMatchObject({ code: 200 });
    const { leadId } = await seedLead(t);
    expect(await req('PUT', '/crm/lead/assign', { leadIds: [leadId], userId: leaver.userId, reason: '离开后' })).toEqual(OK);
    await stream.ended;
    expect(leadEvents(stream)).toEqual([]);
  });

  // Last: it lets every session of the file expire.
  it('ends when the session expires', async () => {
    const idle = await leadUser(t, 'ntf_idle', 105);
    const stream = await streamOf(idle);
    const { leadId } = await seedLead(t);
    t.advance(31 * MINUTE);
    await t.deps.database.db.update(crmLead).set({ ownerId: idle.userId, status: 'assigned' }).where(eq(crmLead.leadId, leadId));
    await announceToOwner(t.deps, idle.userId, [leadId]);
    await stream.ended;
    expect(leadEvents(stream)).toEqual([]);
  });
});
