import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSecret } from '../../../src/modules/channel/douyin/store';
import { resolveInvokeTarget } from '../../../src/modules/monitor/scheduler/registry';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { allowPrivateModels } from '../../helpers/outbound';
import { FAKE_DOUYIN_ACCOUNT, startFakeDouyin, type FakeDouyin } from '../../fakes/douyin/server';
import { addFakeApp, bindLink, bindThroughFake, douyinRow, request } from './support';

let t: TestApp;
let admin: LoggedIn;
let fake: FakeDouyin;
let appId: number;

const DAY = 24 * 3600_000;
const REVOKED = 'revoked-enterprise-open-id';

/** Both clocks, the app's and the platform's, move together; the console session is opened again. */
async function advance(ms: number) {
  t.advance(ms);
  fake.state.advance(ms);
  admin = await loginAs(t.app, 'admin', 'admin123');
}

async function runJob(): Promise<string> {
  const target = resolveInvokeTarget('channelTask.refreshDouyinTokens');
  if (!target.ok) throw new Error(target.reason);
  return target.run(t.deps);
}

interface AccountView {
  accountId: number;
  authStatus: string;
  authError: string;
  renewals: number;
}

async function listed(openId: string): Promise<AccountView> {
  const row = await douyinRow(t, openId);
  const list = await request<AccountView[]>(t, 'GET', `/channel/dyConfig/account/list?appId=${appId}&pageSize=50`, admin);
  return (list.rows as unknown as AccountView[]).find((r) => r.accountId === row.accountId) as AccountView;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  fake = await startFakeDouyin({ accounts: [{ openId: FAKE_DOUYIN_ACCOUNT, nickname: '模拟企业号' }, { openId: REVOKED, nickname: '将被取消授权' }] });
  await allowPrivateModels(t);
  appId = await addFakeApp(t, admin, fake);
  for (const openId of [FAKE_DOUYIN_ACCOUNT, REVOKED]) expect((await bindThroughFake(t, fake, await bindLink(t, admin, appId), openId)).bind.data?.result).toBe('bound');
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

describe('抖音令牌刷新 (channelTask.refreshDouyinTokens)', () => {
  it('does nothing while every token is far from expiry', async () => {
    expect(await runJob()).toBe('没有需要刷新的抖音令牌');
    expect(fake.requests).toEqual([]);
  });

  it('refreshes access tokens in their last two days; an account revoked on the platform is marked, the job goes on', async () => {
    const before = await douyinRow(t, FAKE_DOUYIN_ACCOUNT);
    fake.state.revoke(REVOKED);
    await advance(13.5 * DAY);
    expect(await runJob()).toBe('刷新抖音令牌2个账号：成功1个，失败1个（其中授权已失效1个），正在由其他任务刷新0个');

    const after = await douyinRow(t, FAKE_DOUYIN_ACCOUNT);
    expect(after.accessExpiresTime.getTime()).toBeGreaterThan(before.accessExpiresTime.getTime() + 13 * DAY);
    expect(after.refreshExpiresTime).toEqual(before.refreshExpiresTime);
    expect(after.lastRefreshTime?.getTime()).toBe(t.deps.now());
    const access = openSecret(t.deps, after.accessToken);
    expect(fake.state.checkAccess(access, FAKE_DOUYIN_ACCOUNT).openId).toBe(FAKE_DOUYIN_ACCOUNT);
    expect(await listed(FAKE_DOUYIN_ACCOUNT)).toMatchObject({ authStatus: 'authorized', authError: '' });

    expect(await listed(REVOKED)).toMatchObject({ authStatus: 'revoked', authError: '抖音刷新令牌已过期，请重新扫码授权' });
    fake.reset();
    // A revoked account is left alone until its owner scans again.
    expect(await runJob()).toBe('没有需要刷新的抖音令牌');
    expect(fake.requests).toEqual([]);
  });

  it('renews the refresh token in its last five days, counting renewals', async () => {
    const before = await douyinRow(t, FAKE_DOUYIN_ACCOUNT);
    await advance(12 * DAY);
    expect(await runJob()).toContain('成功1个');
    const after = await douyinRow(t, FAKE_DOUYIN_ACCOUNT);
    expect(after.renewals).toBe(1);
    expect(after.refreshExpiresTime.getTime()).toBeGreaterThan(before.refreshExpiresTime.getTime() + 20 * DAY);
    expect(openSecret(t.deps, after.refreshToken)).not.toBe(openSecret(t.deps, before.refreshToken));
    expect(fake.requests.map((r) => r.path)).toEqual(['/oauth/renew_refresh_token/']);
  });

  it('a platform failure is shown on the account (an expired access token then reads 已过期) and retried at the next run', async () => {
    await advance(14 * DAY);
    fake.failNext('server_error', 1, 'oauth');
    expect(await runJob()).toContain('失败1个（其中授权已失效0个）');
    expect(await listed(FAKE_DOUYIN_ACCOUNT)).toMatchObject({ authStatus: 'expired', authError: '抖音开放平台返回错误' });
    expect(await runJob()).toContain('成功1个');
    expect(await listed(FAKE_DOUYIN_ACCOUNT)).toMatchObject({ authStatus: 'authorized', authError: '' });
  });

  it('one refresh of an account at a time: while one holds the account, another is turned away', async () => {
    const { accountId } = await douyinRow(t, FAKE_DOUYIN_ACCOUNT);
    await t.deps.kv.incr(`douyin_refresh:${accountId}`, 60_000);
    expect(await request(t, 'POST', `/channel/dyConfig/account/${accountId}/refresh`, admin)).toMatchObject({ code: 500, msg: '该账号正在刷新令牌，请稍后重试' });
    expect(fake.requests).toEqual([]);
    await t.deps.kv.del(`douyin_refresh:${accountId}`);
    expect((await request<AccountView>(t, 'POST', `/channel/dyConfig/account/${accountId}/refresh`, admin)).data).toMatchObject({ accountId, authStatus: 'authorized' });
  });
});
