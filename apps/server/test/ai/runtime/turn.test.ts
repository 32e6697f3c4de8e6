import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_HANDOFF, DEFAULT_LEAD_GOAL } from '@acs/shared';
import { aiConversation, aiKnowledge, aiMessage, aiReplyRule, crmCustomer, crmLead } from '../../../src/db/schema';
import { bumpAgentVersion } from '../../../src/modules/ai/agent/bundle';
import { createTestApp, type TestApp } from '../../helpers/app';
import { addRule, createAgent, visitor } from './support';

let t: TestApp;

// Monday 2026-03-02, 10:00 in China.
const MONDAY_10AM = Date.parse('2026-03-02T02:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ startAt: MONDAY_10AM });
});

const messagesOf = (conversationId: number) =>
  t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId)).orderBy(aiMessage.seq);
const conversation = async (conversationId: number) =>
  (await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, conversationId)))[0];
/** Waits until the conversation holds `n` messages, then returns them. */
async function settled(conversationId: number, n: number) {
  await expect.poll(async () => (await messagesOf(conversationId)).length).toBe(n);
  return messagesOf(conversationId);
}

describe('built-in answers', () => {
  it('answers by rule and by knowledge, counting hits and timing the reply', async () => {
    const agentId = await createAgent(t);
    const ruleId = await addRule(t, agentId, '营业时间', '每天9点到18点。');
    const [k] = await t.deps.database.db
      .insert(aiKnowledge)
      .values({ agentId, question: '你们公司在哪里', similarQuestions: ['公司地址在哪'], answer: '我们在上海市浦东新区。' })
      .returning();
    await bumpAgentVersion(t.deps, agentId);
    const v = await visitor(t, agentId);
    await v.send('请问营业时间是？');
    await settled(v.conversationId, 2);
    await v.send('公司地址在哪');
    const rows = await settled(v.conversationId, 4);
    expect(rows[1]).toMatchObject({ sender: 'ai', content: '每天9点到18点。', hit: { type: 'rule', id: ruleId } });
    expect(rows[3]).toMatchObject({ sender: 'ai', content: '我们在上海市浦东新区。', hit: { type: 'knowledge', id: k.knowledgeId } });
    expect(rows[1].latencyMs).toBeGreaterThanOrEqual(0);
    await expect.poll(async () => (await t.deps.database.db.select().from(aiReplyRule).where(eq(aiReplyRule.ruleId, ruleId)))[0].hitCount).toBe(1);
    const [entry] = await t.deps.database.db.select().from(aiKnowledge).where(eq(aiKnowledge.knowledgeId, k.knowledgeId));
    expect(entry.hitCount).toBe(1);
  });

  it('answers with the fallback and counts consecutive failures', async () => {
    const agentId = await createAgent(t, { fallbackReply: '这个我还不会。' });
    const v = await visitor(t, agentId);
    await v.send('火星天气怎么样');
    const rows = await settled(v.conversationId, 2);
    expect(rows[1]).toMatchObject({ content: '这个我还不会。', hit: { type: 'fallback' } });
    expect((await conversation(v.conversationId)).failures).toBe(1);
  });
});

describe('unexpected failures', () => {
  it('still answer the customer with the fallback, recorded as an internal error', async () => {
    const agentId = await createAgent(t, { fallbackReply: '系统繁忙，请稍后再试。' });
    await addRule(t, agentId, '价格', '每月99元。');
    const v = await visitor(t, agentId);
    const pubsub = t.deps.pubsub;
    const publish = pubsub.publish.bind(pubsub);
    pubsub.publish = async (channel, event) => {
      if ((event as { type: string }).type === 'typing') throw new Error('broken channel');
      return publish(channel, event);
    };
    try {
      await v.send('价格');
      const rows = await settled(v.conversationId, 2);
      expect(rows[1]).toMatchObject({ sender: 'ai', content: '系统繁忙，请稍后再试。', hit: { type: 'fallback', error: 'internal: 系统内部错误' } });
    } finally {
      pubsub.publish = publish;
    }
  });
});

