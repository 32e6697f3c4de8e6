import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysConfig } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { exportSheet, userWithoutRoles } from '../../helpers/crud';
import { redisAvailable } from '../../helpers/kv';
import { call } from '../../common/support';

const API = '/prod-api';

type Row = Record<string, unknown>;
const newConfig = { configName: '欢迎语', configKey: 'ai.welcome', configValue: '您好', configType: 'N', remark: '首条消息' };

function suite(backend: 'memory' | 'redis') {
  let t: TestApp;
  let admin: LoggedIn;
  let nobody: LoggedIn;

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = admin) =>
    call<{ data?: Row; rows?: Row[]; total?: number }>(t.app, { method, url: API + url, payload, headers: who.headers });
  const valueOf = async (key: string) => (await req('GET', `/system/config/configKey/${key}`)).msg;
  const idOf = async (key: string) => (await t.deps.database.db.select().from(sysConfig).where(eq(sysConfig.configKey, key)))[0]?.configId;

  beforeAll(async () => {
    t = await createTestApp({ redis: backend === 'redis' });
    admin = await loginAs(t.app, 'admin', 'admin123');
    nobody = await userWithoutRoles(t, `nocfg${backend}`);
  });

  describe(`参数设置 /system/config (${backend} cache)`, () => {
    it('lists parameters with filters and reads one', async () => {
      const all = await req('GET', '/system/config/list');
      expect(all).toMatchObject({ code: 200, msg: '查询成功' });
      expect(all.rows?.[0]).toMatchObject({ configId: 1, configKey: 'sys.index.skinName', configType: 'Y' });
      const found = await req('GET', `/system/config/list?configName=${encodeURIComponent('初始密码')}&configKey=user.initPassword&configType=Y`);
      expect(found.rows?.map((r) => r.configKey)).toEqual(['sys.user.initPassword']);
      expect((await req('GET', '/system/config/list?configType=N')).total).toBe(0);
      expect((await req('GET', '/system/config/list?params%5BbeginTime%5D=2000-01-01&params%5BendTime%5D=2000-01-01')).total).toBe(0);
      expect((await req('GET', '/system/config/2')).data).toMatchObject({ configKey: 'sys.user.initPassword', configValue: '123456' });
    });

    it('add, edit, rename and delete are visible through configKey at once', async () => {
      expect(await valueOf('ai.welcome')).toBe('');
      expect(await req('POST', '/system/config', newConfig)).toEqual({ code: 200, msg: '操作成功' });
      expect(await valueOf('ai.welcome')).toBe('您好');
      const id = await idOf('ai.welcome');
      expect((await req('GET', `/system/config/${id}`)).data).toMatchObject({ createBy: 'admin', remark: '首条消息' });

      expect((await req('PUT', '/system/config', { ...newConfig, configId: id, configValue: '欢迎光临' })).code).toBe(200);
      expect(await valueOf('ai.welcome')).toBe('欢迎光临');

      expect((await req('PUT', '/system/config', { ...newConfig, configId: id, configKey: 'ai.greeting', configValue: '你好' })).code).toBe(200);
      expect(await t.deps.kv.get('sys_config:ai.welcome')).toBeNull();
      expect(await valueOf('ai.welcome')).toBe('');
      expect(await valueOf('ai.greeting')).toBe('你好');

      expect(await req('DELETE', `/system/config/${id}`)).toEqual({ code: 200, msg: '操作成功' });
      expect(await t.deps.kv.get('sys_config:ai.greeting')).toBeNull();
      expect(await valueOf('ai.greeting')).toBe('');
    });

    it('refuses a duplicate key', async () => {
      expect(await req('POST', '/system/config', { ...newConfig, configKey: 'sys.user.initPassword' })).toEqual({
        code: 500,
        msg: "新增参数'欢迎语'失败，参数键名已存在",
      });
      expect(await req('PUT', '/system/config', { ...newConfig, configId: 1, configKey: 'sys.user.initPassword' })).toEqual({
        code: 500,
        msg: "修改参数'欢迎语'失败，参数键名已存在",
      });
    });

    it.each([
      [{ ...newConfig, configName: undefined }, '参数名称不能为空'],
      [{ ...newConfig, configName: 'n'.repeat(101) }, '参数名称不能超过100个字符'],
      [{ ...newConfig, configKey: ' ' }, '参数键名长度不能为空'],
      [{ ...newConfig, configKey: 'k'.repeat(101) }, '参数键名长度不能超过100个字符'],
      [{ ...newConfig, configValue: '' }, '参数键值不能为空'],
      [{ ...newConfig, configValue: 'v'.repeat(501) }, '参数键值长度不能超过500个字符'],
    ])('validates %j → %s', async (body, msg) => {
      expect(await req('POST', '/system/config', body)).toEqual({ code: 500, msg });
    });

    it('refuses to delete a built-in parameter, and keeps the rest of the batch', async () => {
      await req('POST', '/system/config', { ...newConfig, configKey: 'ai.tmp' });
      const id = await idOf('ai.tmp');
      expect(await req('DELETE', `/system/config/${id},2`)).toEqual({ code: 500, msg: '内置参数【sys.user.initPassword】不能删除 ' });
      expect(await idOf('ai.tmp')).toBe(id);
      expect(await valueOf('ai.tmp')).toBe('您好');
    });

    it('refreshCache reloads every parameter from the table', async () => {
      expect(await valueOf('sys.user.initPassword')).toBe('123456');
      await t.deps.database.db.update(sysConfig).set({ configValue: '888888' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
      expect(await valueOf('sys.user.initPassword')).toBe('123456');
      await t.deps.kv.set('sys_config:gone.key', 'stale');
      expect(await req('DELETE', '/system/config/refreshCache')).toEqual({ code: 200, msg: '操作成功' });
      expect(await valueOf('sys.user.initPassword')).toBe('888888');
      expect(await t.deps.kv.get('sys_config:gone.key')).toBeNull();
      expect(await t.deps.kv.get('sys_config:sys.index.skinName')).toBe('skin-blue');
    });

    it('exports 参数数据', async () => {
      const sheet = await exportSheet(t.app, `${API}/system/config/export`, admin.headers, { configKey: 'sys.user.initPassword' });
      expect(sheet.header).toEqual(['参数主键', '参数名称', '参数键名', '参数键值', '系统内置']);
      expect(sheet.rows).toEqual([{ 参数主键: '2', 参数名称: '用户管理-账号初始密码', 参数键名: 'sys.user.initPassword', 参数键值: '888888', 系统内置: '是' }]);
    });

    it.each([
      ['GET', '/system/config/list'],
      ['GET', '/system/config/1'],
      ['POST', '/system/config'],
      ['PUT', '/system/config'],
      ['DELETE', '/system/config/1'],
      ['DELETE', '/system/config/refreshCache'],
      ['POST', '/system/config/export'],
    ] as const)('%s %s answers 403 without the permission', async (method, url) => {
      expect(await req(method, url, method === 'POST' || method === 'PUT' ? newConfig : undefined, nobody)).toEqual({
        code: 403,
        msg: '没有权限，请联系管理员授权',
      });
    });
  });
}

suite('memory');
if (redisAvailable) suite('redis');
