import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CacheKey } from '../../src/core/cache-keys';
import { sysLogininfor, sysOperLog } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { exportSheet, userWithoutRoles } from '../helpers/crud';
import { loginAs, type LoggedIn } from '../helpers/login';
import { postgresAvailable } from '../helpers/db';
import { redisAvailable } from '../helpers/kv';
import { call, eventually } from '../common/support';
import { API, createUserWithMenus, postLogin } from '../auth/support';

type Row = { infoId: number; userName: string; ipaddr: string; loginLocation: string; browser: string; os: string; status: string; msg: string; loginTime: string };
type List = { rows: Row[]; total: number };

/** 2026-03-10 09:00:00 in China. */
const START = Date.UTC(2026, 2, 10, 1, 0, 0);
const HOUR = 3_600_000;
const LOCKED = '密码输入错误5次，帐户锁定10分钟';

function suite(name: string, opts: { postgres?: boolean; redis?: boolean }) {
  describe(`登录日志 /monitor/logininfor (${name})`, () => {
    let t: TestApp;
    let admin: LoggedIn;
    let nobody: LoggedIn;

    const req = <T = Record<string, unknown>>(method: 'GET' | 'DELETE', url: string, who: LoggedIn = admin) =>
      call<T>(t.app, { method, url: API + url, headers: who.headers });
    const list = (query: string, who: LoggedIn = admin) => req<List>('GET', `/monitor/logininfor/list${query}`, who);
    const wrongPassword = (username: string, remoteAddress: string) => postLogin(t, { username, password: 'wrong-pass', remoteAddress });
    const rightPassword = (username: string, remoteAddress: string) => postLogin(t, { username, remoteAddress });

    beforeAll(async () => {
      t = await createTestApp({ ...opts, startAt: START });
      await t.deps.database.db.delete(sysLogininfor);
      await rightPassword('admin', '127.0.0.1'); // 09:00 success
      t.advance(HOUR);
      await wrongPassword('ry', '192.168.1.20'); // 10:00 failure
      t.advance(24 * HOUR);
      await rightPassword('ry', '10.8.0.7'); // next day 10:00 success
      t.advance(60_000);
      admin = await loginAs(t.app, 'admin', 'admin123');
      t.advance(60_000);
      nobody = await userWithoutRoles(t, 'nolog');
    });

    it('lists newest first, in the contract shape, with paging', async () => {
      const body = await list('?userName=r&pageNum=1&pageSize=10');
      expect(body).toMatchObject({ code: 200, msg: '查询成功', total: 2 });
      expect(body.rows.map((r) => [r.userName, r.status, r.ipaddr])).toEqual([
        ['ry', '0', '10.8.0.7'],
        ['ry', '1', '192.168.1.20'],
      ]);
      const [ok, failed] = body.rows;
      expect(Object.keys(ok).sort()).toEqual(['browser', 'infoId', 'ipaddr', 'loginLocation', 'loginTime', 'msg', 'os', 'status', 'userName']);
      expect(ok).toMatchObject({ msg: '登录成功', loginTime: '2026-03-11 10:00:00', loginLocation: '内网IP', browser: expect.stringContaining('Chrome') });
      expect(failed).toMatchObject({ msg: '用户不存在/密码错误', loginTime: '2026-03-10 10:00:00' });
      expect(ok.infoId).toBeGreaterThan(failed.infoId);
      expect((await list('?pageNum=2&pageSize=1&userName=ry')).rows.map((r) => r.status)).toEqual(['1']);
    });

    it('filters by address, name, status and the exact login time range; sorts by the whitelisted columns', async () => {
      expect((await list('?ipaddr=192.168')).rows.map((r) => r.userName)).toEqual(['ry']);
      expect((await list('?status=1')).rows.map((r) => r.ipaddr)).toEqual(['192.168.1.20']);
      const day = (b: string, e: string) => list(`?params%5BbeginTime%5D=${encodeURIComponent(b)}&params%5BendTime%5D=${encodeURIComponent(e)}`);
      expect((await day('2026-03-10 00:00:00', '2026-03-10 23:59:59')).rows.map((r) => r.loginTime)).toEqual(['2026-03-10 10:00:00', '2026-03-10 09:00:00']);
      expect((await day('2026-03-10 09:30:00', '2026-03-10 10:00:00')).rows.map((r) => r.userName)).toEqual(['ry']);
      expect(await day('2026-02-30 00:00:00', '2026-03-10 23:59:59')).toEqual({ code: 500, msg: '开始时间格式不正确' });

      const asc = await list('?orderByColumn=userName&isAsc=ascending');
      expect(asc.rows.map((r) => r.userName)).toEqual(['admin', 'admin', 'nolog', 'ry', 'ry']);
      const byTime = await list('?orderByColumn=loginTime&isAsc=descending');
      expect(byTime.rows[0].userName).toBe('nolog');
      expect(await list('?orderByColumn=msg;drop')).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
      expect(await list(`?userName=${'x'.repeat(51)}`)).toEqual({ code: 500, msg: '用户名称长度不能超过50个字符' });
    });

    it('exports 登录日志 with the contract columns and the filters applied', async () => {
      const sheet = await exportSheet(t.app, `${API}/monitor/logininfor/export`, admin.headers, { userName: 'ry', status: '1' });
      expect(sheet.header).toEqual(['序号', '用户账号', '登录状态', '登录地址', '登录地点', '浏览器', '操作系统', '提示消息', '访问时间']);
      expect(sheet.rows).toHaveLength(1);
      expect(sheet.rows[0]).toMatchObject({ 用户账号: 'ry', 登录状态: '失败', 登录地址: '192.168.1.20', 提示消息: '用户不存在/密码错误', 访问时间: '2026-03-10 10:00:00' });
      await eventually(async () =>
        (await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '登录日志'), eq(sysOperLog.businessType, 5)))).length > 0,
      );
    });

    it('解锁 clears the lock of the user everywhere and the rate limits of its addresses, and nobody else’s', async () => {
      await createUserWithMenus(t.deps, 'locky', []);
      await createUserWithMenus(t.deps, 'lockyy', []);
      for (let i = 0; i < 5; i++) await wrongPassword('locky', '10.9.0.1');
      for (let i = 0; i < 5; i++) await wrongPassword('lockyy', '10.9.0.1');
      // From a second address the attempts run into the per-address rate limit as well.
      for (let i = 0; i < 30; i++) await wrongPassword('locky', '10.9.0.2');
      expect(await rightPassword('locky', '10.9.0.1')).toEqual({ code: 500, msg: LOCKED });
      expect(await rightPassword('locky', '10.9.0.2')).toEqual({ code: 500, msg: '访问过于频繁，请稍候再试' });
      expect(await t.deps.kv.keys(`${CacheKey.PWD_ERR_CNT}locky:`)).toHaveLength(2);

      expect(await req('GET', '/monitor/logininfor/unlock/locky')).toEqual({ code: 200, msg: '操作成功' });
      expect(await t.deps.kv.get(`${CacheKey.PWD_ERR_CNT}locky`)).toBeNull();
      expect((await rightPassword('locky', '10.9.0.1')).code).toBe(200);
      expect((await rightPassword('locky', '10.9.0.2')).code).toBe(200);
      // A name that merely starts with the unlocked one stays locked.
      expect(await rightPassword('lockyy', '10.9.0.1')).toEqual({ code: 500, msg: LOCKED });

      // Unlocking a user that is not locked is harmless.
      expect(await req('GET', '/monitor/logininfor/unlock/nobody-here')).toEqual({ code: 200, msg: '操作成功' });
      expect(await req('GET', `/monitor/logininfor/unlock/${'x'.repeat(51)}`)).toEqual({ code: 500, msg: '用户名称长度不能超过50个字符' });
      const log = await eventually(async () => {
        const rows = await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, '账户解锁'));
        return rows.find((r) => r.operUrl.endsWith('/unlock/locky'));
      });
      expect(log).toMatchObject({ businessType: 0, status: 0, operName: 'admin', requestMethod: 'GET' });
    });

    it('deletes chosen rows, then 清空 removes all and numbering starts again', async () => {
      const before = await list('?userName=ry');
      const ids = before.rows.map((r) => r.infoId);
      expect(await req('DELETE', `/monitor/logininfor/${ids.join(',')}`)).toEqual({ code: 200, msg: '操作成功' });
      expect((await list('?userName=ry')).total).toBe(0);
      expect(await req('DELETE', `/monitor/logininfor/${ids[0]}`)).toEqual({ code: 500, msg: '操作失败' });
      expect(await req('DELETE', '/monitor/logininfor/abc')).toMatchObject({ code: 500, msg: expect.stringContaining('infoIds') });

      expect(await req('DELETE', '/monitor/logininfor/clean')).toEqual({ code: 200, msg: '操作成功' });
      expect((await list('')).total).toBe(0);
      await rightPassword('ry', '10.8.0.8');
      expect((await list('')).rows.map((r) => r.infoId)).toEqual([100]);
      await eventually(async () =>
        (await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '登录日志'), eq(sysOperLog.businessType, 9)))).length > 0,
      );
    });

    it.each([
      ['GET', '/monitor/logininfor/list'],
      ['POST', '/monitor/logininfor/export'],
      ['DELETE', '/monitor/logininfor/1'],
      ['DELETE', '/monitor/logininfor/clean'],
      ['GET', '/monitor/logininfor/unlock/ry'],
    ] as const)('%s %s answers 403 without the permission', async (method, url) => {
      expect(await call(t.app, { method, url: API + url, headers: nobody.headers })).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    });
  });
}

suite('PGlite, memory store', {});
if (postgresAvailable && redisAvailable) suite('PostgreSQL, Redis', { postgres: true, redis: true });
