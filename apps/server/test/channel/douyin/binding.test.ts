import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { channelAccount, channelDouyinAccount } from '../../../src/db/schema';
import { openSecret } from '../../../src/modules/channel/douyin/store';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { allowPrivateModels } from '../../helpers/outbound';
import { FAKE_DOUYIN_ACCOUNT, startFakeDouyin, type FakeDouyin } from '../../fakes/douyin/server';
import { addAgent, addFakeApp, bindLink, bindThroughFake, douyinRow, linkToken, openLogin, postBind, request } from './support';

let t: TestApp;
let admin: LoggedIn;
let fake: FakeDouyin;
let other: FakeDouyin;
let appId: number;
let otherAppId: number;
let agentId: number;

const SECOND = 'second-enterprise-open-id';
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  fake = await startFakeDouyin({ accounts: [{ openId: FAKE_DOUYIN_ACCOUNT, nickname: '模拟企业号' }, { openId: SECOND, nickname: '第二个企业号' }] });
  other = await startFakeDouyin({ clientKey: 'awotherapp0002', clientSecret: 'other-app-secret-0002', accounts: [{ openId: 'other-app-open-id', nickname: '别的应用的账号' }] });
  await allowPrivateModels(t);
  appId = await addFakeApp(t, admin, fake);
  otherAppId = await addFakeApp(t, admin, other, '另一个抖音应用');
  agentId = await addAgent(t, '抖音客服');
});
afterAll(async () => {
  await fake.close();
  await other.close();
});
beforeEach(() => {
  fake.reset();
  other.reset();
});

/** Moves the app's clock; the console session (30 minutes, sliding) is opened again afterwards. */
async function advance(ms: number) {
  t.advance(ms);
  admin = await loginAs(t.app, 'admin', 'admin123');
}

const accountsOf = async (id: number) => (await t.deps.database.db.select({ n: count() }).from(channelDouyinAccount).where(eq(channelDouyinAccount.appId, id)))[0].n;