describe('handoff', () => {
  it('goes to the staff queue on an explicit request, with a system note, and the AI falls silent', async () => {
    const agentId = await createAgent(t);
    const v = await visitor(t, agentId);
    await v.send('我要转人工');
    const rows = await settled(v.conversationId, 3);
    expect(rows[1]).toMatchObject({ sender: 'ai', content: DEFAULT_HANDOFF.handoffReply, hit: { type: 'handoff' } });
    expect(rows[2]).toMatchObject({ sender: 'system', content: '已转人工（客户要求转人工），等待客服接入' });
    expect(await conversation(v.conversationId)).toMatchObject({ status: 'waiting', handoffReason: '客户要求转人工' });

    await v.send('有人吗');
    await settled(v.conversationId, 4);
    // Nothing more is said by the AI while staff are expected.
    await new Promise((r) => setTimeout(r, 100));
    expect((await messagesOf(v.conversationId)).map((m) => m.sender)).toEqual(['customer', 'ai', 'system', 'customer']);
  });

  it('goes to the queue on a keyword', async () => {
    const agentId = await createAgent(t);
    const v = await visitor(t, agentId);
    await v.send('我要投诉你们');
    await settled(v.conversationId, 3);
    expect(await conversation(v.conversationId)).toMatchObject({ status: 'waiting', handoffReason: '关键词：投诉' });
  });

  it('goes to the queue after too many unanswered messages', async () => {
    const agentId = await createAgent(t, { handoff: { ...DEFAULT_HANDOFF, failureThreshold: 2 } });
    const v = await visitor(t, agentId);
    await v.send('量子力学');
    await settled(v.conversationId, 2);
    await v.send('相对论');
    const rows = await settled(v.conversationId, 5);
    expect(rows[3].hit?.type).toBe('handoff');
    expect(await conversation(v.conversationId)).toMatchObject({ status: 'waiting', handoffReason: '连续2次未能回答' });
  });

  it('the 转人工 button queues the conversation, or answers with the off-hours text outside business hours', async () => {
    const agentId = await createAgent(t);
    const v = await visitor(t, agentId);
    expect((await v.handoff()).data).toEqual({ status: 'waiting', offHours: false });
    expect((await messagesOf(v.conversationId)).map((m) => m.sender)).toEqual(['ai', 'system']);
    // Asking again changes nothing.
    expect((await v.handoff()).data).toEqual({ status: 'waiting', offHours: false });
    expect(await messagesOf(v.conversationId)).toHaveLength(2);

    const weekendOnly = await createAgent(t, {
      businessHours: { enabled: true, days: [6, 7], start: '09:00', end: '18:00', offHoursText: '周末才有人工哦' },
    });
    const w = await visitor(t, weekendOnly);
    expect((await w.handoff()).data).toEqual({ status: 'ai', offHours: true });
    expect(await messagesOf(w.conversationId)).toMatchObject([{ sender: 'ai', content: '周末才有人工哦', hit: { type: 'offHours' } }]);
    await w.send('转人工');
    const rows = await settled(w.conversationId, 3);
    expect(rows[2]).toMatchObject({ content: '周末才有人工哦', hit: { type: 'offHours' } });
    expect((await conversation(w.conversationId)).status).toBe('ai');
  });
});

