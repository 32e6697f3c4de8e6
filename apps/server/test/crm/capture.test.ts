import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CapturedField } from '@acs/shared';
import { aiConversation, crmCustomer, crmCustomerIdentity, crmLead, crmLeadEvent } from '../../src/db/schema';
import { captureLead, normalizeMobile, type CaptureConversation } from '../../src/modules/crm/capture';
import { createTestApp, type TestApp } from '../helpers/app';
import { postgresAvailable } from '../helpers/db';

const modes: Array<[string, boolean]> = [['PGlite', false], ...(postgresAvailable ? [['PostgreSQL', true] as [string, boolean]] : [])];

const field = (f: CapturedField['field'], value: string, extra: Partial<CapturedField> = {}): CapturedField => ({
  field: f,
  value,
  method: 'regex',
  evidence: value,
  ...extra,
});

describe('normalizeMobile', () => {
  it.each([
    ['13812345678', '13812345678'],
    ['138 1234 5678', '13812345678'],
    ['138-1234-5678', '13812345678'],
    ['+86 138 1234 5678', '13812345678'],
    ['8613812345678', '13812345678'],
    ['12812345678', null],
    ['1381234567', null],
    ['138****5678', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeMobile(input)).toBe(expected);
  });
});

describe.each(modes)('captureLead (%s)', (_name, postgres) => {
  let t: TestApp;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp({ postgres });
  });

  async function conversation(visitorId = `v-${++seq}`, channel = 'web'): Promise<CaptureConversation> {
    const [row] = await t.deps.database.db
      .insert(aiConversation)
      .values({ agentId: 1, channel, visitorId, createTime: new Date(t.deps.now()) })
      .returning();
    return row;
  }
  /** Duplicate detection is off (window 0) unless a test gives a window. */
  const capture = (conv: CaptureConversation, fields: CapturedField[], windowHours = 0) =>
    captureLead(t.deps.database.db, { conversation: conv, fields }, t.deps.now(), windowHours);
  const customer = async (id: number) => (await t.deps.database.db.select().from(crmCustomer).where(eq(crmCustomer.customerId, id)))[0];
  const leadsOf = (id: number) => t.deps.database.db.select().from(crmLead).where(eq(crmLead.customerId, id)).orderBy(crmLead.leadId);

  it('creates the customer with its platform identity and links the conversation', async () => {
    const conv = await conversation('visitor-a', 'douyin');
    const r = await capture(conv, [field('phone', '13811110001'), field('name', '赵六')]);
    expect(r).toMatchObject({ customerCreated: true, leadCreated: true });
    expect(await customer(r.customerId)).toMatchObject({ phone: '13811110001', name: '赵六', source: 'douyin' });
    const [identity] = await t.deps.database.db.select().from(crmCustomerIdentity).where(eq(crmCustomerIdentity.uid, 'visitor-a'));
    expect(identity).toMatchObject({ platform: 'douyin', customerId: r.customerId });
    const [linked] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, conv.conversationId));
    expect(linked.customerId).toBe(r.customerId);
  });

  it('finds the customer by identity for a later name, fills only empty fields and merges into the open lead', async () => {
    const conv = await conversation();
    const first = await capture(conv, [field('phone', '13811110002')]);
    const again = await capture({ ...conv, customerId: first.customerId }, [field('name', '孙七'), field('phone', '13811110099')]);
    // The second phone finds nobody; the identity finds the customer, whose phone stays; the new one is the alternate.
    expect(again.customerId).toBe(first.customerId);
    expect(await customer(first.customerId)).toMatchObject({ name: '孙七', phone: '13811110002', phoneAlt: '13811110099' });
    const leads = await leadsOf(first.customerId);
    expect(leads).toHaveLength(1);
    expect(leads[0].fields.map((f) => f.value)).toEqual(['13811110002', '孙七', '13811110099']);
  });

  it('keeps two numbers of one message: the first as the phone, the second as the alternate', async () => {
    const conv = await conversation();
    const r = await capture(conv, [
      field('phone', '13911110020'),
      field('phone', '139****0021', { masked: true }),
      field('phone', '150 1111 0022'),
    ]);
    expect(await customer(r.customerId)).toMatchObject({ phone: '13911110020', phoneAlt: '15011110022', phoneMasked: '139****0021' });
    const [lead] = await leadsOf(r.customerId);
    expect(lead).toMatchObject({ phone: '13911110020' });
    expect(lead.fields.filter((f) => f.field === 'phone' && !f.masked).map((f) => f.value)).toEqual(['13911110020', '150 1111 0022']);

    // A filled alternate stays; the primary is never replaced.
    await capture({ ...conv, customerId: r.customerId }, [field('phone', '13911110020'), field('phone', '18611110023')]);
    expect(await customer(r.customerId)).toMatchObject({ phone: '13911110020', phoneAlt: '15011110022' });
  });

  it('finds the customer by the second number too, in another conversation', async () => {
    const first = await capture(await conversation(), [field('phone', '13911110030'), field('phone', '15011110031')]);
    const later = await capture(await conversation(), [field('phone', '150-1111-0031')]);
    expect(later.customerId).toBe(first.customerId);
    expect(await customer(first.customerId)).toMatchObject({ phone: '13911110030', phoneAlt: '15011110031' });
    // A first number wins over someone else's second one.
    const other = await capture(await conversation(), [field('phone', '18611110032')]);
    const both = await capture(await conversation(), [field('phone', '15011110031'), field('phone', '18611110032')]);
    expect(both.customerId).toBe(other.customerId);
  });

  it('leaves the alternate empty when the same number comes again', async () => {
    const conv = await conversation();
    const r = await capture(conv, [field('phone', '13711110024'), field('phone', '137 1111 0024')]);
    await capture({ ...conv, customerId: r.customerId }, [field('phone', '+86 13711110024')]);
    expect(await customer(r.customerId)).toMatchObject({ phone: '13711110024', phoneAlt: '' });
  });

  it('starts a new lead once the earlier one is closed', async () => {
    const conv = await conversation();
    const first = await capture(conv, [field('wechat', 'wx_closed1')]);
    await t.deps.database.db.update(crmLead).set({ status: 'converted' }).where(eq(crmLead.leadId, first.leadId!));
    const second = await capture(conv, [field('wechat', 'wx_closed1')]);
    expect(second).toMatchObject({ customerId: first.customerId, leadCreated: true });
    expect(second.leadId).not.toBe(first.leadId);
  });

  it('never takes a masked phone as the phone', async () => {
    const conv = await conversation();
    const r = await capture(conv, [field('phone', '139****0003', { masked: true })]);
    expect(await customer(r.customerId)).toMatchObject({ phone: '', phoneMasked: '139****0003' });
    expect(r.leadId).toBeNull();
    const later = await capture(conv, [field('phone', '13911110003')]);
    expect(await customer(later.customerId)).toMatchObject({ phone: '13911110003', phoneMasked: '139****0003' });
    expect(later.leadCreated).toBe(true);
  });

  it('makes one customer when two visitors give the same number at the same moment', async () => {
    const convs = await Promise.all(Array.from({ length: 6 }, () => conversation()));
    const results = await Promise.all(convs.map((c) => capture(c, [field('phone', '13711110004')])));
    expect(new Set(results.map((r) => r.customerId)).size).toBe(1);
    expect(results.filter((r) => r.customerCreated)).toHaveLength(1);
    expect(await leadsOf(results[0].customerId)).toHaveLength(1);
    const rows = await t.deps.database.db.select().from(crmCustomer).where(eq(crmCustomer.phone, '13711110004'));
    expect(rows).toHaveLength(1);
  });

  const eventsOf = (leadId: number) =>
    t.deps.database.db.select().from(crmLeadEvent).where(eq(crmLeadEvent.leadId, leadId)).orderBy(crmLeadEvent.eventId);
  const HOUR = 3_600_000;

  it('records the capture of a new lead and makes its customer a lead', async () => {
    const conv = await conversation('visitor-stage', 'douyin');
    const named = await capture(conv, [field('name', '吴九')]);
    expect(await customer(named.customerId)).toMatchObject({ stage: 'visitor' });
    const r = await capture({ ...conv, customerId: named.customerId }, [field('phone', '13811110010')], 72);
    expect(r).toMatchObject({ leadCreated: true, duplicateLeadId: null });
    expect(await customer(r.customerId)).toMatchObject({ stage: 'lead' });
    expect(await eventsOf(r.leadId!)).toMatchObject([
      { kind: 'capture', customerId: r.customerId, fromStatus: '', toStatus: 'new', operatorId: null, operatorName: 'system', reason: '抖音会话留资' },
    ]);
  });

  it('keeps a customer who bought a customer when a later lead starts', async () => {
    const conv = await conversation();
    const first = await capture(conv, [field('phone', '13811110011')], 72);
    await t.deps.database.db.update(crmLead).set({ status: 'converted' }).where(eq(crmLead.leadId, first.leadId!));
    await t.deps.database.db.update(crmCustomer).set({ stage: 'customer' }).where(eq(crmCustomer.customerId, first.customerId));
    const again = await capture(await conversation(), [field('phone', '13811110011')], 72);
    expect(again.leadCreated).toBe(true);
    expect(await customer(first.customerId)).toMatchObject({ stage: 'customer' });
  });

  it('links a capture from another conversation within the window as a duplicate and gives its fields to the open lead', async () => {
    const first = await capture(await conversation(), [field('phone', '13811110012')], 72);
    t.advance(71 * HOUR);
    const other = await conversation();
    const dup = await capture(other, [field('phone', '13811110012'), field('wechat', 'wx_dup12')], 72);
    expect(dup).toMatchObject({ customerId: first.customerId, leadId: first.leadId, leadCreated: false });
    expect(dup.duplicateLeadId).not.toBeNull();
    const [open, linked] = await leadsOf(first.customerId);
    expect(open).toMatchObject({ leadId: first.leadId, status: 'new', wechat: 'wx_dup12', duplicateOf: null });
    expect(open.fields.map((f) => f.value)).toEqual(['13811110012', 'wx_dup12']);
    expect(linked).toMatchObject({ leadId: dup.duplicateLeadId, status: 'duplicate', duplicateOf: first.leadId, conversationId: other.conversationId });
    expect(await eventsOf(linked.leadId)).toMatchObject([{ kind: 'duplicate', toStatus: 'duplicate', operatorName: 'system' }]);
    expect((await eventsOf(linked.leadId))[0].reason).toContain(`线索#${first.leadId}`);

    // More from that conversation goes into the same duplicate, not another one.
    const more = await capture({ ...other, customerId: first.customerId }, [field('name', '郑十')], 72);
    expect(more).toMatchObject({ leadId: first.leadId, duplicateLeadId: linked.leadId });
    const after = await leadsOf(first.customerId);
    expect(after).toHaveLength(2);
    expect(after[1].fields.map((f) => f.value)).toEqual(['13811110012', 'wx_dup12', '郑十']);
    expect(after[0].name).toBe('郑十');
  });

  it('merges a capture from the open lead\'s own conversation without a duplicate', async () => {
    const conv = await conversation();
    const first = await capture(conv, [field('phone', '13811110013')], 72);
    const again = await capture({ ...conv, customerId: first.customerId }, [field('wechat', 'wx_same13')], 72);
    expect(again).toMatchObject({ leadId: first.leadId, leadCreated: false, duplicateLeadId: null });
    expect(await leadsOf(first.customerId)).toHaveLength(1);
  });

  it('starts a new lead past the window', async () => {
    const first = await capture(await conversation(), [field('phone', '13811110014')], 72);
    t.advance(72 * HOUR + 1000);
    const later = await capture(await conversation(), [field('phone', '13811110014')], 72);
    expect(later).toMatchObject({ customerId: first.customerId, leadCreated: true, duplicateLeadId: null });
    const leads = await leadsOf(first.customerId);
    expect(leads.map((l) => [l.status, l.duplicateOf])).toEqual([
      ['new', null],
      ['new', null],
    ]);
    expect(await eventsOf(later.leadId!)).toMatchObject([{ kind: 'capture' }]);
  });

  it('with window 0 merges a capture from another conversation into the open lead, as before detection', async () => {
    const first = await capture(await conversation(), [field('phone', '13811110015')], 0);
    const other = await capture(await conversation(), [field('wechat', 'wx_off15'), field('phone', '13811110015')], 0);
    expect(other).toMatchObject({ leadId: first.leadId, leadCreated: false, duplicateLeadId: null });
    const leads = await leadsOf(first.customerId);
    expect(leads).toHaveLength(1);
    expect(leads[0].wechat).toBe('wx_off15');
  });

  it('links every other capture of a number given at the same moment to one open lead', async () => {
    const convs = await Promise.all(Array.from({ length: 6 }, () => conversation()));
    const results = await Promise.all(convs.map((c) => capture(c, [field('phone', '13711110016')], 72)));
    expect(new Set(results.map((r) => r.customerId)).size).toBe(1);
    const leads = await leadsOf(results[0].customerId);
    const open = leads.filter((l) => l.status === 'new');
    expect(open).toHaveLength(1);
    expect(leads.filter((l) => l.status === 'duplicate').map((l) => l.duplicateOf)).toEqual(Array(5).fill(open[0].leadId));
    expect(results.filter((r) => r.leadCreated)).toHaveLength(1);
  });

  it('makes one customer when one visitor sends two messages at once', async () => {
    const conv = await conversation();
    const results = await Promise.all([capture(conv, [field('name', '周八')]), capture(conv, [field('wechat', 'wx_twice5')])]);
    expect(results[0].customerId).toBe(results[1].customerId);
  });
});
