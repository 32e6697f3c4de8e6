import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_TTL_MS, PASSWORD_LOCK_MS } from '@acs/shared';
import { sessionsOfUser } from '../../src/core/auth';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/app';
import { postgresAvailable } from '../helpers/db';
import { redisAvailable } from '../helpers/kv';
import routersFixture from './fixtures/get-routers-admin.json';
import { API, authedGet, body, captcha, createUserWithMenus, lastLoginLog, postLogin, tokenFor } from './support';

/**
 * Sessions, captchas and the password lock against the production stores. Redis keeps real time, so
 * cases that need the store's own TTL to run out move the fake clock only on the in-process store;
 * session expiry is judged by the session's expireTime and works everywhere.
 */
function storeSuite(opts: TestAppOptions, storeTtlFollowsClock: boolean) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(opts);
  });
  beforeEach(() => t.advance(61_000));

  it('logs in, serves getInfo and getRouters, and logs out', async () => {
    const token = await tokenFor(t);
    expect(await authedGet(t, '/getInfo', token)).toMatchObject({ code: 200, roles: ['admin'], permissions: ['*:*:*'] });
    expect(await authedGet(t, '/getRouters', token)).toEqual(routersFixture);
    const res = body(await t.app.inject({ method: 'POST', url: `${API}/logout`, headers: { authorization: `Bearer ${token}` } }));
    expect(res).toEqual({ code: 200, msg: '退出成功' });
    expect((await authedGet(t, '/getInfo', token)).code).toBe(401);
    expect(await lastLoginLog(t.deps)).toMatchObject({ userName: 'admin', status: '0', msg: '退出成功' });
  });

  it('uses a captcha once', async () => {
    const { uuid, code } = await captcha(t);
    expect(await postLogin(t, { uuid, code: code + '0' })).toEqual({ code: 500, msg: '验证码错误' });
    expect(await postLogin(t, { uuid, code })).toEqual({ code: 500, msg: '验证码已失效' });
  });

  it.runIf(storeTtlFollowsClock)('expires a captcha after two minutes', async () => {
    const { uuid, code } = await captcha(t);
    t.advance(CAPTCHA_TTL_MS + 1_000);
    expect(await postLogin(t, { uuid, code })).toEqual({ code: 500, msg: '验证码已失效' });
  });

  it('locks an account after five wrong passwords', async () => {
    await createUserWithMenus(t.deps, 'locky', []);
    for (let i = 0; i < 5; i++) await postLogin(t, { username: 'locky', password: 'wrong-pass' });
    expect(await postLogin(t, { username: 'locky' })).toEqual({ code: 500, msg: '密码输入错误5次，帐户锁定10分钟' });
    if (!storeTtlFollowsClock) return;
    t.advance(PASSWORD_LOCK_MS);
    expect((await postLogin(t, { username: 'locky' })).code).toBe(200);
  });

  it('slides a used session and ends an idle one', async () => {
    const userId = await createUserWithMenus(t.deps, 'slider', [1, 100]);
    const token = await tokenFor(t, 'slider');
    for (let i = 0; i < 3; i++) {
      t.advance(15 * 60_000);
      expect((await authedGet(t, '/getRouters', token)).code).toBe(200);
    }
    expect(await sessionsOfUser(t.deps, userId)).toHaveLength(1);
    t.advance(31 * 60_000);
    expect((await authedGet(t, '/getRouters', token)).code).toBe(401);
    expect(await sessionsOfUser(t.deps, userId)).toHaveLength(0);
  });
}

describe.runIf(redisAvailable)('auth on Redis', () => storeSuite({ redis: true }, false));
describe.runIf(postgresAvailable)('auth on PostgreSQL', () => storeSuite({ postgres: true }, true));
describe.runIf(redisAvailable && postgresAvailable)('auth on PostgreSQL and Redis', () => storeSuite({ postgres: true, redis: true }, false));
