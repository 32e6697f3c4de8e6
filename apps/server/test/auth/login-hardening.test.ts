import bcrypt from 'bcryptjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_LOCK_MS } from '@acs/shared';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUserWithMenus, lastLoginLog, postLogin, SEED_PASSWORD } from './support';

/** Issue 8 item 12: login neither tells which usernames exist nor lets one caller lock a user out everywhere. */
const NOT_MATCH = '用户不存在/密码错误';
const LOCKED_HERE = '密码输入错误5次，帐户锁定10分钟';
const LOCKED_EVERYWHERE = '密码输入错误20次，帐户锁定10分钟';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// A new minute per test keeps the per-IP request rate limit out of these tests.
beforeEach(() => t.advance(61_000));
afterEach(() => vi.restoreAllMocks());

const fail = (username: string, remoteAddress: string) => postLogin(t, { username, password: 'wrong-password', remoteAddress });
const succeed = (username: string, remoteAddress: string) => postLogin(t, { username, remoteAddress });

describe('unknown and known usernames look alike', () => {
  it('checks the password of an unknown user against a bcrypt hash of the same cost as real ones', async () => {
    const compare = vi.spyOn(bcrypt, 'compare');
    expect(await fail('nobody-at-all', '10.9.0.1')).toEqual({ code: 500, msg: NOT_MATCH });
    expect(compare).toHaveBeenCalledTimes(1);
    const [password, hash] = compare.mock.calls[0];
    expect(password).toBe('wrong-password');
    expect(bcrypt.getRounds(hash as string)).toBe(10);
    compare.mockClear();
    expect(await fail('ry', '10.9.0.1')).toEqual({ code: 500, msg: NOT_MATCH });
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('locks an unknown username like a known one, so the lock tells nothing either', async () => {
    for (let i = 0; i < 5; i++) expect(await fail('ghost-user', '10.9.0.2')).toEqual({ code: 500, msg: NOT_MATCH });
    expect(await fail('ghost-user', '10.9.0.2')).toEqual({ code: 500, msg: LOCKED_HERE });
  });

  it('answers a wrong password for a disabled account with the generic message', async () => {
    await createUserWithMenus(t.deps, 'frozen2', [], { status: '1' });
    expect(await fail('frozen2', '10.9.0.3')).toEqual({ code: 500, msg: NOT_MATCH });
    expect(await succeed('frozen2', '10.9.0.3')).toEqual({ code: 500, msg: '用户已封禁，请联系管理员' });
  });
});

describe('lockout', () => {
  it('locks a username from one address after five failures, not from the others', async () => {
    await createUserWithMenus(t.deps, 'target1', []);
    for (let i = 0; i < 5; i++) expect(await fail('target1', '198.51.100.1')).toEqual({ code: 500, msg: NOT_MATCH });
    expect(await succeed('target1', '198.51.100.1')).toEqual({ code: 500, msg: LOCKED_HERE });
    expect(await lastLoginLog(t.deps)).toMatchObject({ userName: 'target1', status: '1', msg: LOCKED_HERE, ipaddr: '198.51.100.1' });
    expect((await succeed('target1', '203.0.113.50')).code).toBe(200);
    // The owner's login elsewhere does not unlock the attacker's address.
    expect(await succeed('target1', '198.51.100.1')).toEqual({ code: 500, msg: LOCKED_HERE });
    t.advance(PASSWORD_LOCK_MS);
    expect((await succeed('target1', '198.51.100.1')).code).toBe(200);
  });

  it('locks a username from every address after twenty failures in all, for ten minutes', async () => {
    await createUserWithMenus(t.deps, 'target2', []);
    for (let ip = 1; ip <= 5; ip++) {
      for (let i = 0; i < 4; i++) expect(await fail('target2', `192.0.2.${ip}`)).toEqual({ code: 500, msg: NOT_MATCH });
    }
    expect(await succeed('target2', '203.0.113.60')).toEqual({ code: 500, msg: LOCKED_EVERYWHERE });
    t.advance(PASSWORD_LOCK_MS);
    expect((await succeed('target2', '203.0.113.60')).code).toBe(200);
  });

  it('a successful login clears the counters of its own address', async () => {
    await createUserWithMenus(t.deps, 'target3', []);
    for (let i = 0; i < 4; i++) await fail('target3', '192.0.2.80');
    expect((await succeed('target3', '192.0.2.80')).code).toBe(200);
    for (let i = 0; i < 4; i++) expect(await fail('target3', '192.0.2.80')).toEqual({ code: 500, msg: NOT_MATCH });
    expect((await postLogin(t, { username: 'target3', password: SEED_PASSWORD, remoteAddress: '192.0.2.80' })).code).toBe(200);
  });
});
