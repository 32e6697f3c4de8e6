import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOSS_RUN_CONFIG } from '@acs/shared';
import { aiConversation, channelBossAccount, sysOperLog } from '../../../src/db/schema';
import { unsealConnectorSecret } from '../../../src/modules/channel/boss/connector-key';
import { eventually } from '../../common/support';
import { bossAccount, bossTestApp, connector, recruitingAgent, FORBIDDEN, type BossTestApp } from './support';

let b: BossTestApp;
beforeAll(async () => {
  b = await bossTestApp('bosszp');
});

interface AccountView {
  accountId: number;
  recruiterName: string;
  company: string;
  sessionHealth: string;
  paused: boolean;
  runConfig: typeof DEFAULT_BOSS_RUN_CONFIG;
  keyId: string | null;
  agentId: number | null;
  agentName: string;
  status: string;
  todayGreetings: number;
  todayReplies: number;
  pendingReplies: number;
}

describe('BOSS招聘 accounts', () => {
  it('creates, lists, reads, edits and pauses an account; the view carries usage and no secret', async () => {
    const agentId = await recruitingAgent(b.t);
    const created = await b.req<{ data: AccountView }>('POST', '/channel/bossZP/account', { recruiterName: '王招聘', company: '星河科技', agentId });
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({
      recruiterName: '王招聘',
      company: '星河科技',
      sessionHealth: 'unknown',
      paused: false,
      runConfig: DEFAULT_BOSS_RUN_CONFIG,
      keyId: null,
      agentId,
      status: '0',
      todayGreetings: 0,
      todayReplies: 0,
      pendingReplies: 0,
    });
    expect(created.data.agentName).not.toBe('');
    const { accountId } = created.data;

    const list = await b.req<{ rows: AccountView[]; total: number }>('GET', '/channel/bossZP/account/list?recruiterName=王&pageNum=1&pageSize=10');
    expect(list.rows.map((r) => r.accountId)).toContain(accountId);

    const runConfig = { dailyGreetings: 5, dailyReplies: 50, windowStart: '22:00', windowEnd: '06:00', weekdays: [5, 1, 3] };
    const edited = await b.req('PUT', '/channel/bossZP/account', { accountId, recruiterName: '王经理', company: '星河', agentId: null, runConfig, status: '0', remark: '夜班' });
    expect(edited.code).toBe(200);
    const read = await b.req<{ data: AccountView }>('GET', `/channel/bossZP/account/${accountId}`);
    expect(read.data).toMatchObject({ recruiterName: '王经理', company: '星河', agentId: null, runConfig: { ...runConfig, weekdays: [1, 3, 5] } });

    expect((await b.req('PUT', `/channel/bossZP/account/${accountId}/pause`, { paused: true })).code).toBe(200);
    expect((await b.req<{ data: AccountView }>('GET', `/channel/bossZP/account/${accountId}`)).data.paused).toBe(true);
    expect(JSON.stringify(read)).not.toMatch(/keySecret|cks_/);
  });

  it.each([
    [{ dailyGreetings: -1 }, '每日打招呼上限必须在0到10000之间'],
    [{ dailyReplies: 10_001 }, '每日回复上限必须在0到10000之间'],
    [{ windowStart: '24:00' }, '运行开始时间格式应为HH:mm'],
    [{ windowEnd: '9:00' }, '运行结束时间格式应为HH:mm'],
    [{ weekdays: [0] }, '运行日必须是1到7的数字'],
    [{ weekdays: [] }, '请至少选择一个运行日'],
    [{ weekdays: [1, 1] }, '运行日不能重复'],
  ])('refuses the run config %o with 「%s」 and stores nothing', async (change, msg) => {
    const res = await b.req('POST', '/channel/bossZP/account', { recruiterName: '校验', runConfig: { ...DEFAULT_BOSS_RUN_CONFIG, ...change } });
    expect(res).toMatchObject({ code: 500, msg });
    const list = await b.req<{ total: number }>('GET', '/channel/bossZP/account/list?recruiterName=校验');
    expect(list.total).toBe(0);
  });

  it('refuses every route without its permission', async () => {
    const { accountId } = await bossAccount(b);
    const calls: [Parameters<typeof b.req>[0], string, object?][] = [
      ['GET', '/channel/bossZP/account/list'],
      ['GET', `/channel/bossZP/account/${accountId}`],
      ['POST', '/channel/bossZP/account', { recruiterName: 'x' }],
      ['PUT', `/channel/bossZP/account/${accountId}/pause`, { paused: true }],
      ['POST', `/channel/bossZP/account/${accountId}/key`],
      ['DELETE', `/channel/bossZP/account/${accountId}`],
      ['GET', '/channel/bossZP/job/list'],
      ['POST', '/channel/bossZP/job', { accountId, title: 'x' }],
      ['GET', '/channel/bossZP/template/list'],
      ['GET', '/channel/bossZP/template/variables'],
      ['POST', '/channel/bossZP/template/preview', { content: 'x' }],
      ['GET', '/channel/bossLeave/list'],
    ];
    for (const [method, url, body] of calls) expect(await b.req(method, url, body, b.nobody), `${method} ${url}`).toMatchObject(FORBIDDEN);
    expect((await b.req<{ data: AccountView }>('GET', `/channel/bossZP/account/${accountId}`)).data.paused).toBe(false);
  });

  it('shows a connector key once: the secret is sealed at rest, never listed or logged, and rotation stops the old key', async () => {
    const first = await bossAccount(b);
    const [row] = await b.t.deps.database.db.select().from(channelBossAccount).where(eq(channelBossAccount.accountId, first.accountId));
    expect(row.keyId).toBe(first.keyId);
    expect(row.keySecret).not.toContain(first.secret);
    expect(unsealConnectorSecret(b.t.deps.config.encryptionKey, row.keySecret ?? '')).toBe(first.secret);

    const view = await b.req('GET', `/channel/bossZP/account/${first.accountId}`);
    const list = await b.req('GET', '/channel/bossZP/account/list');
    expect(JSON.stringify([view, list])).not.toContain(first.secret);
    const logs = await eventually(async () => {
      const rows = await b.t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.operUrl, `/prod-api/channel/bossZP/account/${first.accountId}/key`));
      return rows.length > 0 ? rows : null;
    });
    expect(JSON.stringify(logs)).not.toContain(first.secret);

    const health = { body: { health: 'logged_in' } };
    expect((await connector(b.t, first)('/health', health)).statusCode).toBe(200);
    const rotated = await b.req<{ data: { keyId: string; secret: string } }>('POST', `/channel/bossZP/account/${first.accountId}/key`);
    expect(rotated.data.keyId).not.toBe(first.keyId);
    const old = await connector(b.t, first)('/health', health);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 401, msg: '连接器密钥无效或已停用' });
    expect((await connector(b.t, { accountId: first.accountId, ...rotated.data })('/health', health)).statusCode).toBe(200);
  });

  it('refuses to delete an account with an open conversation, then deletes it with its jobs', async () => {
    const agentId = await recruitingAgent(b.t);
    const { accountId } = await bossAccount(b, { agentId });
    expect((await b.req('POST', '/channel/bossZP/job', { accountId, title: '司机', externalId: 'j-del' })).code).toBe(200);
    const [conversation] = await b.t.deps.database.db
      .insert(aiConversation)
      .values({ agentId, channel: 'boss', accountId, visitorId: 'cand-del', createTime: new Date(b.t.deps.now()) })
      .returning();
    expect(await b.req('DELETE', `/channel/bossZP/account/${accountId}`)).toMatchObject({ code: 500, msg: '该账号仍有未结束的会话，请先在在线会话中结束后再删除' });
    await b.t.deps.database.db.update(aiConversation).set({ status: 'closed' }).where(eq(aiConversation.conversationId, conversation.conversationId));
    expect((await b.req('DELETE', `/channel/bossZP/account/${accountId}`)).code).toBe(200);
    expect(await b.req('GET', `/channel/bossZP/account/${accountId}`)).toMatchObject({ code: 500, msg: 'BOSS账号不存在' });
    expect((await b.req<{ total: number }>('GET', `/channel/bossZP/job/list?accountId=${accountId}`)).total).toBe(0);
  });
});

