import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiConversation, channelDouyinApp, channelOutbox, sysOperLog } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { userWithoutRoles } from '../../helpers/crud';
import { allowPrivateModels } from '../../helpers/outbound';
import { eventually } from '../../common/support';
import { FAKE_DOUYIN_ACCOUNT, startFakeDouyin, type FakeDouyin } from '../../fakes/douyin/server';
import { addAgent, addFakeApp, bindLink, bindThroughFake, douyinRow, linkToken, request, type Envelope } from '../douyin/support';

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;
let fake: FakeDouyin;
let agentId: number;

/** Every answer of this file, to check that no secret ever left the server. */
const answers: unknown[] = [];
async function as<T = unknown>(who: LoggedIn | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<Envelope<T>> {
  const res = await request<T>(t, method, url, who, payload);
  answers.push(res);
  return res;
}

interface AppView {
  appId: number;
  name: string;
  clientKey: string;
  apiBaseUrl: string;
  status: string;
  hasSecret: boolean;
  webhookUrl: string;
  accountCount: number;
  remark: string;
}

interface AccountView {
  accountId: number;
  appId: number;
  appName: string;
  openId: string;
  nickname: string;
  authStatus: string;
  agentId: number | null;
  agentName: string;
  staffUserId: number | null;
  staffName: string;
  replyPolicy: string;
  status: string;
}

const secretRow = async (appId: number) => (await t.deps.database.db.select().from(channelDouyinApp).where(eq(channelDouyinApp.appId, appId)))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, 'nodouyin');
  fake = await startFakeDouyin({ accounts: [{ openId: FAKE_DOUYIN_ACCOUNT, nickname: '模拟企业号' }, { openId: 'second-open-id', nickname: '第二个企业号' }] });
  await allowPrivateModels(t);
  agentId = await addAgent(t, '抖音售前');
});
afterAll(() => fake.close());

