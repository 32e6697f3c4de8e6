import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_TTL_MS, PASSWORD_LOCK_MS } from '@acs/shared';
import { sessionsOfUser } from '../../src/core/auth';
import { CacheKey } from '../../src/core/cache-keys';
import { sysMenu, sysRole, sysRoleMenu, sysUser, sysUserRole } from '../../src/db/schema';
import { refreshUserSessions } from '../../src/modules/auth/authority.service';
import { createTestApp, type TestApp } from '../helpers/app';
import routersFixture from './fixtures/get-routers-admin.json';
import {
  API,
  authedGet,
  body,
  captcha,
  createUserWithMenus,
  lastLoginLog,
  loginLogCount,
  postLogin,
  setConfig,
  tokenFor,
} from './support';

const NOT_MATCH = '用户不存在/密码错误';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// A new minute per test keeps the per-IP login rate limit out of tests that are not about it.
beforeEach(() => t.advance(61_000));

describe('GET /captchaImage', () => {
  it('returns a 32-hex uuid and a base64 PNG, and stores the answer for two minutes', async () => {
    const res = body(await t.app.inject({ method: 'GET', url: `${API}/captchaImage` }));
    expect(res).toMatchObject({ code: 200, msg: '操作成功', captchaEnabled: true });
    expect(res.uuid).toMatch(/^[0-9a-f]{32}$/);
    const img = Buffer.from(res.img as string, 'base64');
    expect(img.subarray(1, 4).toString('ascii')).toBe('PNG');
    const key = CacheKey.CAPTCHA_CODES + (res.uuid as string);
    expect(await t.deps.kv.get<string>(key)).toMatch(/^\d+$/);
    const ttl = await t.deps.kv.ttl(key);
    expect(ttl).toBeGreaterThan(CAPTCHA_TTL_MS - 5_000);
    expect(ttl).toBeLessThanOrEqual(CAPTCHA_TTL_MS);
  });
});