describe('/dyLogin: binding an enterprise account through the platform', () => {
  it('binds through the fake authorise page: account stored under the link agent, tokens sealed', async () => {
    const link = await bindLink(t, admin, appId, agentId);
    const login = await openLogin(t, link);
    expect(login.data?.appName).toBe('本地抖音应用');
    const authorize = new URL(login.data?.authorizeUrl as string);
    expect(authorize.origin).toBe(fake.baseUrl);
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://console.example.com/dyLogin');
    expect(authorize.searchParams.get('client_key')).toBe(fake.clientKey);

    const { bind } = await bindThroughFake(t, fake, link);
    expect(bind.data).toMatchObject({ result: 'bound', nickname: '模拟企业号' });
    expect(bind.data?.message).toContain('绑定成功');

    const row = await douyinRow(t, FAKE_DOUYIN_ACCOUNT);
    const [account] = await t.deps.database.db.select().from(channelAccount).where(eq(channelAccount.accountId, row.accountId));
    expect(account).toMatchObject({ platform: 'douyin', name: '模拟企业号', externalId: FAKE_DOUYIN_ACCOUNT, agentId, status: '0' });
    expect(row).toMatchObject({ appId, nickname: '模拟企业号', authStatus: 'authorized', renewals: 0, scopes: 'user_info,im.direct_message' });
    // The database holds no token in clear: the sealed values open to tokens the platform accepts.
    expect(row.accessToken).not.toMatch(/act\.|rft\./);
    expect(row.refreshToken).not.toMatch(/act\.|rft\./);
    const access = openSecret(t.deps, row.accessToken);
    expect(fake.state.checkAccess(access, FAKE_DOUYIN_ACCOUNT).openId).toBe(FAKE_DOUYIN_ACCOUNT);
    expect(row.accessExpiresTime.getTime()).toBeGreaterThan(t.deps.now() + 14 * 24 * 3600_000);
    // Nothing the public pages answer carries a token or the secret.
    expect(JSON.stringify([login, bind])).not.toContain(access);
    expect(JSON.stringify([login, bind])).not.toContain(fake.clientSecret);
  });

  it("binding the same open_id again is 'already': one account, new tokens", async () => {
    const before = await douyinRow(t, FAKE_DOUYIN_ACCOUNT);
    const { bind } = await bindThroughFake(t, fake, await bindLink(t, admin, appId));
    expect(bind.data).toMatchObject({ result: 'already', nickname: '模拟企业号' });
    const after = await douyinRow(t, FAKE_DOUYIN_ACCOUNT);
    expect(after.accountId).toBe(before.accountId);
    expect(openSecret(t.deps, after.accessToken)).not.toBe(openSecret(t.deps, before.accessToken));
    expect(await accountsOf(appId)).toBe(1);
    // A link without an agent leaves the account's agent as it was.
    const [account] = await t.deps.database.db.select().from(channelAccount).where(eq(channelAccount.accountId, after.accountId));
    expect(account.agentId).toBe(agentId);
  });

  it("a state is good once: the callback replayed is 'expired' and changes nothing", async () => {
    const { body, bind } = await bindThroughFake(t, fake, await bindLink(t, admin, appId), SECOND);
    expect(bind.data?.result).toBe('bound');
    const stored = await douyinRow(t, SECOND);
    const replay = await postBind(t, body);
    expect(replay.data).toMatchObject({ result: 'expired' });
    expect(replay.data?.message).toContain('已过期或已使用');
    expect(await douyinRow(t, SECOND)).toEqual(stored);
  });

  it("a state older than its lifetime is 'expired', even unused, and no code is exchanged", async () => {
    const login = await openLogin(t, await bindLink(t, admin, appId));
    const callback = await fake.authorize(login.data?.authorizeUrl as string);
    await advance(16 * MINUTE);
    fake.reset();
    const bind = await postBind(t, { state: callback.searchParams.get('state') as string, code: callback.searchParams.get('code') as string });
    expect(bind.data?.result).toBe('expired');
    expect(fake.requests.filter((r) => r.path === '/oauth/access_token/')).toEqual([]);
  });

  it('an expired or forged link is refused with the contract messages', async () => {
    const link = await bindLink(t, admin, appId);
    expect(await openLogin(t, `${link}x`)).toMatchObject({ code: 500, msg: '链接无效' });
    expect(await openLogin(t, 'not-a-link')).toMatchObject({ code: 500, msg: '链接无效' });
    // A switch link does not open the binding page.
    const sw = await request<{ url: string }>(t, 'POST', '/channel/dyConfig/switchLink', admin, { appId });
    expect(await openLogin(t, linkToken(sw.data?.url as string))).toMatchObject({ code: 500, msg: '链接无效' });
    await advance(31 * MINUTE);
    expect(await openLogin(t, link)).toMatchObject({ code: 500, msg: '链接已过期，请向管理员重新获取' });
  });

  it('a state signed for one app never binds into another', async () => {
    const before = [await accountsOf(appId), await accountsOf(otherAppId)];
    const login = await openLogin(t, await bindLink(t, admin, appId));
    const state = new URL(login.data?.authorizeUrl as string).searchParams.get('state') as string;
    // Claims rewritten to name the other app: the signature no longer matches.
    const [body, mac] = state.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { appId: number };
    const forged = `${Buffer.from(JSON.stringify({ ...claims, appId: otherAppId })).toString('base64url')}.${mac}`;
    const code = other.issueCode('other-app-open-id');
    expect((await postBind(t, { state: forged, code })).data).toMatchObject({ result: 'failed', message: '授权链接无效，请向管理员重新获取绑定链接' });
    // The genuine state with a code the other app's platform issued: exchanged with this app's credentials, refused.
    const wrong = await postBind(t, { state, code });
    expect(wrong.data?.result).toBe('failed');
    expect(wrong.data?.message).toContain('授权码无效');
    expect(other.requests.filter((r) => r.path === '/oauth/access_token/')).toEqual([]);
    expect([await accountsOf(appId), await accountsOf(otherAppId)]).toEqual(before);
  });

  it("refusing on the authorise page is 'refused', and the state is used up", async () => {
    const login = await openLogin(t, await bindLink(t, admin, appId));
    const page = new URL(login.data?.authorizeUrl as string);
    const confirm = new URL('/platform/oauth/connect/confirm', fake.baseUrl);
    confirm.search = page.search;
    confirm.searchParams.set('deny', '1');
    const res = await fetch(confirm, { redirect: 'manual' });
    const callback = new URL(res.headers.get('location') as string);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const state = callback.searchParams.get('state') as string;
    expect((await postBind(t, { state, error: 'access_denied' })).data).toMatchObject({ result: 'refused' });
    expect((await postBind(t, { state, code: fake.issueCode() })).data?.result).toBe('expired');
  });

  it('an owner who does not share the profile still binds, named after the open_id', async () => {
    fake.state.addAccount({ openId: 'private-profile-open-id-123456', nickname: '不公开' });
    const login = await openLogin(t, await bindLink(t, admin, appId));
    const state = new URL(login.data?.authorizeUrl as string).searchParams.get('state') as string;
    const bind = await postBind(t, { state, code: fake.issueCode('private-profile-open-id-123456', ['im.direct_message']) });
    expect(bind.data).toMatchObject({ result: 'bound', nickname: '抖音账号123456' });
    expect(await douyinRow(t, 'private-profile-open-id-123456')).toMatchObject({ nickname: '抖音账号123456', scopes: 'im.direct_message' });
  });

  it('a disabled app hands out no authorisation page', async () => {
    const link = await bindLink(t, admin, otherAppId);
    const view = await request<Record<string, unknown>>(t, 'GET', `/channel/dyConfig/app/${otherAppId}`, admin);
    await request(t, 'PUT', '/channel/dyConfig/app', admin, { ...view.data, clientSecret: '', status: '1' });
    expect(await openLogin(t, link)).toMatchObject({ code: 500, msg: '抖音应用不存在或已停用，请联系管理员' });
  });

  it('the public routes are rate limited per client', async () => {
    const link = await bindLink(t, admin, appId);
    // A fresh counting window: the calls of the tests above do not count.
    await advance(MINUTE);
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await openLogin(t, link)).msg);
    expect(answers.slice(0, 30).every((m) => m !== '操作过于频繁，请稍后再试')).toBe(true);
    expect(answers[30]).toBe('操作过于频繁，请稍后再试');
  });
});