describe('抖音配置: apps', () => {
  let appId: number;

  it('adds an app with its secret sealed, shown only as hasSecret, with the webhook path to paste', async () => {
    const added = await as<AppView>(admin, 'POST', '/channel/dyConfig/app', { name: '官方号应用', clientKey: 'awconsole0001', clientSecret: 'console-secret-value-0001', remark: '主应用' });
    expect(added.code).toBe(200);
    appId = added.data?.appId as number;
    expect(added.data).toEqual({
      appId,
      name: '官方号应用',
      clientKey: 'awconsole0001',
      apiBaseUrl: 'https://open.douyin.com',
      status: '0',
      hasSecret: true,
      webhookUrl: `/prod-api/channel/douyin/webhook/${appId}`,
      accountCount: 0,
      lastWebhookTime: null,
      remark: '主应用',
      createTime: expect.any(String),
    });
    expect((await secretRow(appId)).clientSecret).not.toContain('console-secret-value-0001');

    const list = await as<AppView[]>(admin, 'GET', `/channel/dyConfig/app/list?name=${encodeURIComponent('官方')}`);
    expect(list.total).toBe(1);
    expect(list.rows?.[0]).toMatchObject({ appId, hasSecret: true });
    expect((await as<AppView>(admin, 'GET', `/channel/dyConfig/app/${appId}`)).data?.name).toBe('官方号应用');
    // The operation log keeps the call, never the secret typed in it.
    const log = await eventually(async () => (await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, '抖音配置')))[0]);
    expect(log.operParam).toContain('awconsole0001');
    expect(log.operParam).not.toContain('console-secret-value-0001');
  });

  it('refuses bad input and a client key already used', async () => {
    const base = { name: '应用', clientKey: 'awconsole0002', clientSecret: 's' };
    expect(await as(admin, 'POST', '/channel/dyConfig/app', { ...base, apiBaseUrl: 'ftp://open.douyin.com' })).toMatchObject({ code: 500, msg: '接口地址必须是以 http:// 或 https:// 开头的网址' });
    expect(await as(admin, 'POST', '/channel/dyConfig/app', { ...base, clientSecret: '' })).toMatchObject({ code: 500, msg: 'Client Secret 不能为空' });
    expect(await as(admin, 'POST', '/channel/dyConfig/app', { ...base, name: '名'.repeat(51) })).toMatchObject({ code: 500, msg: '应用名称长度不能超过50个字符' });
    expect(await as(admin, 'POST', '/channel/dyConfig/app', { ...base, clientKey: 'aw key' })).toMatchObject({ code: 500 });
    expect(await as(admin, 'POST', '/channel/dyConfig/app', { ...base, clientKey: 'awconsole0001' })).toMatchObject({ code: 500, msg: "新增抖音应用'awconsole0001'失败，Client Key已存在" });
  });

  it('edits keeping the sealed secret when none is typed, but not at another address', async () => {
    const sealed = (await secretRow(appId)).clientSecret;
    const edit = { appId, name: '官方号应用（改）', clientKey: 'awconsole0001', apiBaseUrl: 'https://open.douyin.com', status: '0', remark: '' };
    expect(await as(admin, 'PUT', '/channel/dyConfig/app', { ...edit, clientSecret: '' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await secretRow(appId)).clientSecret).toBe(sealed);
    expect(await as(admin, 'PUT', '/channel/dyConfig/app', { ...edit, apiBaseUrl: 'https://evil.example.com' })).toMatchObject({ code: 500, msg: '接口地址已修改，请重新填写 Client Secret' });
    expect(await as(admin, 'PUT', '/channel/dyConfig/app', { ...edit, apiBaseUrl: 'https://proxy.example.com', clientSecret: 'new-secret-0001' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await secretRow(appId)).clientSecret).not.toBe(sealed);
    expect((await as<AppView>(admin, 'GET', `/channel/dyConfig/app/${appId}`)).data).toMatchObject({ name: '官方号应用（改）', apiBaseUrl: 'https://proxy.example.com', hasSecret: true });
  });

  it('deletes an app without accounts', async () => {
    expect(await as(admin, 'DELETE', `/channel/dyConfig/app/${appId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await secretRow(appId)).toBeUndefined();
  });
});

describe('抖音配置: bound accounts', () => {
  let appId: number;
  let account: AccountView;

  beforeAll(async () => {
    appId = await addFakeApp(t, admin, fake, '模拟平台应用');
    for (const openId of [FAKE_DOUYIN_ACCOUNT, 'second-open-id']) await bindThroughFake(t, fake, await bindLink(t, admin, appId, agentId), openId);
  });

  it('lists the accounts with their computed auth status and names, never a token', async () => {
    const list = await as<AccountView[]>(admin, 'GET', `/channel/dyConfig/account/list?appId=${appId}&nickname=${encodeURIComponent('模拟')}`);
    expect(list.total).toBe(1);
    account = list.rows?.[0] as unknown as AccountView;
    expect(account).toMatchObject({ appId, appName: '模拟平台应用', openId: FAKE_DOUYIN_ACCOUNT, nickname: '模拟企业号', authStatus: 'authorized', agentId, agentName: '抖音售前', replyPolicy: 'ai', status: '0' });
    expect(Object.keys(account)).not.toContain('accessToken');
    expect(Object.keys(account)).not.toContain('refreshToken');
    expect((await as(admin, 'GET', `/channel/dyConfig/account/list?authStatus=authorized&appId=${appId}`)).total).toBe(2);
    expect((await as(admin, 'GET', `/channel/dyConfig/account/list?authStatus=revoked&appId=${appId}`)).total).toBe(0);
    expect(await as(admin, 'GET', '/channel/dyConfig/account/list?authStatus=gone')).toMatchObject({ code: 500, msg: '授权状态不正确' });
    expect((await as<AppView>(admin, 'GET', `/channel/dyConfig/app/${appId}`)).data?.accountCount).toBe(2);
    // Each app counts its own accounts only.
    const empty = await as<AppView>(admin, 'POST', '/channel/dyConfig/app', { name: '未绑定应用', clientKey: 'awnoaccounts0001', clientSecret: 'other-secret', apiBaseUrl: fake.baseUrl });
    expect(empty.data?.accountCount).toBe(0);
    const apps = await as<AppView[]>(admin, 'GET', '/channel/dyConfig/app/list?pageSize=100');
    const counts = new Map((apps.rows as unknown as AppView[]).map((a) => [a.appId, a.accountCount]));
    expect(counts.get(appId)).toBe(2);
    expect([...counts].filter(([id]) => id !== appId).every(([, n]) => n === 0)).toBe(true);
    expect(counts.size).toBeGreaterThan(1);
  });

  it('edits who serves the account; the agent and the staff member must exist', async () => {
    const edit = { accountId: account.accountId, agentId, staffUserId: 2, replyPolicy: 'ai_off_hours', status: '0', remark: '白天人工' };
    expect(await as(admin, 'PUT', '/channel/dyConfig/account', { ...edit, agentId: 999_999 })).toMatchObject({ code: 500, msg: '所选AI客服不存在，请刷新后重试' });
    expect(await as(admin, 'PUT', '/channel/dyConfig/account', { ...edit, staffUserId: 999_999 })).toMatchObject({ code: 500, msg: '所选员工不存在或已停用' });
    expect(await as(admin, 'PUT', '/channel/dyConfig/account', { ...edit, replyPolicy: 'sometimes' })).toMatchObject({ code: 500, msg: '回复方式不正确' });
    expect(await as(admin, 'PUT', '/channel/dyConfig/account', edit)).toEqual({ code: 200, msg: '操作成功' });
    const list = await as<AccountView[]>(admin, 'GET', `/channel/dyConfig/account/list?appId=${appId}&nickname=${encodeURIComponent('模拟')}`);
    expect(list.rows?.[0]).toMatchObject({ staffUserId: 2, staffName: '测试员', replyPolicy: 'ai_off_hours', remark: '白天人工' });
  });

  it('refreshes a token on demand; a refusal comes back in Chinese and marks the account', async () => {
    const before = await douyinRow(t, FAKE_DOUYIN_ACCOUNT);
    const ok = await as<AccountView>(admin, 'POST', `/channel/dyConfig/account/${account.accountId}/refresh`);
    expect(ok.data).toMatchObject({ accountId: account.accountId, authStatus: 'authorized', authError: '' });
    expect((await douyinRow(t, FAKE_DOUYIN_ACCOUNT)).accessToken).not.toBe(before.accessToken);
    fake.failNext('auth_error', 1, 'oauth');
    expect(await as(admin, 'POST', `/channel/dyConfig/account/${account.accountId}/refresh`)).toMatchObject({ code: 500, msg: '抖音授权已失效（可能已被取消），请重新授权' });
    const list = await as<AccountView[]>(admin, 'GET', `/channel/dyConfig/account/list?authStatus=revoked&appId=${appId}`);
    expect(list.rows?.map((r) => r.accountId)).toEqual([account.accountId]);
    // Scanning again restores it.
    await bindThroughFake(t, fake, await bindLink(t, admin, appId), FAKE_DOUYIN_ACCOUNT);
    expect((await as(admin, 'GET', `/channel/dyConfig/account/list?authStatus=revoked&appId=${appId}`)).total).toBe(0);
  });

  it("lists the account's sends from the outbox, newest first", async () => {
    const at = (ms: number) => new Date(t.deps.now() + ms);
    const send = { platform: 'douyin', accountId: account.accountId, conversationId: 7001, toUser: 'customer-1', sendSource: 'ai_auto' };
    await t.deps.database.db.insert(channelOutbox).values([
      { ...send, messageId: 91_001, content: '您好', status: 'sent', attempts: 1, platformMsgId: 'fake-msg-1', nextAttemptTime: at(0), createTime: at(0), sentTime: at(1000) },
      { ...send, messageId: 91_002, content: '请留下电话', status: 'failed', attempts: 4, error: '抖音开放平台繁忙，请稍后重试', nextAttemptTime: at(2000), createTime: at(2000) },
      { ...send, accountId: account.accountId + 1000, messageId: 91_003, content: '别的账号', nextAttemptTime: at(0), createTime: at(0) },
    ]);
    const sends = await as<Record<string, unknown>[]>(admin, 'GET', `/channel/dyConfig/account/${account.accountId}/sends?pageNum=1&pageSize=10`);
    expect(sends.total).toBe(2);
    expect(sends.rows?.map((r) => [r.content, r.status, r.attempts, r.error, r.platformMsgId])).toEqual([
      ['请留下电话', 'failed', 4, '抖音开放平台繁忙，请稍后重试', ''],
      ['您好', 'sent', 1, '', 'fake-msg-1'],
    ]);
    expect(Object.keys(sends.rows?.[0] ?? {}).sort()).toEqual(['attempts', 'content', 'conversationId', 'createTime', 'error', 'messageId', 'platformMsgId', 'sendId', 'sendSource', 'sentTime', 'status']);
  });

  it('will not delete an app with bound accounts; unbinding deletes the tokens and keeps the conversations', async () => {
    expect(await as(admin, 'DELETE', `/channel/dyConfig/app/${appId}`)).toMatchObject({ code: 500, msg: '该应用下仍有绑定的抖音账号，请先解绑' });
    const [conversation] = await t.deps.database.db
      .insert(aiConversation)
      .values({ agentId, channel: 'douyin', accountId: account.accountId, visitorId: 'customer-1', createTime: new Date(t.deps.now()) })
      .returning();
    const all = await as<AccountView[]>(admin, 'GET', `/channel/dyConfig/account/list?appId=${appId}`);
    expect(await as(admin, 'DELETE', `/channel/dyConfig/account/${all.rows?.map((r) => r.accountId).join(',')}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await douyinRow(t, FAKE_DOUYIN_ACCOUNT)).toBeUndefined();
    expect((await as(admin, 'GET', `/channel/dyConfig/account/list?appId=${appId}`)).total).toBe(0);
    const [kept] = await t.deps.database.db.select().from(aiConversation).where(eq(aiConversation.conversationId, conversation.conversationId));
    expect(kept.accountId).toBe(account.accountId);
    expect(await as(admin, 'DELETE', `/channel/dyConfig/app/${appId}`)).toEqual({ code: 200, msg: '操作成功' });
  });
});

describe('/dySwitch: choosing who serves the accounts', () => {
  let appId: number;
  let otherAppId: number;
  let link: string;
  let accountId: number;

  beforeAll(async () => {
    appId = await addFakeApp(t, admin, fake, '切换用应用');
    await bindThroughFake(t, fake, await bindLink(t, admin, appId), FAKE_DOUYIN_ACCOUNT);
    accountId = (await douyinRow(t, FAKE_DOUYIN_ACCOUNT)).accountId;
    otherAppId = (await as<AppView>(admin, 'POST', '/channel/dyConfig/app', { name: '无账号应用', clientKey: 'awswitch0002', clientSecret: 'switch-secret' })).data?.appId as number;
    const res = await as<{ url: string; expiresTime: string }>(admin, 'POST', '/channel/dyConfig/switchLink', { appId });
    expect(res.data?.url).toMatch(/^\/dySwitch\?link=/);
    link = linkToken(res.data?.url as string);
  });

  it('a switch link shows the accounts, the published agents, the staff and a re-authorisation link', async () => {
    await addAgent(t, '草稿客服', 'draft');
    const page = await as<{ appName: string; accounts: AccountView[]; agents: { agentId: number; name: string }[]; staff: { userId: number; nickName: string }[]; reauthUrl: string }>(
      null, 'GET', `/channel/douyin/public/switch?link=${encodeURIComponent(link)}`,
    );
    expect(page.data?.appName).toBe('切换用应用');
    expect(page.data?.accounts.map((a) => [a.accountId, a.nickname, a.authStatus])).toEqual([[accountId, '模拟企业号', 'authorized']]);
    expect(Object.keys(page.data?.accounts[0] ?? {})).not.toContain('openId');
    expect(page.data?.agents).toEqual([{ agentId, name: '抖音售前' }]);
    expect(page.data?.staff.map((s) => s.userId)).toEqual(expect.arrayContaining([1, 2]));
    expect(page.data?.reauthUrl).toMatch(/^\/dyLogin\?link=/);
    const login = await as<{ appName: string }>(null, 'GET', `/channel/douyin/public/login?link=${encodeURIComponent(linkToken(page.data?.reauthUrl as string))}`);
    expect(login.data?.appName).toBe('切换用应用');
  });

  it('changes the agent and staff member through the link, only for accounts of its app', async () => {
    expect(await as(null, 'PUT', '/channel/douyin/public/switch', { link, accountId, agentId: null, staffUserId: 1, replyPolicy: 'human' })).toEqual({ code: 200, msg: '操作成功' });
    const list = await as<AccountView[]>(admin, 'GET', `/channel/dyConfig/account/list?appId=${appId}`);
    expect(list.rows?.[0]).toMatchObject({ agentId: null, staffUserId: 1, replyPolicy: 'human' });
    const foreign = await as<{ url: string }>(admin, 'POST', '/channel/dyConfig/switchLink', { appId: otherAppId });
    expect(await as(null, 'PUT', '/channel/douyin/public/switch', { link: linkToken(foreign.data?.url as string), accountId, agentId, staffUserId: null })).toMatchObject({
      code: 500,
      msg: '抖音账号不存在，请刷新后重试',
    });
  });

  it('without a link: a console user allowed to edit, for the app named', async () => {
    expect((await as(admin, 'GET', `/channel/douyin/public/switch?appId=${appId}`)).code).toBe(200);
    expect(await as(admin, 'PUT', '/channel/douyin/public/switch', { appId, accountId, agentId, staffUserId: null })).toEqual({ code: 200, msg: '操作成功' });
    expect(await as(nobody, 'GET', `/channel/douyin/public/switch?appId=${appId}`)).toMatchObject({ code: 403 });
    expect(await as(null, 'GET', `/channel/douyin/public/switch?appId=${appId}`)).toMatchObject({ code: 500, msg: '链接无效' });
    expect(await as(null, 'GET', `/channel/douyin/public/switch?link=${encodeURIComponent(link.slice(0, -2))}`)).toMatchObject({ code: 500, msg: '链接无效' });
  });
});

describe('抖音配置: permissions and secrecy', () => {
  it('a user without channel:douyin:* permissions is refused everywhere', async () => {
    const calls: [('GET' | 'POST' | 'PUT' | 'DELETE'), string, object?][] = [
      ['GET', '/channel/dyConfig/app/list'],
      ['GET', '/channel/dyConfig/app/1'],
      ['POST', '/channel/dyConfig/app', { name: 'x', clientKey: 'awx', clientSecret: 'y' }],
      ['PUT', '/channel/dyConfig/app', { appId: 1, name: 'x', clientKey: 'awx', apiBaseUrl: 'https://open.douyin.com', status: '0' }],
      ['DELETE', '/channel/dyConfig/app/1'],
      ['GET', '/channel/dyConfig/account/list'],
      ['PUT', '/channel/dyConfig/account', { accountId: 1, agentId: null, staffUserId: null, replyPolicy: 'ai', status: '0' }],
      ['DELETE', '/channel/dyConfig/account/1'],
      ['POST', '/channel/dyConfig/account/1/refresh'],
      ['GET', '/channel/dyConfig/account/1/sends'],
      ['POST', '/channel/dyConfig/bindLink', { appId: 1 }],
      ['POST', '/channel/dyConfig/switchLink', { appId: 1 }],
    ];
    for (const [method, url, body] of calls) expect(await as(nobody, method, url, body), `${method} ${url}`).toMatchObject({ code: 403 });
  });

  it('no answer of this file carried an app secret or a token', async () => {
    const text = JSON.stringify(answers);
    for (const secret of ['console-secret-value-0001', 'new-secret-0001', 'switch-secret', fake.clientSecret]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/(act|rft)\.[0-9a-f]{36}/);
    expect(text).not.toContain('clientSecret');
  });
});