describe('POST /login', () => {
  it('logs the admin in, returns token, deptId and deptName, and records the login', async () => {
    const res = await postLogin(t, { username: '  admin ' });
    expect(res).toMatchObject({ code: 200, msg: '操作成功', deptId: 103, deptName: '研发部门' });
    expect(res.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await lastLoginLog(t.deps)).toMatchObject({
      userName: 'admin', status: '0', msg: '登录成功', ipaddr: '127.0.0.1', loginLocation: '内网IP', browser: 'Chrome 120', os: 'Windows 10',
    });
    const [admin] = await t.deps.database.db.select().from(sysUser).where(eq(sysUser.userId, 1));
    expect(admin.loginDate?.getTime()).toBe(t.deps.now());
  });

  it('rejects a wrong captcha answer and makes the captcha unusable afterwards', async () => {
    const { uuid, code } = await captcha(t);
    const wrong = String(Number(code) + 1);
    expect(await postLogin(t, { uuid, code: wrong })).toMatchObject({ code: 500, msg: '验证码错误' });
    expect(await lastLoginLog(t.deps)).toMatchObject({ userName: 'admin', status: '1', msg: '验证码错误' });
    expect(await postLogin(t, { uuid, code })).toMatchObject({ code: 500, msg: '验证码已失效' });
    expect(await lastLoginLog(t.deps)).toMatchObject({ status: '1', msg: '验证码已失效' });
  });

  it('accepts a captcha only once', async () => {
    const { uuid, code } = await captcha(t);
    expect((await postLogin(t, { uuid, code })).code).toBe(200);
    expect(await postLogin(t, { uuid, code })).toMatchObject({ code: 500, msg: '验证码已失效' });
  });

  it('expires a captcha after two minutes', async () => {
    const { uuid, code } = await captcha(t);
    t.advance(CAPTCHA_TTL_MS + 1_000);
    expect(await postLogin(t, { uuid, code })).toMatchObject({ code: 500, msg: '验证码已失效' });
  });

  it('gives the same answer for an unknown user and a wrong password, and logs both', async () => {
    const unknown = await postLogin(t, { username: 'nobody' });
    const wrong = await postLogin(t, { username: 'admin', password: 'wrong-password' });
    expect(unknown).toEqual({ code: 500, msg: NOT_MATCH });
    expect(wrong).toEqual({ code: 500, msg: NOT_MATCH });
    expect(await lastLoginLog(t.deps)).toMatchObject({ userName: 'admin', status: '1', msg: NOT_MATCH });
  });

  it('rejects empty and out-of-range credentials with the generic message', async () => {
    const before = await loginLogCount(t.deps);
    expect(await postLogin(t, { username: '', password: '' })).toEqual({ code: 500, msg: NOT_MATCH });
    expect(await lastLoginLog(t.deps)).toMatchObject({ status: '1', msg: '* 必须填写' });
    expect(await postLogin(t, { password: '1234' })).toEqual({ code: 500, msg: NOT_MATCH });
    expect(await postLogin(t, { username: 'a' })).toEqual({ code: 500, msg: NOT_MATCH });
    expect(await loginLogCount(t.deps)).toBe(before + 3);
  });

  it('locks an account after five wrong passwords for ten minutes', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await postLogin(t, { username: 'ry', password: `wrong-${i}` })).toEqual({ code: 500, msg: NOT_MATCH });
    }
    const locked = await postLogin(t, { username: 'ry' });
    expect(locked).toEqual({ code: 500, msg: '密码输入错误5次，帐户锁定10分钟' });
    expect(await lastLoginLog(t.deps)).toMatchObject({ userName: 'ry', status: '1', msg: '密码输入错误5次，帐户锁定10分钟' });
    t.advance(PASSWORD_LOCK_MS - 60_000);
    expect((await postLogin(t, { username: 'ry' })).msg).toBe('密码输入错误5次，帐户锁定10分钟');
    t.advance(61_000);
    expect((await postLogin(t, { username: 'ry' })).code).toBe(200);
    expect(await t.deps.kv.get(CacheKey.PWD_ERR_CNT + 'ry')).toBeNull();
  });

  it('clears the failure counter on a successful login', async () => {
    for (let i = 0; i < 4; i++) await postLogin(t, { username: 'ry', password: 'wrong-pass' });
    expect((await postLogin(t, { username: 'ry' })).code).toBe(200);
    for (let i = 0; i < 4; i++) await postLogin(t, { username: 'ry', password: 'wrong-pass' });
    expect((await postLogin(t, { username: 'ry' })).code).toBe(200);
  });

  it('refuses addresses on the IP blacklist (exact, wildcard and range)', async () => {
    await setConfig(t.deps, 'sys.login.blackIPList', '8.8.8.8;10.1.*.*; 192.168.5.1-192.168.5.20');
    try {
      for (const ip of ['8.8.8.8', '10.1.200.3', '192.168.5.20']) {
        expect(await postLogin(t, { remoteAddress: ip })).toEqual({ code: 500, msg: '很遗憾，访问IP已被列入系统黑名单' });
        expect(await lastLoginLog(t.deps)).toMatchObject({ ipaddr: ip, status: '1', msg: '很遗憾，访问IP已被列入系统黑名单' });
      }
      expect((await postLogin(t, { remoteAddress: '192.168.5.21' })).code).toBe(200);
      expect((await postLogin(t, { remoteAddress: '10.2.0.1' })).code).toBe(200);
      // Without a trusted proxy a forged X-Forwarded-For header changes nothing.
      expect((await postLogin(t, { remoteAddress: '10.2.0.1', headers: { 'x-forwarded-for': '8.8.8.8' } })).code).toBe(200);
    } finally {
      await setConfig(t.deps, 'sys.login.blackIPList', '');
    }
  });

  it('refuses a disabled account', async () => {
    await createUserWithMenus(t.deps, 'frozen', [], { status: '1' });
    expect(await postLogin(t, { username: 'frozen' })).toEqual({ code: 500, msg: '用户已封禁，请联系管理员' });
    expect(await lastLoginLog(t.deps)).toMatchObject({ userName: 'frozen', status: '1', msg: '用户已封禁，请联系管理员' });
  });

  it('writes one login-log row per attempt, failed or not', async () => {
    const before = await loginLogCount(t.deps);
    await postLogin(t, { code: 'x', uuid: 'missing' });
    await postLogin(t, { username: 'nobody' });
    await postLogin(t, { password: 'wrong-password' });
    await postLogin(t);
    expect(await loginLogCount(t.deps)).toBe(before + 4);
  });

  it('limits login attempts per client address', async () => {
    const remoteAddress = '172.16.9.9';
    for (let i = 0; i < 30; i++) await postLogin(t, { remoteAddress, code: '', uuid: '' });
    expect(await postLogin(t, { remoteAddress })).toEqual({ code: 500, msg: '访问过于频繁，请稍候再试' });
    expect((await postLogin(t, { remoteAddress: '172.16.9.10' })).code).toBe(200);
    t.advance(60_000);
    expect((await postLogin(t, { remoteAddress })).code).toBe(200);
  });
});

