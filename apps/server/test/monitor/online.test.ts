import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnlineUser } from '@acs/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { CacheKey } from '../../src/core/cache-keys';
import { sysOperLog } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { userWithoutRoles } from '../helpers/crud';
import { redisAvailable } from '../helpers/kv';
import { call, eventually } from '../common/support';
import { API, createUserWithMenus, postLogin } from '../auth/support';

type Online = OnlineUser;
type Who = { token: string; headers: { authorization: string } };

/** Menu ids of the seed: 109 在线用户 (list), 1047 批量强退, 1048 单条强退. */
const ONLINE_MENU = 109;
const FORCE_LOGOUT_MENU = 1048;

function suite(backend: 'memory' | 'redis') {
  describe(`在线用户 /monitor/online (${backend} store)`, () => {
    let t: TestApp;
    let second: FastifyInstance;
    let admin: Who;
    let nobody: Who;

    const signIn = async (username: string, remoteAddress = '127.0.0.1'): Promise<Who> => {
      const res = await postLogin(t, { username, remoteAddress });
      if (res.code !== 200) throw new Error(`login of ${username}: ${res.msg}`);
      const token = res.token as string;
      return { token, headers: { authorization: `Bearer ${token}` } };
    };
    const req = <T = Record<string, unknown>>(method: 'GET' | 'DELETE', url: string, who: Who, app: FastifyInstance = t.app) =>
      call<T>(app, { method, url: API + url, headers: who.headers });
    const list = (who: Who = admin, query = '', app?: FastifyInstance) =>
      req<{ rows: Online[]; total: number }>('GET', `/monitor/online/list${query}`, who, app);
    const indexOf = async (userId: number) => (await t.deps.kv.get<string[]>(CacheKey.USER_SESSIONS + userId)) ?? [];
    const forceLogs = () =>
      t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '在线用户'), eq(sysOperLog.businessType, 7)));

    beforeAll(async () => {
      t = await createTestApp({ redis: backend === 'redis' });
      // A second instance on the same database and store stands for another server process.
      second = await buildApp(t.deps, { logger: false });
      await second.ready();
      admin = await signIn('admin', '10.1.2.3');
      nobody = await userWithoutRoles(t, 'noonline');
    });
    afterAll(async () => {
      await second.close();
    });

    it('lists every session of every instance in the contract shape, the caller’s own marked', async () => {
      const ry = await signIn('ry', '192.168.7.9');
      const body = await list();
      expect(body).toMatchObject({ code: 200, msg: '查询成功' });
      expect(body.total).toBe(body.rows.length);
      expect(body.rows.filter((r) => r.current)).toHaveLength(1);
      const mine = body.rows.find((r) => r.current);
      expect(mine).toMatchObject({ userName: 'admin', ipaddr: '10.1.2.3', current: true });
      const ryRow = body.rows.find((r) => r.userName === 'ry' && r.ipaddr === '192.168.7.9')!;
      expect(Object.keys(ryRow).sort()).toEqual(['browser', 'current', 'deptName', 'ipaddr', 'loginLocation', 'loginTime', 'os', 'tokenId', 'userName']);
      expect(ryRow).toMatchObject({ current: false, deptName: '测试部门', loginLocation: '内网IP', browser: expect.stringContaining('Chrome'), os: expect.stringContaining('Windows') });
      expect(ryRow.tokenId).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof ryRow.loginTime).toBe('number');
      // Newest login first.
      const times = body.rows.map((r) => r.loginTime);
      expect(times).toEqual([...times].sort((a, b) => b - a));

      // The other instance sees the same sessions (one store), and marks the caller there too.
      const there = await list(admin, '', second);
      expect(there.rows.map((r) => r.tokenId).sort()).toEqual(body.rows.map((r) => r.tokenId).sort());
      expect(there.rows.find((r) => r.current)?.userName).toBe('admin');
      await req('DELETE', `/monitor/online/${ryRow.tokenId}`, admin);
      expect((await call(t.app, { method: 'GET', url: `${API}/getInfo`, headers: ry.headers })).code).toBe(401);
    });

    it('filters by part of the address and the user name; paging parameters are ignored', async () => {
      await signIn('ry', '192.168.7.10');
      const byIp = await list(admin, '?ipaddr=192.168.7&pageNum=1&pageSize=1');
      expect(byIp.rows.map((r) => r.ipaddr)).toEqual(['192.168.7.10']);
      expect(byIp.total).toBe(1);
      expect((await list(admin, '?userName=RY&ipaddr=192.168.7.10')).rows.map((r) => r.userName)).toEqual(['ry']);
      expect((await list(admin, '?userName=ry&ipaddr=10.1.2.3')).total).toBe(0);
      expect(await list(admin, `?userName=${'x'.repeat(51)}`)).toEqual({ code: 500, msg: '用户名称长度不能超过50个字符' });
    });

    it('强退 ends the session on every instance, keeps the user’s session index exact, and logs FORCE', async () => {
      const userId = await createUserWithMenus(t.deps, `kick${backend}`, []);
      const a = await signIn(`kick${backend}`, '10.0.0.21');
      const b = await signIn(`kick${backend}`, '10.0.0.22');
      expect(await indexOf(userId)).toHaveLength(2);
      const rows = (await list(admin, `?userName=kick${backend}`)).rows;
      const tokenA = rows.find((r) => r.ipaddr === '10.0.0.21')!.tokenId;

      expect(await req('DELETE', `/monitor/online/${tokenA}`, admin, second)).toEqual({ code: 200, msg: '操作成功' });
      expect((await call(t.app, { method: 'GET', url: `${API}/getInfo`, headers: a.headers })).code).toBe(401);
      expect((await call(second, { method: 'GET', url: `${API}/getInfo`, headers: a.headers })).code).toBe(401);
      expect((await call(t.app, { method: 'GET', url: `${API}/getInfo`, headers: b.headers })).code).toBe(200);
      expect(await indexOf(userId)).toEqual([rows.find((r) => r.ipaddr === '10.0.0.22')!.tokenId]);
      expect((await list(admin, `?userName=kick${backend}`)).rows.map((r) => r.ipaddr)).toEqual(['10.0.0.22']);

      // Already gone: said so, instead of a success that changed nothing.
      expect(await req('DELETE', `/monitor/online/${tokenA}`, admin)).toEqual({ code: 500, msg: '会话不存在或已下线' });
      const log = await eventually(async () => (await forceLogs()).find((l) => l.operUrl === `${API}/monitor/online/${tokenA}` && l.status === 0));
      expect(log).toMatchObject({ operName: 'admin', requestMethod: 'DELETE', method: '/monitor/online/:tokenId' });
    });

    it('refuses to end the caller’s own session, alone or in a batch, and ends nothing then', async () => {
      const own = (await list()).rows.find((r) => r.current)!.tokenId;
      expect(await req('DELETE', `/monitor/online/${own}`, admin)).toEqual({ code: 500, msg: '不能强退当前登录的会话，请使用“退出登录”' });
      const victim = await signIn('ry', '10.0.0.31');
      const victimId = (await list(admin, '?ipaddr=10.0.0.31')).rows[0].tokenId;
      expect(await req('DELETE', `/monitor/online/batchLogout?tokenIds=${victimId},${own}`, admin)).toEqual({
        code: 500,
        msg: '不能强退当前登录的会话，请使用“退出登录”',
      });
      expect((await call(t.app, { method: 'GET', url: `${API}/getInfo`, headers: victim.headers })).code).toBe(200);
      expect((await call(t.app, { method: 'GET', url: `${API}/getInfo`, headers: admin.headers })).code).toBe(200);
    });

    it('批量强退 ends several sessions and answers how many were live', async () => {
      const x = await signIn('ry', '10.0.0.41');
      const y = await signIn('ry', '10.0.0.42');
      const ids = (await list(admin, '?ipaddr=10.0.0.4')).rows.map((r) => r.tokenId);
      expect(ids).toHaveLength(2);
      const gone = '00000000-0000-4000-8000-000000000000';
      expect(await req('DELETE', `/monitor/online/batchLogout?tokenIds=${ids[0]}&tokenIds=${ids[1]},${gone}`, admin)).toEqual({ code: 200, msg: '操作成功', data: 2 });
      for (const who of [x, y]) expect((await call(t.app, { method: 'GET', url: `${API}/getInfo`, headers: who.headers })).code).toBe(401);
      expect(await req('DELETE', `/monitor/online/batchLogout?tokenIds=${gone}`, admin)).toEqual({ code: 500, msg: '会话不存在或已下线' });
      await eventually(async () => (await forceLogs()).some((l) => l.method === '/monitor/online/batchLogout'));
    });

    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`).join(',');
    it.each([
      ['/monitor/online/not-a-session', '会话编号格式不正确'],
      ['/monitor/online/batchLogout?tokenIds=abc', '会话编号格式不正确'],
      ['/monitor/online/batchLogout?tokenIds=,', '会话编号不能为空'],
      ['/monitor/online/batchLogout', '会话编号不能为空'],
      [`/monitor/online/batchLogout?tokenIds=${many}`, '一次最多强退100个会话'],
    ])('DELETE %s is refused: %s', async (url, msg) => {
      expect(await req('DELETE', url, admin)).toEqual({ code: 500, msg });
    });

    it('answers 403 without the permission; 单条强退 alone does not allow 批量强退', async () => {
      const someone = (await list()).rows.find((r) => !r.current)?.tokenId ?? '00000000-0000-4000-8000-000000000000';
      const forbidden = { code: 403, msg: '没有权限，请联系管理员授权' };
      expect(await req('GET', '/monitor/online/list', nobody)).toEqual(forbidden);
      expect(await req('DELETE', `/monitor/online/${someone}`, nobody)).toEqual(forbidden);
      expect(await req('DELETE', `/monitor/online/batchLogout?tokenIds=${someone}`, nobody)).toEqual(forbidden);

      await createUserWithMenus(t.deps, `single${backend}`, [ONLINE_MENU, FORCE_LOGOUT_MENU]);
      const single = await signIn(`single${backend}`);
      expect((await list(single)).code).toBe(200);
      expect(await req('DELETE', `/monitor/online/batchLogout?tokenIds=${someone}`, single)).toEqual(forbidden);
    });
  });
}

suite('memory');
if (redisAvailable) suite('redis');
