import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { CRM_CONFIG } from '@acs/shared';
import { aiConversation, crmLead } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createAgent, visitor } from '../../ai/runtime/support';
import { eventsOf, MONDAY_10AM, setConfig } from './support';

/**
 * Duplicate detection as the chat reaches it (docs/crm.md §Duplicates): the contact card and a
 * customer's message each read crm.lead.duplicateWindowHours.
 */
let t: TestApp;
let agentId: number;

beforeAll(async () => {
  t = await createTestApp({ startAt: MONDAY_10AM });
  agentId = await createAgent(t);
});

const customerOf = async (conversationId: number) =>
  (await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, conversationId)))[0].customerId!;
const leadsOf = (customerId: number) => t.deps.database.db.select().from(crmLead).where(eq(crmLead.customerId, customerId)).orderBy(asc(crmLead.leadId));

describe('duplicate leads from the chat', () => {
  it('links a second conversation giving the same number to the open lead, by card and by message', async () => {
    const a = await visitor(t, agentId);
    expect(await a.contact({ phone: '13500001111', name: '冯一' })).toMatchObject({ code: 200 });
    const customerId = await customerOf(a.conversationId);

    const b = await visitor(t, agentId);
    expect(await b.contact({ phone: '13500001111', wechat: 'wx_feng1' })).toMatchObject({ code: 200 });
    const c = await visitor(t, agentId);
    await c.send('我电话是13500001111');

    const [open, fromCard, fromMessage] = await leadsOf(customerId);
    expect(open).toMatchObject({ status: 'new', conversationId: a.conversationId, wechat: 'wx_feng1' });
    expect(fromCard).toMatchObject({ status: 'duplicate', duplicateOf: open.leadId, conversationId: b.conversationId });
    expect(fromMessage).toMatchObject({ status: 'duplicate', duplicateOf: open.leadId, conversationId: c.conversationId });
    expect((await eventsOf(t, open.leadId)).map((e) => e.kind)).toEqual(['capture']);
    expect((await eventsOf(t, fromCard.leadId)).map((e) => e.kind)).toEqual(['duplicate']);
  });

  it('with the window set to 0 the capture only goes into the open lead', async () => {
    await setConfig(t, CRM_CONFIG.duplicateWindowHours.key, '0');
    try {
      const a = await visitor(t, agentId);
      await a.contact({ phone: '13500002222' });
      const b = await visitor(t, agentId);
      await b.contact({ phone: '13500002222', wechat: 'wx_off2' });
      const c = await visitor(t, agentId);
      await c.send('电话13500002222');
      const leads = await leadsOf(await customerOf(a.conversationId));
      expect(leads.map((l) => [l.status, l.wechat])).toEqual([['new', 'wx_off2']]);
    } finally {
      await setConfig(t, CRM_CONFIG.duplicateWindowHours.key, String(CRM_CONFIG.duplicateWindowHours.default));
    }
  });

  it('a window of 1 hour lets a capture two hours later start a new lead', async () => {
    await setConfig(t, CRM_CONFIG.duplicateWindowHours.key, '1');
    try {
      const a = await visitor(t, agentId);
      await a.contact({ phone: '13500003333' });
      t.advance(2 * 3_600_000);
      const b = await visitor(t, agentId);
      await b.contact({ phone: '13500003333' });
      const leads = await leadsOf(await customerOf(a.conversationId));
      expect(leads.map((l) => [l.status, l.conversationId])).toEqual([
        ['new', a.conversationId],
        ['new', b.conversationId],
      ]);
    } finally {
      await setConfig(t, CRM_CONFIG.duplicateWindowHours.key, String(CRM_CONFIG.duplicateWindowHours.default));
    }
  });
});