describe('BOSS招聘 jobs and greeting templates', () => {
  it('keeps one BOSS job id per account and lists jobs with their agent', async () => {
    const agentId = await recruitingAgent(b.t);
    const { accountId } = await bossAccount(b);
    expect((await b.req('POST', '/channel/bossZP/job', { accountId, externalId: 'job-1', title: '销售代表', city: '上海', salary: '8-12K', agentId })).code).toBe(200);
    expect(await b.req('POST', '/channel/bossZP/job', { accountId, externalId: 'job-1', title: '重复' })).toMatchObject({ code: 500, msg: "该账号下已有BOSS职位编号为'job-1'的职位" });
    expect(await b.req('POST', '/channel/bossZP/job', { accountId: 999_999, title: '无账号' })).toMatchObject({ code: 500, msg: 'BOSS账号不存在' });
    const list = await b.req<{ rows: { jobId: number; title: string; agentId: number; agentName: string }[] }>('GET', `/channel/bossZP/job/list?accountId=${accountId}`);
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({ title: '销售代表', agentId });
    const { jobId } = list.rows[0];
    expect((await b.req('PUT', '/channel/bossZP/job', { jobId, accountId, externalId: 'job-1', title: '高级销售' })).code).toBe(200);
    expect((await b.req('DELETE', `/channel/bossZP/job/${jobId}`)).code).toBe(200);
    expect((await b.req<{ total: number }>('GET', `/channel/bossZP/job/list?accountId=${accountId}`)).total).toBe(0);
  });

  it('offers the variables, previews with a job, and keeps one default template per account', async () => {
    const { accountId } = await bossAccount(b, { recruiterName: '赵HR', company: '远航物流' });
    await b.req('POST', '/channel/bossZP/job', { accountId, externalId: 'tpl-job', title: '仓库管理员', city: '苏州', salary: '6-8K' });
    const [job] = (await b.req<{ rows: { jobId: number }[] }>('GET', `/channel/bossZP/job/list?accountId=${accountId}`)).rows;
    const variables = await b.req<{ data: { key: string }[] }>('GET', '/channel/bossZP/template/variables');
    expect(variables.data.map((v) => v.key)).toEqual(['candidateName', 'jobTitle', 'city', 'salary', 'company', 'recruiterName']);

    const content = '{{candidateName}}您好，我是{{company}}的{{recruiterName}}，{{city}}的{{jobTitle}}（{{salary}}）正在招聘{{unknown}}';
    const preview = await b.req<{ data: { text: string; missing: string[] } }>('POST', '/channel/bossZP/template/preview', { content, jobId: job.jobId });
    expect(preview.data).toEqual({ text: '张三您好，我是远航物流的赵HR，苏州的仓库管理员（6-8K）正在招聘', missing: ['unknown'] });

    for (const name of ['第一', '第二']) expect((await b.req('POST', '/channel/bossZP/template', { accountId, name, content: `${name}{{jobTitle}}`, isDefault: true })).code).toBe(200);
    const templates = await b.req<{ rows: { name: string; isDefault: boolean }[] }>('GET', `/channel/bossZP/template/list?accountId=${accountId}`);
    expect(templates.rows.map((r) => [r.name, r.isDefault])).toEqual([
      ['第二', true],
      ['第一', false],
    ]);
  });
});