describe('lead capture', () => {
  const leadsOf = (customerId: number) => t.deps.database.db.select().from(crmLead).where(eq(crmLead.customerId, customerId));
  const customerOf = async (conversationId: number) => {
    const conv = await conversation(conversationId);
    if (conv.customerId === null) return null;
    return (await t.deps.database.db.select().from(crmCustomer).where(eq(crmCustomer.customerId, conv.customerId)))[0];
  };

  it('creates a customer and a lead from a phone number in a message, with evidence', async () => {
    const agentId = await createAgent(t);
    const v = await visitor(t, agentId);
    const sent = await v.send('我叫王小明，电话 138-1234-5678');
    await settled(v.conversationId, 2);
    const customer = await customerOf(v.conversationId);
    expect(customer).toMatchObject({ name: '王小明', phone: '13812345678', source: 'web' });
    const [lead] = await leadsOf(customer!.customerId);
    expect(lead).toMatchObject({ status: 'new', channel: 'web', agentId, conversationId: v.conversationId, phone: '13812345678' });
    expect(lead.fields).toContainEqual(expect.objectContaining({ field: 'phone', value: '13812345678', messageId: sent.data?.messageId }));
    const [message] = await messagesOf(v.conversationId);
    expect(message.leadFields.map((f) => f.field).sort()).toEqual(['name', 'phone']);
  });

  it('a name alone updates the customer but makes no lead', async () => {
    const agentId = await createAgent(t);
    const v = await visitor(t, agentId);
    await v.send('我姓李，叫李四');
    await settled(v.conversationId, 2);
    const customer = await customerOf(v.conversationId);
    expect(customer?.name).toBeTruthy();
    expect(await leadsOf(customer!.customerId)).toEqual([]);
  });

  it('keeps a masked phone out of the phone field and makes no lead from it', async () => {
    const agentId = await createAgent(t);
    const v = await visitor(t, agentId);
    await v.send('我手机号是138****5678');
    await settled(v.conversationId, 2);
    const customer = await customerOf(v.conversationId);
    expect(customer).toMatchObject({ phone: '', phoneMasked: '138****5678' });
    expect(await leadsOf(customer!.customerId)).toEqual([]);
  });

  it('merges a second visitor into the customer with the same phone, then the same WeChat', async () => {
    const agentId = await createAgent(t);
    const a = await visitor(t, agentId);
    await a.send('我的手机是13900001111，微信 wx_abc123');
    await settled(a.conversationId, 2);
    const first = await customerOf(a.conversationId);

    const b = await visitor(t, agentId);
    await b.send('电话13900001111');
    await settled(b.conversationId, 2);
    expect((await customerOf(b.conversationId))?.customerId).toBe(first!.customerId);

    const c = await visitor(t, agentId);
    await c.send('加我微信 WX_ABC123');
    await settled(c.conversationId, 2);
    expect((await customerOf(c.conversationId))?.customerId).toBe(first!.customerId);

    // One open lead collects it all; the later conversations are linked to it as duplicates (docs/crm.md §Duplicates).
    const leads = await leadsOf(first!.customerId);
    const open = leads.filter((l) => l.status !== 'duplicate');
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ phone: '13900001111', wechat: 'wx_abc123' });
    expect(leads.filter((l) => l.status === 'duplicate').map((l) => l.duplicateOf)).toEqual([open[0].leadId, open[0].leadId]);
  });

  it('asks for contact details per the lead goal and reads the answer as the expected field', async () => {
    const agentId = await createAgent(t, { leadGoal: { ...DEFAULT_LEAD_GOAL, enabled: true, fields: ['phone'], askAfterTurns: 1 } });
    await addRule(t, agentId, '价格', '每月99元。');
    const v = await visitor(t, agentId);
    await v.send('价格');
    const rows = await settled(v.conversationId, 3);
    expect(rows[2]).toMatchObject({ sender: 'ai', content: DEFAULT_LEAD_GOAL.askText, hit: { type: 'leadAsk' } });
    expect((await conversation(v.conversationId)).leadAskedTurn).toBe(1);

    await v.send('13700002222');
    const after = await settled(v.conversationId, 5);
    expect(after[3].leadFields).toEqual([expect.objectContaining({ field: 'phone', value: '13700002222' })]);
    expect(after[4].content).toBe(DEFAULT_LEAD_GOAL.thanksText);
    expect((await customerOf(v.conversationId))?.phone).toBe('13700002222');
  });
});
