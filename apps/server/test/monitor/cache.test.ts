import { beforeAll, describe, expect, it } from 'vitest';
import { CacheKey } from '../../src/core/cache-keys';
import { humanBytes, parseCommandStats, parseInfo } from '../../src/modules/monitor/cache/service';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { userWithoutRoles } from '../helpers/crud';
import { redisAvailable } from '../helpers/kv';
import { eq } from 'drizzle-orm';
import { BusinessType } from '@acs/shared';
import { sysOperLog } from '../../src/db/schema';
import { call, eventually } from '../common/support';

const API = '/prod-api';
const DENIED = { code: 403, msg: '没有权限，请联系管理员授权' };

type Session = LoggedIn & { tokenId: string };
type Body = { code: number; msg: string; data?: unknown; truncated?: boolean };

function suite(name: string, opts: TestAppOptions) {
  describe(`缓存监控 / 缓存列表 (${name})`, () => {
    let t: TestApp;
    let admin: Session;
    let nobody: LoggedIn;

    const req = (method: 'GET' | 'DELETE', url: string, who: LoggedIn = admin) =>
      call<Body>(t.app, { method, url: API + url, headers: who.headers });
    const keysOf = async (cacheName: string) => (await req('GET', `/monitor/cache/getKeys/${cacheName}`)).data as string[];
    const signedIn = async (who: LoggedIn) => (await req('GET', '/getInfo', who)).code === 200;

    /** Signs in and finds the new session's token id as the one key that was not there before. */
    async function signIn(user: string): Promise<Session> {
      const before = new Set(await t.deps.kv.keys(CacheKey.LOGIN_TOKENS));
      const who = await loginAs(t.app, user, 'admin123');
      const added = (await t.deps.kv.keys(CacheKey.LOGIN_TOKENS)).filter((k) => !before.has(k));
      expect(added).toHaveLength(1);
      return { ...who, tokenId: added[0].slice(CacheKey.LOGIN_TOKENS.length) };
    }

    beforeAll(async () => {
      t = await createTestApp(opts);
      admin = await signIn('admin');
      nobody = await userWithoutRoles(t, 'nocache');
    });

    it('shows the store: INFO fields, key count, command statistics and keys per cache name', async () => {
      const body = await req('GET', '/monitor/cache');
      expect(body).toMatchObject({ code: 200, msg: '操作成功' });
      const data = body.data as {
        info: Record<string, string>;
        dbSize: number;
        commandStats: { name: string; value: string }[];
        kind: string;
        prefixes: { cacheName: string; remark: string; keys: number }[];
        prefixesComplete: boolean;
      };
      expect(data.kind).toBe(opts.redis ? 'redis' : 'memory');
      expect(data.dbSize).toBeGreaterThanOrEqual(2);
      expect(data.info.used_memory_human).toMatch(/^\d+(\.\d+)?[BKMGT]$/);
      expect(Number(data.info.uptime_in_days)).toBeGreaterThanOrEqual(0);
      if (opts.redis) expect(data.info.redis_version).toMatch(/^\d+\./);
      else expect(Number(data.info.keyspace_hits)).toBeGreaterThan(0);
      const get = data.commandStats.find((c) => c.name === 'get');
      expect(Number(get?.value)).toBeGreaterThan(0);
      expect(data.prefixes.find((p) => p.cacheName === CacheKey.LOGIN_TOKENS)?.keys).toBeGreaterThanOrEqual(2);
      expect(data.prefixesComplete).toBe(true);
    });

    it('names the seven contract caches in order with their remarks, then the session index', async () => {
      const body = await req('GET', '/monitor/cache/getNames');
      expect((body.data as { cacheName: string; remark: string }[]).map((n) => `${n.cacheName}${n.remark}`)).toEqual([
        'login_tokens:用户信息',
        'sys_config:配置信息',
        'sys_dict:数据字典',
        'captcha_codes:验证码',
        'repeat_submit:防重提交',
        'rate_limit:限流处理',
        'pwd_err_cnt:密码错误次数',
        'user_sessions:用户会话索引',
      ]);
      expect((body.data as object[])[0]).toEqual({ cacheName: 'login_tokens:', cacheKey: '', cacheValue: '', remark: '用户信息' });
    });

    it('lists the sorted keys of a name and reads one value without the name in its key', async () => {
      const keys = await keysOf('login_tokens:');
      expect(keys).toContain(`login_tokens:${admin.tokenId}`);
      expect(keys).toEqual([...keys].sort());
      expect((await req('GET', '/monitor/cache/getKeys/login_tokens:')).truncated).toBe(false);

      const value = await req('GET', `/monitor/cache/getValue/login_tokens:/login_tokens:${admin.tokenId}`);
      const data = value.data as { cacheName: string; cacheKey: string; cacheValue: string; remark: string; ttl: number };
      expect(data).toMatchObject({ cacheName: 'login_tokens', cacheKey: admin.tokenId, remark: '' });
      expect(JSON.parse(data.cacheValue)).toMatchObject({ userName: 'admin', tokenId: admin.tokenId });
      expect(data.ttl).toBeGreaterThan(0);
    });

    it('reads keys holding a slash sent unencoded, as the RuoYi client does, and longer than a router param', async () => {
      const key = `rate_limit:/system/user/list:${'x'.repeat(150)}`;
      await t.deps.kv.set(key, 3, 60_000);
      const value = await req('GET', `/monitor/cache/getValue/rate_limit:/${key}`);
      expect(value.data).toMatchObject({ cacheName: 'rate_limit', cacheKey: key.slice('rate_limit:'.length), cacheValue: '3' });
      expect(await req('DELETE', `/monitor/cache/clearCacheKey/${encodeURIComponent(key)}`)).toEqual({ code: 200, msg: '操作成功' });
      expect(await t.deps.kv.get(key)).toBeNull();
    });

    it.each([
      ['getKeys/*'],
      ['getKeys/login_tokens:*'],
      ['getKeys/ai_agent_version:'],
      ['getKeys/login_tokens'],
      [`getKeys/${'a'.repeat(90)}`],
    ])('refuses the cache name of %s', async (path) => {
      expect(await req('GET', `/monitor/cache/${path}`)).toEqual({ code: 500, msg: '缓存名称不合法' });
    });

    it.each([
      ['login_tokens:*'],
      ['login_tokens:a?b'],
      ['login_tokens:[ab]'],
      ['login_tokens:'],
      ['ai_agent_version:1'],
      ['other:key'],
      [`login_tokens:${'x'.repeat(600)}`],
      ['login_tokens:a\nb'],
    ])('refuses the key %j on read and on clear', async (key) => {
      const k = encodeURIComponent(key);
      expect(await req('GET', `/monitor/cache/getValue/login_tokens:/${k}`)).toEqual({ code: 500, msg: '缓存键名不合法' });
      expect(await req('DELETE', `/monitor/cache/clearCacheKey/${k}`)).toEqual({ code: 500, msg: '缓存键名不合法' });
    });

    it('refuses a key of another name, a missing key and the session index', async () => {
      expect(await req('GET', `/monitor/cache/getValue/sys_config:/login_tokens:${admin.tokenId}`)).toEqual({ code: 500, msg: '缓存键名不合法' });
      expect(await req('GET', '/monitor/cache/getValue/login_tokens:/login_tokens:gone')).toEqual({ code: 500, msg: '缓存键名不存在或已过期' });
      expect(await req('DELETE', '/monitor/cache/clearCacheName/user_sessions:')).toEqual({
        code: 500,
        msg: '用户会话索引随用户信息一起清理，不能单独清理',
      });
      expect(await req('DELETE', '/monitor/cache/clearCacheKey/user_sessions:1')).toMatchObject({ code: 500 });
    });

    it('clears one key; another session of the caller ends but never the caller own', async () => {
      const second = await signIn('admin');
      expect(await req('DELETE', `/monitor/cache/clearCacheKey/login_tokens:${admin.tokenId}`)).toEqual({ code: 500, msg: '不能清理当前登录会话' });
      expect(await req('DELETE', `/monitor/cache/clearCacheKey/login_tokens:${second.tokenId}`)).toEqual({ code: 200, msg: '操作成功' });
      expect(await signedIn(second)).toBe(false);
      expect(await signedIn(admin)).toBe(true);
      expect(await t.deps.kv.get(`${CacheKey.USER_SESSIONS}1`)).toEqual([admin.tokenId]);
    });

    it('clearCacheName(login_tokens:) ends every other session and keeps the caller and its index entry', async () => {
      const second = await signIn('admin');
      const ry = await signIn('ry');
      expect(await req('DELETE', '/monitor/cache/clearCacheName/login_tokens:')).toEqual({ code: 200, msg: '操作成功' });
      expect(await signedIn(second)).toBe(false);
      expect(await signedIn(ry)).toBe(false);
      expect(await signedIn(admin)).toBe(true);
      expect(await keysOf('login_tokens:')).toEqual([`login_tokens:${admin.tokenId}`]);
      expect(await keysOf('user_sessions:')).toEqual([`${CacheKey.USER_SESSIONS}1`]);
      expect(await t.deps.kv.get(`${CacheKey.USER_SESSIONS}1`)).toEqual([admin.tokenId]);
    });

    it('clears another name whole', async () => {
      await t.deps.kv.set('pwd_err_cnt:someone', 2, 60_000);
      await t.deps.kv.set('pwd_err_cnt:someone:127.0.0.1', 2, 60_000);
      expect(await keysOf('pwd_err_cnt:')).toEqual(['pwd_err_cnt:someone', 'pwd_err_cnt:someone:127.0.0.1']);
      expect(await req('DELETE', '/monitor/cache/clearCacheName/pwd_err_cnt:')).toEqual({ code: 200, msg: '操作成功' });
      expect(await keysOf('pwd_err_cnt:')).toEqual([]);
      await eventually(async () => {
        const logs = await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, '缓存列表'));
        return logs.some((l) => l.businessType === BusinessType.CLEAN && l.operUrl?.endsWith('/clearCacheName/pwd_err_cnt:'));
      });
    });

    it('clearCacheAll empties every cache but keeps the caller signed in, and caches refill from the database', async () => {
      const ry = await signIn('ry');
      await t.deps.kv.set('captcha_codes:abc', '4', 60_000);
      await t.deps.kv.set('ai_agent_version:1', 'v', 60_000);
      expect((await req('GET', '/system/config/configKey/sys.index.skinName')).msg).toBe('skin-blue');
      expect(await keysOf('sys_config:')).not.toEqual([]);

      expect(await req('DELETE', '/monitor/cache/clearCacheAll')).toEqual({ code: 200, msg: '操作成功' });
      for (const name of ['sys_config:', 'sys_dict:', 'captcha_codes:', 'rate_limit:', 'pwd_err_cnt:']) expect(await keysOf(name)).toEqual([]);
      expect(await signedIn(ry)).toBe(false);
      expect(await signedIn(admin)).toBe(true);
      expect(await keysOf('login_tokens:')).toEqual([`login_tokens:${admin.tokenId}`]);
      expect(await t.deps.kv.get(`${CacheKey.USER_SESSIONS}1`)).toEqual([admin.tokenId]);
      // Only the listed caches: other keys of the store (agent versions, job locks) are not caches to clear.
      expect(await t.deps.kv.get('ai_agent_version:1')).toBe('v');
      expect((await req('GET', '/system/config/configKey/sys.index.skinName')).msg).toBe('skin-blue');
    });

    it('refuses every endpoint to a user without monitor:cache:list', async () => {
      // Signed in again: the clears above ended the first session.
      nobody = await loginAs(t.app, 'nocache', 'admin123');
      for (const [method, url] of [
        ['GET', '/monitor/cache'],
        ['GET', '/monitor/cache/getNames'],
        ['GET', '/monitor/cache/getKeys/login_tokens:'],
        ['GET', `/monitor/cache/getValue/login_tokens:/login_tokens:${admin.tokenId}`],
        ['DELETE', '/monitor/cache/clearCacheName/sys_config:'],
        ['DELETE', `/monitor/cache/clearCacheKey/login_tokens:${admin.tokenId}`],
        ['DELETE', '/monitor/cache/clearCacheAll'],
      ] as const) {
        expect(await req(method, url, nobody)).toEqual(DENIED);
      }
      expect(await signedIn(admin)).toBe(true);
    });
  });
}

suite('in-process store', {});
describe.runIf(redisAvailable)('on Redis', () => suite('Redis', { redis: true }));

describe('cache monitor parsing', () => {
  it('reads INFO as a flat map and commandstats as name/calls', () => {
    const info = parseInfo('# Server\r\nredis_version:7.2.4\r\nredis_mode:standalone\r\n\r\n# Memory\r\nused_memory_human:1.05M\r\n');
    expect(info).toEqual({ redis_version: '7.2.4', redis_mode: 'standalone', used_memory_human: '1.05M' });
    expect(parseCommandStats('# Commandstats\r\ncmdstat_get:calls=12,usec=30,usec_per_call=2.50\r\ncmdstat_client|list:calls=1,usec=5\r\n')).toEqual([
      { name: 'get', value: '12' },
      { name: 'client|list', value: '1' },
    ]);
    expect([humanBytes(12), humanBytes(1536), humanBytes(3.25 * 1024 ** 2)]).toEqual(['12B', '1.50K', '3.25M']);
  });
});