describe('sessions and access', () => {
  it('answers 401 without a token, with a bad token and with an unknown session', async () => {
    const expected = { code: 401, msg: '请求访问：/getInfo，认证失败，无法访问系统资源' };
    expect(await authedGet(t, '/getInfo', null)).toEqual(expected);
    expect(await authedGet(t, '/getInfo', 'not-a-jwt')).toEqual(expected);
    const token = await tokenFor(t);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(await authedGet(t, '/getInfo', forged)).toEqual(expected);
  });

  it('accepts the raw token without the Bearer prefix', async () => {
    const token = await tokenFor(t);
    expect((await authedGet(t, '/getInfo', token, true)).code).toBe(200);
  });

  it('expires an idle session after 30 minutes', async () => {
    const token = await tokenFor(t);
    t.advance(29 * 60_000);
    expect((await authedGet(t, '/getRouters', token)).code).toBe(200);
    t.advance(31 * 60_000);
    expect((await authedGet(t, '/getRouters', token)).code).toBe(401);
  });

  it('keeps a session alive while it is used every 15 minutes', async () => {
    const token = await tokenFor(t);
    for (let i = 0; i < 6; i++) {
      t.advance(15 * 60_000);
      expect((await authedGet(t, '/getRouters', token)).code).toBe(200);
    }
    t.advance(31 * 60_000);
    expect((await authedGet(t, '/getRouters', token)).code).toBe(401);
  });

  it('indexes sessions per user and drops them on logout', async () => {
    const userId = await createUserWithMenus(t.deps, 'twice', []);
    const first = await tokenFor(t, 'twice');
    await tokenFor(t, 'twice');
    expect(await sessionsOfUser(t.deps, userId)).toHaveLength(2);
    const before = await loginLogCount(t.deps);
    const res = body(await t.app.inject({ method: 'POST', url: `${API}/logout`, headers: { authorization: `Bearer ${first}` } }));
    expect(res).toEqual({ code: 200, msg: '退出成功' });
    expect(await lastLoginLog(t.deps)).toMatchObject({ userName: 'twice', status: '0', msg: '退出成功' });
    expect(await loginLogCount(t.deps)).toBe(before + 1);
    expect(await sessionsOfUser(t.deps, userId)).toHaveLength(1);
    expect((await authedGet(t, '/getInfo', first)).code).toBe(401);
  });

  it('answers logout without a session with success and no log row', async () => {
    const before = await loginLogCount(t.deps);
    const res = body(await t.app.inject({ method: 'POST', url: `${API}/logout` }));
    expect(res).toEqual({ code: 200, msg: '退出成功' });
    expect(await loginLogCount(t.deps)).toBe(before);
  });

  it('requires a login for unknown API paths', async () => {
    expect(await authedGet(t, '/no/such/path', null)).toEqual({ code: 401, msg: '请求访问：/no/such/path，认证失败，无法访问系统资源' });
    const token = await tokenFor(t);
    expect(await authedGet(t, '/no/such/path', token)).toEqual({ code: 500, msg: `请求地址'${API}/no/such/path'不存在` });
  });
});

