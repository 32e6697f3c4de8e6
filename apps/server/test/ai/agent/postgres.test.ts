import { beforeAll, describe, expect, it } from 'vitest';
import { aiConversation, channelAccount, crmLead } from '../../../src/db/schema';
import { buildWorkbook } from '../../../src/core/list';
import { createTestApp, type TestApp } from '../../helpers/app';
import { postgresAvailable } from '../../helpers/db';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call, multipart } from '../../common/support';
import { API, createAgent, requester, type Requester } from './support';

// 00:30 on 10 Feb 2026 in China: still the 9th in UTC.
const NOW = Date.UTC(2026, 1, 9, 16, 30);

/** The agent, reply and variable queries that differ most between engines, once on a real PostgreSQL server. */
describe.skipIf(!postgresAvailable)('AI客服 on PostgreSQL', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let req: Requester;

  beforeAll(async () => {
    t = await createTestApp({ postgres: true, startAt: NOW });
    admin = await loginAs(t.app, 'admin', 'admin123');
    req = requester(t, admin);
  });

  it('lists today\'s figures, duplicates, searches knowledge, imports, refuses deletes that would break things', async () => {
    const id = await createAgent(t, admin, { name: 'PG客服', template: 'recruit' });
    const db = t.deps.database.db;
    await db.insert(aiConversation).values([
      { agentId: id, channel: 'web', visitorId: 'a', createTime: new Date(NOW - 20 * 60_000) },
      { agentId: id, channel: 'web', visitorId: 'b', createTime: new Date(NOW - 40 * 60_000) },
    ]);
    await db.insert(crmLead).values({ agentId: id, customerId: 1, channel: 'web', capturedTime: new Date(NOW) });
    await db.insert(channelAccount).values({ platform: 'boss', name: 'BOSS账号', agentId: id });

    const list = await req<{ rows: { agentId: number; todayConversations: number; todayLeads: number; ruleCount: number; knowledgeCount: number }[] }>(
      'GET',
      '/ai/agent/list?name=PG',
    );
    expect(list.rows[0]).toMatchObject({ agentId: id, todayConversations: 1, todayLeads: 1, ruleCount: 2, knowledgeCount: 4 });

    const copy = await req<{ data: number }>('POST', `/ai/agent/${id}/duplicate`);
    expect(copy.code).toBe(200);
    const found = await req<{ rows: { question: string }[] }>('GET', `/ai/agent/${copy.data}/knowledge/list?keyword=${encodeURIComponent('工资多少')}`);
    expect(found.rows.map((r) => r.question)).toEqual(['薪资待遇怎么样？']);

    const form = await multipart([
      {
        field: 'file',
        filename: 'k.xlsx',
        data: await buildWorkbook('知识库', ['问题', '答案'].map((header, i) => ({ header, value: (r: string[]) => r[i] })), [['试用期多久？', '以录用通知为准']]),
      },
    ]);
    const imported = await call(t.app, {
      method: 'POST',
      url: `${API}/ai/agent/${copy.data}/knowledge/importData`,
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(imported).toMatchObject({ code: 200 });

    expect(await req('DELETE', `/ai/agent/${id}`)).toEqual({ code: 500, msg: "客服'PG客服'已绑定渠道'BOSS账号',不能删除" });
    const variables = await req<{ rows: { variableId: number; varKey: string; usedBy: unknown[] }[] }>('GET', `/ai/variable/list?agentId=${copy.data}&varKey=job_title`);
    expect(variables.rows[0].usedBy.length).toBeGreaterThan(0);
    expect((await req('DELETE', `/ai/variable/${variables.rows[0].variableId}`)).msg).toMatch(/^变量'job_title'正在被使用：PG客服-副本·系统提示词/);
    expect(await req('DELETE', `/ai/agent/${copy.data}`)).toEqual({ code: 200, msg: '操作成功' });
  });
});
