import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app';
import type { LoggedIn } from '../../helpers/login';
import { createUser } from '../../system/user/support';
import { leadTestApp, leadUser, seedConversation, seedLead, type Requester, type Viewer } from './support';

interface ChatJson {
  leadId: number;
  conversationId: number | null;
  messages: { messageId: number; seq: number; sender: string; content: string; evidence: boolean }[];
}

let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;
let masked: Viewer;
let sales: Viewer;
let req: Requester;

const PREFIX = 'detail';

beforeAll(async () => {
  ({ t, admin, ry, req } = await leadTestApp(PREFIX));
  masked = await leadUser(t, 'detail_masked', 105);
  sales = await leadUser(t, 'detail_sales', 105);
});

const chat = (leadId: number, who: LoggedIn = admin) => req<{ data: ChatJson }>('GET', `/crm/lead/${leadId}/chat`, undefined, who);

describe('GET /crm/lead/{leadId}', () => {
  it('returns the lead with its history (operator and owners by name) and follow-ups', async () => {
    const { leadId } = await seedLead(t, { name: '孔一' });
    expect(await req('PUT', '/crm/lead/assign', { leadIds: [leadId], userId: sales.userId, reason: '熟悉该区域' })).toMatchObject({ code: 200 });
    expect(await req('POST', `/crm/lead/${leadId}/followup`, { result: 'interested', note: '想了解价格' }, sales)).toMatchObject({ code: 200 });
    const { data } = await req<{ data: Record<string, unknown> & { events: Record<string, unknown>[]; followups: Record<string, unknown>[] } }>(
      'GET',
      `/crm/lead/${leadId}`,
    );
    expect(data).toMatchObject({ leadId, name: '孔一', status: 'contacted', ownerId: sales.userId, ownerName: 'detail_sales', overdue: false });
    expect(data.events).toMatchObject([
      {
        kind: 'assign',
        fromStatus: 'new',
        toStatus: 'assigned',
        fromOwnerId: null,
        fromOwnerName: '',
        toOwnerId: sales.userId,
        toOwnerName: 'detail_sales',
        reason: '手动分配：熟悉该区域',
        operatorName: '管理员',
        createTime: '2026-03-02 10:00:00',
      },
      { kind: 'followup', fromStatus: 'assigned', toStatus: 'contacted', reason: '有意向：想了解价格', operatorName: 'detail_sales' },
      { kind: 'status', fromStatus: 'assigned', toStatus: 'contacted', reason: '跟进结果：有意向', operatorName: 'detail_sales' },
    ]);
    expect(data.followups).toMatchObject([{ result: 'interested', note: '想了解价格', userId: sales.userId, userName: 'detail_sales', nextContactTime: null }]);
  });

  it('says a missing lead does not exist, and refuses it like an out-of-scope one to a scoped user', async () => {
    expect(await req('GET', '/crm/lead/999999')).toEqual({ code: 500, msg: '线索不存在' });
    expect(await req('GET', '/crm/lead/999999', undefined, ry)).toEqual({ code: 500, msg: '没有权限访问客户数据！' });
    const outsider = await createUser(t, 'detail_rd', 103);
    const { leadId } = await seedLead(t, { status: 'assigned', ownerId: outsider });
    expect(await req('GET', `/crm/lead/${leadId}/chat`, undefined, ry)).toEqual({ code: 500, msg: '没有权限访问客户数据！' });
  });
});

describe('GET /crm/lead/{leadId}/chat', () => {
  it('returns the conversation around the first evidencing message, marking the evidence', async () => {
    const contents = Array.from({ length: 260 }, (_, i) => `消息${i + 1}`);
    contents[149] = '我的电话是13600001111';
    contents[151] = '微信 wx_chat1';
    const { conversationId, messageIds } = await seedConversation(t, contents);
    const { leadId } = await seedLead(t, {
      conversationId,
      phone: '13600001111',
      fields: [
        { field: 'phone', value: '13600001111', method: 'regex', evidence: '电话是13600001111', messageId: messageIds[149] },
        { field: 'wechat', value: 'wx_chat1', method: 'regex', evidence: '微信 wx_chat1', messageId: messageIds[151] },
      ],
    });
    const { data } = await chat(leadId);
    expect(data).toMatchObject({ leadId, conversationId });
    const seqs = data.messages.map((m) => m.seq);
    // 100 before the evidence (seq 150), then 100 from it on.
    expect(seqs).toEqual(Array.from({ length: 200 }, (_, i) => i + 50));
    expect(data.messages.filter((m) => m.evidence).map((m) => m.seq)).toEqual([150, 152]);
    expect(data.messages.find((m) => m.seq === 150)).toMatchObject({ sender: 'ai', content: '我的电话是13600001111', messageId: messageIds[149] });

    const shown = (await chat(leadId, masked)).data.messages.find((m) => m.seq === 150);
    expect(shown?.content).toBe('我的电话是136****1111');
  });

  it('starts at the beginning when no message evidences a field, and is empty without a conversation', async () => {
    const { conversationId } = await seedConversation(t, ['你好', '您好', '电话13600002222']);
    const { leadId } = await seedLead(t, { conversationId, fields: [{ field: 'phone', value: '13600002222', method: 'manual', evidence: '' }] });
    const { data } = await chat(leadId);
    expect(data.messages.map((m) => [m.seq, m.evidence])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    const bare = await seedLead(t, { source: 'import' });
    expect((await chat(bare.leadId)).data).toEqual({ leadId: bare.leadId, conversationId: null, messages: [] });
  });
});
