import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CRM_CONFIG } from '@acs/shared';
import { aiConversation, aiMessage, crmFollowup, crmLead, crmLeadEvent } from '../../../src/db/schema';
import { captureLead } from '../../../src/modules/crm/capture';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { eventually } from '../../common/support';
import { createAgent, visitor } from '../../ai/runtime/support';
import { createAndLogin, createRole, createUser } from '../../system/user/support';
import { addConversation, addCustomer, addMessages, CUSTOMER_MENUS_NO_PHONE, request } from './support';

interface Item {
  type: 'conversation' | 'lead' | 'field' | 'event' | 'followup';
  time: string;
  [key: string]: unknown;
}
interface Timeline {
  items: Item[];
  truncated: boolean;
  limit: number;
}

let t: TestApp;
let admin: LoggedIn;
let noPhone: LoggedIn;
let agentId: number;
let staff: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  noPhone = await createAndLogin(t, 'tl_no_phone', 103, [await createRole(t, 'tl_no_phone', '1', CUSTOMER_MENUS_NO_PHONE)]);
  staff = await createUser(t, 'tl_sales', 103);
  agentId = await createAgent(t, { name: '时间线客服' });
});

const timeline = async (who: LoggedIn, customerId: number) => (await request<{ data: Timeline }>(t, who, 'GET', `/crm/customer/${customerId}/timeline`)).data;
const ofType = (tl: Timeline, type: Item['type']) => tl.items.filter((i) => i.type === type);

