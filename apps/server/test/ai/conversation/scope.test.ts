import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiConversation, aiMessage } from '../../../src/db/schema';
import { DataScope } from '../../../src/core/datascope';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call, eventually } from '../../common/support';
import { exportSheet } from '../../helpers/crud';
import { createAndLogin, createRole, createUser } from '../../system/user/support';
import { API, createAgent, listen, SseReader, visitor } from '../runtime/support';

/**
 * Issue 8 item 13: a conversation is seen by whoever's data scope covers its assignee or the owner
 * (creator) of its agent. Departments: 101 深圳总公司 ⊃ 103 研发, 104 市场; 102 长沙 ⊃ 108 市场.
 */
let t: TestApp;
let base: string;
let admin: LoggedIn;
const readers: SseReader[] = [];
/** 在线会话 and its buttons: list, query, reply, export. */
const CONVERSATION_MENUS = [2000, 2002, 2020, 2021, 2022];

const conv = { c103: 0, c108: 0, c108to104: 0 };
const viewers = {} as Record<'all' | 'custom104' | 'dept103' | 'child101' | 'selfAssignee' | 'selfOwner', LoggedIn & { userId: number }>;

const req = <T = Record<string, unknown>>(who: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
  call<T>(t.app, { method, url: API + url, payload, headers: who.headers });
const visibleIds = async (who: LoggedIn) =>
  (await req<{ rows: Array<{ conversationId: number }> }>(who, 'GET', '/ai/conversation/list?pageSize=100')).rows.map((r) => r.conversationId).sort((a, b) => a - b);
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

async function conversationOf(agentId: number, text: string): Promise<number> {
  const v = await visitor(t, agentId);
  await v.send(text);
  // The reply is stored after the message is acknowledged.
  await eventually(async () => (await t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, v.conversationId))).length === 2);
  return v.conversationId;
}

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  admin = await loginAs(t.app, 'admin', 'admin123');
  const role = (key: string, scope: string, depts: number[] = []) => createRole(t, key, scope, CONVERSATION_MENUS, depts);
  const [all, custom, dept, child, self] = await Promise.all([
    role('conv_all', DataScope.ALL),
    role('conv_custom', DataScope.CUSTOM, [104]),
    role('conv_dept', DataScope.DEPT),
    role('conv_child', DataScope.DEPT_AND_CHILD),
    role('conv_self', DataScope.SELF),
  ]);
  await createUser(t, 'owner103', 103);
  viewers.selfOwner = await createAndLogin(t, 'owner108', 108, [self]);
  viewers.selfAssignee = await createAndLogin(t, 'staff104', 104, [self]);
  viewers.all = await createAndLogin(t, 'viewer_all', 109, [all]);
  viewers.custom104 = await createAndLogin(t, 'viewer_custom', 109, [custom]);
  viewers.dept103 = await createAndLogin(t, 'viewer_dept', 103, [dept]);
  viewers.child101 = await createAndLogin(t, 'viewer_child', 101, [child]);

  const agent103 = await createAgent(t, { name: '研发客服', createBy: 'owner103' });
  const agent108 = await createAgent(t, { name: '长沙客服', createBy: 'owner108' });
  conv.c103 = await conversationOf(agent103, '你好');
  conv.c108 = await conversationOf(agent108, '你好');
  conv.c108to104 = await conversationOf(agent108, '我的手机13900001111');
  await t.deps.database.db
    .update(aiConversation)
    .set({ status: 'human', assigneeId: viewers.selfAssignee.userId, assigneeName: 'staff104' })
    .where(eq(aiConversation.conversationId, conv.c108to104));
});

afterAll(async () => {
  for (const r of readers) await r.close();
});

describe('在线会话 under data scope', () => {
  it.each([
    ['all (1)', 'all', ['c103', 'c108', 'c108to104']],
    ['custom departments (2): 104', 'custom104', ['c108to104']],
    ['own department (3): 103', 'dept103', ['c103']],
    ['department and below (4): 101', 'child101', ['c103', 'c108to104']],
    ['self only (5), as the assignee', 'selfAssignee', ['c108to104']],
    ['self only (5), as the agent’s owner', 'selfOwner', ['c108', 'c108to104']],
  ] as const)('lists and opens only what scope %s covers', async (_scope, who, names) => {
    const viewer = viewers[who];
    const expected = sorted(...names.map((n) => conv[n]));
    expect(await visibleIds(viewer)).toEqual(expected);
    for (const [name, id] of Object.entries(conv)) {
      const detail = await req<{ data?: { conversation: { conversationId: number } } }>(viewer, 'GET', `/ai/conversation/${id}`);
      if (expected.includes(id)) expect(detail.data?.conversation.conversationId, name).toBe(id);
      else expect(detail, name).toEqual({ code: 500, msg: '没有权限访问会话数据！' });
    }
  });

  it('counts and exports only the visible conversations, and admin sees all', async () => {
    const list = await req<{ total: number }>(viewers.dept103, 'GET', '/ai/conversation/list?pageSize=1');
    expect(list.total).toBe(1);
    expect(await visibleIds(admin)).toEqual(sorted(...Object.values(conv)));
    const sheet = await exportSheet(t.app, `${API}/ai/conversation/export`, viewers.dept103.headers);
    expect(sheet.rows.map((r) => Number(r['会话编号']))).toEqual([conv.c103]);
  });

  it('refuses takeover, reply, hand back and close of a conversation out of scope, changing nothing', async () => {
    const refused = { code: 500, msg: '没有权限访问会话数据！' };
    const who = viewers.dept103;
    for (const action of ['takeover', 'handback', 'close']) {
      expect(await req(who, 'POST', `/ai/conversation/${conv.c108}/${action}`), action).toEqual(refused);
    }
    expect(await req(who, 'POST', `/ai/conversation/${conv.c108}/reply`, { content: '你好' })).toEqual(refused);
    const [row] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, conv.c108));
    expect(row).toMatchObject({ status: 'ai', assigneeId: null });
    expect(await req(who, 'POST', `/ai/conversation/${conv.c103}/takeover`)).toMatchObject({ code: 200 });
  });

  it('streams only the events of visible conversations', async () => {
    const stream = await SseReader.open(`${base}/ai/conversation/stream`, viewers.selfAssignee.headers);
    readers.push(stream);
    // Out of the viewer's scope: its takeover message and row change must not reach the viewer.
    expect(await req(admin, 'POST', `/ai/conversation/${conv.c108}/takeover`)).toMatchObject({ code: 200 });
    await req(viewers.selfAssignee, 'POST', `/ai/conversation/${conv.c108to104}/reply`, { content: '您好，我是客服' });
    await stream.waitFor((e) => e.event === 'message' && (e.data as { message: { content: string } }).message.content === '您好，我是客服');
    const seen = new Set(
      stream.events.map((e) => (e.event === 'conversation' ? (e.data as { conversationId: number }).conversationId : (e.data as { conversationId?: number }).conversationId)),
    );
    expect([...seen]).toEqual([conv.c108to104]);
  });
});
