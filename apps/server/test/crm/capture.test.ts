import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CapturedField } from '@acs/shared';
import { aiConversation, crmCustomer, crmCustomerIdentity, crmLead } from '../../src/db/schema';
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
  const capture = (conv: CaptureConversation, fields: CapturedField[]) => captureLead(t.deps.database.db, { conversation: conv, fields }, t.deps.now());
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
    // The second phone finds nobody; the identity finds the customer, whose phone stays.
    expect(again.customerId).toBe(first.customerId);
    expect(await customer(first.customerId)).toMatchObject({ name: '孙七', phone: '13811110002' });
    const leads = await leadsOf(first.customerId);
    expect(leads).toHaveLength(1);
    expect(leads[0].fields.map((f) => f.value)).toEqual(['13811110002', '孙七', '13811110099']);
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

  it('makes one customer when one visitor sends two messages at once', async () => {
    const conv = await conversation();
    const results = await Promise.all([capture(conv, [field('name', '周八')]), capture(conv, [field('wechat', 'wx_twice5')])]);
    expect(results[0].customerId).toBe(results[1].customerId);
  });
});