describe('GET /crm/customer/{customerId}/timeline', () => {
  let customerId: number;
  let conversationId: number;
  let noteId: number;

  beforeAll(async () => {
    // A customer talks on /chat, then leaves contact details on the card.
    const v = await visitor(t, agentId);
    conversationId = v.conversationId;
    await v.send('你们几点下班');
    await eventually(async () => (await t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId))).length === 2);
    t.advance(60_000);
    expect((await v.contact({ name: '陈十', phone: '13900007777', wechat: 'chen_ten' })).code).toBe(200);
    const [conv] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, conversationId));
    customerId = conv.customerId!;
    const [note] = await t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId)).orderBy(aiMessage.seq).offset(2);
    noteId = note.messageId;
    // Then a salesperson is given the lead, calls, and staff tag the customer.
    const [lead] = await t.deps.database.db.select().from(crmLead).where(eq(crmLead.customerId, customerId));
    t.advance(60_000);
    await t.deps.database.db
      .insert(crmLeadEvent)
      .values({ leadId: lead.leadId, customerId, kind: 'assign', fromStatus: 'new', toStatus: 'assigned', toOwnerId: staff, reason: '手动分配', operatorId: 1, operatorName: 'admin', createTime: new Date(t.deps.now()) });
    t.advance(60_000);
    await t.deps.database.db
      .insert(crmFollowup)
      .values({ leadId: lead.leadId, customerId, userId: staff, userName: 'tl_sales', result: 'contacted', note: '已打 13900007777，下周再联系', createTime: new Date(t.deps.now()) });
    t.advance(60_000);
    expect((await request(t, admin, 'PUT', '/crm/customer', { customerId, tags: ['意向强'] })).code).toBe(200);
  });

  it('shows the conversation with its messages in order', async () => {
    const [conv] = ofType(await timeline(admin, customerId), 'conversation');
    expect(conv).toMatchObject({ conversationId, channel: 'web', agentName: '时间线客服' });
    const messages = conv.messages as { seq: number; sender: string; content: string; leadFields: unknown[] }[];
    expect(messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(messages[0]).toMatchObject({ sender: 'customer', content: '你们几点下班' });
    expect(messages[2]).toMatchObject({ sender: 'system', content: '客户提交了联系方式（姓名：陈十，手机号：13900007777，微信号：chen_ten）' });
  });

  it('shows the lead and each captured field with the message that evidences it', async () => {
    const tl = await timeline(admin, customerId);
    const [lead] = ofType(tl, 'lead');
    expect(lead).toMatchObject({ channel: 'web', phone: '13900007777', wechat: 'chen_ten' });
    expect((lead.fields as { messageId: number }[]).every((f) => f.messageId === noteId)).toBe(true);
    const fields = ofType(tl, 'field');
    expect(fields.map((f) => [f.field, f.value]).sort()).toEqual([
      ['name', '陈十'],
      ['phone', '13900007777'],
      ['wechat', 'chen_ten'],
    ]);
    for (const f of fields) expect(f.message).toMatchObject({ messageId: noteId, conversationId, sender: 'system' });
  });

  it('shows the history with operators and owner names, the follow-up and the edit', async () => {
    const tl = await timeline(admin, customerId);
    const events = ofType(tl, 'event');
    expect(events.find((e) => e.kind === 'assign')).toMatchObject({ operatorName: 'admin', toOwnerId: staff, toOwnerName: 'tl_sales', fromOwnerName: '', reason: '手动分配' });
    expect(events.find((e) => e.kind === 'edit')).toMatchObject({ operatorName: 'admin', leadId: null, reason: '编辑客户：添加标签：意向强' });
    expect(ofType(tl, 'followup')).toEqual([expect.objectContaining({ userName: 'tl_sales', result: 'contacted', note: '已打 13900007777，下周再联系' })]);
  });

  it('puts the newest first', async () => {
    const tl = await timeline(admin, customerId);
    const times = tl.items.map((i) => i.time);
    expect(times).toEqual([...times].sort().reverse());
    expect(tl.items[0]).toMatchObject({ type: 'event', kind: 'edit' });
    expect(tl.truncated).toBe(false);
  });

  it('masks phone numbers everywhere for users without crm:customer:phone', async () => {
    const tl = await timeline(noPhone, customerId);
    const [conv] = ofType(tl, 'conversation');
    expect((conv.messages as { content: string }[])[2].content).toBe('客户提交了联系方式（姓名：陈十，手机号：139****7777，微信号：chen_ten）');
    const [lead] = ofType(tl, 'lead');
    expect(lead.phone).toBe('139****7777');
    expect(JSON.stringify(tl)).not.toContain('13900007777');
    expect(ofType(tl, 'followup')[0].note).toBe('已打 139****7777，下周再联系');
  });

  it('files a capture made by the lead engine the same way', async () => {
    const id = await addCustomer(t, { name: '引擎' });
    const conv = await addConversation(t, id, 'engine-visitor');
    await addMessages(t, conv, ['我的微信是 engine_wx1']);
    const [message] = await t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, conv));
    await captureLead(
      t.deps.database.db,
      {
        conversation: { conversationId: conv, agentId, channel: 'web', accountId: null, visitorId: 'engine-visitor', customerId: id },
        fields: [{ field: 'wechat', value: 'engine_wx1', method: 'regex', evidence: '我的微信是 engine_wx1', messageId: message.messageId }],
      },
      t.deps.now(),
      CRM_CONFIG.duplicateWindowHours.default,
    );
    const [field] = ofType(await timeline(admin, id), 'field');
    expect(field).toMatchObject({ field: 'wechat', value: 'engine_wx1', method: 'regex', message: { messageId: message.messageId, content: '我的微信是 engine_wx1' } });
  });
});

describe('the timeline bound', () => {
  it('holds the newest 500 messages and says it left some out', async () => {
    const id = await addCustomer(t, { name: '话痨' });
    const conv = await addConversation(t, id);
    await addMessages(t, conv, Array.from({ length: 501 }, (_, i) => `消息${i + 1}`));
    const tl = await timeline(admin, id);
    expect(tl).toMatchObject({ truncated: true, limit: 500 });
    const messages = ofType(tl, 'conversation')[0].messages as { seq: number }[];
    expect(messages).toHaveLength(500);
    expect(messages[0].seq).toBe(2);
    expect(messages.at(-1)?.seq).toBe(501);
  });
});
