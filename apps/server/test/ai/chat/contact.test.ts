import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiConversation, aiMessage, crmCustomer, crmLead } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs } from '../../helpers/login';
import { createAgent, listen, SseReader, visitor } from '../runtime/support';

let t: TestApp;
let base: string;
let agentId: number;
const readers: SseReader[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  agentId = await createAgent(t);
});

afterAll(async () => {
  for (const r of readers) await r.close();
});

describe('POST /chat/contact', () => {
  it.each([
    [{ phone: '12345' }, '请输入正确的手机号码'],
    [{ phone: '1381234567' }, '请输入正确的手机号码'],
    [{ wechat: '1abc' }, '请输入正确的微信号'],
    [{ name: '张三' }, '请至少填写手机号或微信号'],
    [{ phone: '  ', wechat: '' }, '请至少填写手机号或微信号'],
    [{ phone: '13812345678', name: '名'.repeat(21) }, '姓名长度不能超过20个字符'],
    [{ phone: '13812345678', consent: false }, '请先同意授权说明'],
  ])('refuses %o: %s', async (fields, msg) => {
    const v = await visitor(t, agentId);
    expect(await v.contact(fields)).toEqual({ code: 500, msg });
    expect(await t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, v.conversationId))).toEqual([]);
  });

  it('files the card as a lead (method card) with a system note, shown live to the customer and the staff', async () => {
    const admin = await loginAs(t.app, 'admin', 'admin123');
    const staff = await SseReader.open(`${base}/ai/conversation/stream`, admin.headers);
    readers.push(staff);
    const v = await visitor(t, agentId);
    const customerStream = await SseReader.open(`${base}/chat/stream?conversationId=${v.conversationId}&visitorToken=${v.session.visitorToken}`);
    readers.push(customerStream);
    await customerStream.waitFor((e) => e.event === 'status');

    expect(await v.contact({ name: '陈十', phone: '+86 139-0000-7777', wechat: 'chen_ten' })).toEqual({ code: 200, msg: '操作成功' });

    const [note] = await t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, v.conversationId));
    expect(note).toMatchObject({ sender: 'system', content: '客户提交了联系方式（姓名：陈十，手机号：13900007777，微信号：chen_ten）' });
    const [conv] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, v.conversationId));
    const [customer] = await t.deps.database.db.select().from(crmCustomer).where(eq(crmCustomer.customerId, conv.customerId!));
    expect(customer).toMatchObject({ name: '陈十', phone: '13900007777', wechat: 'chen_ten' });
    const [lead] = await t.deps.database.db.select().from(crmLead).where(eq(crmLead.customerId, customer.customerId));
    expect(lead).toMatchObject({ status: 'new', phone: '13900007777', wechat: 'chen_ten', name: '陈十' });
    expect(lead.fields).toEqual([
      { field: 'name', value: '陈十', method: 'card', evidence: '联系方式卡片', messageId: note.messageId },
      { field: 'phone', value: '13900007777', method: 'card', evidence: '联系方式卡片', messageId: note.messageId },
      { field: 'wechat', value: 'chen_ten', method: 'card', evidence: '联系方式卡片', messageId: note.messageId },
    ]);

    await customerStream.waitFor((e) => e.event === 'message' && (e.data as { sender: string }).sender === 'system');
    const leadEvent = await staff.waitFor((e) => e.event === 'lead');
    expect(leadEvent.data).toEqual({ leadId: lead.leadId, customerId: customer.customerId, conversationId: v.conversationId, created: true });
    await staff.waitFor((e) => e.event === 'conversation' && (e.data as { customerName: string }).customerName === '陈十');
  });

  it('accepts a WeChat id alone, or a mobile number as the WeChat id', async () => {
    const v = await visitor(t, agentId);
    expect((await v.contact({ wechat: 'wxid_abcdef' })).code).toBe(200);
    const w = await visitor(t, agentId);
    expect((await w.contact({ wechat: '13700001234' })).code).toBe(200);
  });
});