describe('GET /getInfo', () => {
  it('returns the admin with dept, roles, wildcard permission and password flags', async () => {
    const res = await authedGet(t, '/getInfo', await tokenFor(t));
    expect(res).toMatchObject({
      code: 200,
      msg: '操作成功',
      permissions: ['*:*:*'],
      roles: ['admin'],
      pwdChrtype: '0',
      isDefaultModifyPwd: false,
      isPasswordExpired: false,
    });
    const user = res.user as Record<string, unknown>;
    expect(user).toMatchObject({
      userId: 1, deptId: 103, userName: 'admin', nickName: '管理员', email: 'ry@163.com', sex: '1', avatar: '', status: '0',
      delFlag: '0', loginIp: '127.0.0.1', admin: true, roleIds: null, postIds: null, roleId: null, remark: '管理员',
      dept: { deptId: 103, parentId: 101, ancestors: '0,100,101', deptName: '研发部门', orderNum: 1, leader: '管理员', status: '0', children: [] },
      roles: [{ roleId: 1, roleName: '超级管理员', roleKey: 'admin', roleSort: 1, dataScope: '1', status: '0', admin: true, flag: false }],
    });
    expect(user.loginDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(user).not.toHaveProperty('password');
  });

  it('gives other users the permissions of their normal roles and picks up role changes', async () => {
    const userId = await createUserWithMenus(t.deps, 'limited', [1, 100, 1000]);
    const token = await tokenFor(t, 'limited');
    const info = await authedGet(t, '/getInfo', token);
    expect(info).toMatchObject({ roles: ['limited_role'], permissions: ['system:user:list', 'system:user:query'] });
    const roleId = ((info.user as { roles: { roleId: number }[] }).roles[0]).roleId;
    expect((info.user as { roles: { permissions: string[] }[] }).roles[0].permissions).toEqual(['system:user:list', 'system:user:query']);

    await t.deps.database.db.update(sysRole).set({ status: '1' }).where(eq(sysRole.roleId, roleId));
    expect(await authedGet(t, '/getInfo', token)).toMatchObject({ roles: ['limited_role'], permissions: [] });
    const [session] = await sessionsOfUser(t.deps, userId);
    expect(session.permissions).toEqual([]);
  });

  it('refreshes every live session of a user after a role change, without waiting for getInfo', async () => {
    const userId = await createUserWithMenus(t.deps, 'twotabs', [1, 100]);
    const tokens = [await tokenFor(t, 'twotabs'), await tokenFor(t, 'twotabs')];
    const [{ roleId }] = await t.deps.database.db.select().from(sysUserRole).where(eq(sysUserRole.userId, userId));
    await t.deps.database.db.insert(sysRoleMenu).values({ roleId, menuId: 1002 });
    await refreshUserSessions(t.deps, userId);
    const sessions = await sessionsOfUser(t.deps, userId);
    expect(sessions.map((s) => s.permissions)).toEqual([
      ['system:user:edit', 'system:user:list'],
      ['system:user:edit', 'system:user:list'],
    ]);
    await t.deps.database.db.update(sysUser).set({ delFlag: '2' }).where(eq(sysUser.userId, userId));
    await refreshUserSessions(t.deps, userId);
    for (const token of tokens) expect((await authedGet(t, '/getRouters', token)).code).toBe(401);
  });

  it('flags the initial password and expired passwords from the config', async () => {
    await createUserWithMenus(t.deps, 'fresh', []);
    const token = await tokenFor(t, 'fresh');
    expect(await authedGet(t, '/getInfo', token)).toMatchObject({ isDefaultModifyPwd: true, isPasswordExpired: false });
    await setConfig(t.deps, 'sys.account.passwordValidateDays', '30');
    try {
      expect(await authedGet(t, '/getInfo', token)).toMatchObject({ isPasswordExpired: true });
      expect(await authedGet(t, '/getInfo', await tokenFor(t))).toMatchObject({ isPasswordExpired: false });
    } finally {
      await setConfig(t.deps, 'sys.account.passwordValidateDays', '0');
    }
  });
});

describe('GET /getRouters', () => {
  it('builds exactly the contract tree for the admin and for ry', async () => {
    expect(await authedGet(t, '/getRouters', await tokenFor(t))).toEqual(routersFixture);
    expect(await authedGet(t, '/getRouters', await tokenFor(t, 'ry'))).toEqual(routersFixture);
  });

  it('gives an external-link menu the contract shape: a Layout entry whose path and link are the address', async () => {
    const [link] = await t.deps.database.db
      .insert(sysMenu)
      .values({ menuName: '帮助文档', parentId: 0, orderNum: 9, path: 'https://example.com/help', isFrame: 0, menuType: 'M', icon: 'guide' })
      .returning({ menuId: sysMenu.menuId });
    try {
      const res = await authedGet(t, '/getRouters', await tokenFor(t));
      expect((res.data as unknown[]).at(-1)).toEqual({
        name: 'Https://example.com/help',
        path: 'https://example.com/help',
        hidden: false,
        component: 'Layout',
        meta: { title: '帮助文档', icon: 'guide', noCache: false, link: 'https://example.com/help' },
      });
    } finally {
      await t.deps.database.db.delete(sysMenu).where(eq(sysMenu.menuId, link.menuId));
    }
  });

  it('shows other users only the menus of their roles', async () => {
    await createUserWithMenus(t.deps, 'viewer', [1, 100, 1000, 108, 500]);
    const res = await authedGet(t, '/getRouters', await tokenFor(t, 'viewer'));
    const system = (res.data as { name: string; children: { name: string; children?: { name: string }[] }[] }[]);
    expect(system.map((r) => r.name)).toEqual(['System']);
    expect(system[0].children.map((c) => c.name)).toEqual(['User', 'Log']);
    expect(system[0].children[1].children?.map((c) => c.name)).toEqual(['Operlog']);
  });
});

describe('POST /register', () => {
  const postRegister = async (payload: Record<string, string>) =>
    body(await t.app.inject({ method: 'POST', url: `${API}/register`, payload: { ...(await captcha(t)), ...payload } }));

  it('is refused while registration is switched off', async () => {
    expect(await postRegister({ username: 'newbie', password: 'secret1' })).toEqual({ code: 500, msg: '当前系统没有开启注册功能！' });
  });

  it('creates an account that can log in, and checks captcha, lengths and duplicates', async () => {
    await setConfig(t.deps, 'sys.account.registerUser', 'true');
    try {
      expect(await postRegister({ username: 'newbie', password: 'secret1', code: 'bad' })).toEqual({ code: 500, msg: '验证码错误' });
      expect(await postRegister({ username: '', password: 'secret1' })).toEqual({ code: 500, msg: '用户名不能为空' });
      expect(await postRegister({ username: 'newbie', password: '' })).toEqual({ code: 500, msg: '用户密码不能为空' });
      expect(await postRegister({ username: 'n', password: 'secret1' })).toEqual({ code: 500, msg: '账户长度必须在2到20个字符之间' });
      expect(await postRegister({ username: 'newbie', password: '1234' })).toEqual({ code: 500, msg: '密码长度必须在5到20个字符之间' });
      expect(await postRegister({ username: 'newbie', password: 'x'.repeat(21) })).toEqual({ code: 500, msg: '密码长度必须在5到20个字符之间' });
      expect(await postRegister({ username: 'admin', password: 'secret1' })).toEqual({ code: 500, msg: "保存用户'admin'失败，注册账号已存在" });

      expect(await postRegister({ username: 'newbie', password: 'secret1' })).toEqual({ code: 200, msg: '操作成功' });
      expect(await lastLoginLog(t.deps)).toMatchObject({ userName: 'newbie', status: '0', msg: '注册成功' });
      const [row] = await t.deps.database.db.select().from(sysUser).where(eq(sysUser.userName, 'newbie'));
      expect(row).toMatchObject({ nickName: 'newbie', deptId: null, status: '0' });
      expect(row.pwdUpdateDate).not.toBeNull();
      expect((await postLogin(t, { username: 'newbie', password: 'secret1' })).code).toBe(200);
    } finally {
      await setConfig(t.deps, 'sys.account.registerUser', 'false');
    }
  });
});

describe('with the captcha switched off', () => {
  it('reports captchaEnabled false and logs in without a code', async () => {
    await setConfig(t.deps, 'sys.account.captchaEnabled', 'false');
    try {
      expect(body(await t.app.inject({ method: 'GET', url: `${API}/captchaImage` }))).toEqual({ code: 200, msg: '操作成功', captchaEnabled: false });
      expect((await postLogin(t, { code: '', uuid: '' })).code).toBe(200);
      expect(await postLogin(t, { code: '', uuid: '', password: 'wrong-password' })).toEqual({ code: 500, msg: NOT_MATCH });
    } finally {
      await setConfig(t.deps, 'sys.account.captchaEnabled', 'true');
    }
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ config: { trustProxy: true } });
    await setConfig(proxied.deps, 'sys.login.blackIPList', '203.0.113.*');
  });

  it('uses the address the proxy saw for the blacklist and the login log, not one the client put in front', async () => {
    // A blacklisted client sending its own X-Forwarded-For, which a proxy appending to it passes on.
    const blocked = await postLogin(proxied, { headers: { 'x-forwarded-for': '198.51.100.4, 203.0.113.7' } });
    expect(blocked).toEqual({ code: 500, msg: '很遗憾，访问IP已被列入系统黑名单' });
    expect((await postLogin(proxied, { headers: { 'x-forwarded-for': '1.2.3.4, 198.51.100.4' } })).code).toBe(200);
    expect(await lastLoginLog(proxied.deps)).toMatchObject({ ipaddr: '198.51.100.4', loginLocation: 'XX XX' });
    expect((await postLogin(proxied, { headers: { 'x-real-ip': '203.0.113.9' } })).msg).toBe('很遗憾，访问IP已被列入系统黑名单');
  });
});
