import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysConfig, sysDictData } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { call } from './support';

const API = '/prod-api';
let t: TestApp;
let ry: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  ry = await loginAs(t.app, 'ry', 'admin123');
});

describe('GET /system/dict/data/type/{type}', () => {
  type Row = { dictLabel: string; dictValue: string; dictSort: number; default: boolean; createTime: string };
  const get = (type: string) =>
    call<{ data: Row[] }>(t.app, { method: 'GET', url: `${API}/system/dict/data/type/${type}`, headers: ry.headers });

  it('returns the normal entries of the type sorted by dict_sort, and caches them', async () => {
    await t.deps.database.db.update(sysDictData).set({ status: '1' }).where(eq(sysDictData.dictLabel, '未知'));
    const body = await get('sys_user_sex');
    expect(body.code).toBe(200);
    expect(body.data.map((d) => d.dictLabel)).toEqual(['男', '女']);
    expect(body.data[0]).toMatchObject({ dictValue: '0', dictSort: 1, default: true });
    expect(body.data[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await t.deps.kv.get('sys_dict:sys_user_sex')).toEqual(body.data);

    // Served from the cache: a direct table change is not seen until the type is re-cached.
    await t.deps.database.db.update(sysDictData).set({ dictLabel: '男士' }).where(eq(sysDictData.dictLabel, '男'));
    expect((await get('sys_user_sex')).data[0].dictLabel).toBe('男');
    await t.deps.kv.del('sys_dict:sys_user_sex');
    expect((await get('sys_user_sex')).data[0].dictLabel).toBe('男士');
  });

  it('answers an empty list for an unknown type', async () => {
    const body = await get('no_such_type');
    expect(body).toEqual({ code: 200, msg: '操作成功', data: [] });
  });

  it('needs a login', async () => {
    expect((await call(t.app, { method: 'GET', url: `${API}/system/dict/data/type/sys_user_sex` })).code).toBe(401);
  });
});

describe('GET /system/config/configKey/{key}', () => {
  it('puts the value in msg and has no data key', async () => {
    const body = await call(t.app, { method: 'GET', url: `${API}/system/config/configKey/sys.user.initPassword`, headers: ry.headers });
    expect(body).toEqual({ code: 200, msg: '123456' });
  });

  it('answers an empty msg for a missing key and reads through the cache', async () => {
    expect(await call(t.app, { method: 'GET', url: `${API}/system/config/configKey/no.such.key`, headers: ry.headers })).toEqual({
      code: 200,
      msg: '',
    });
    await t.deps.database.db.update(sysConfig).set({ configValue: '654321' }).where(eq(sysConfig.configKey, 'sys.user.initPassword'));
    const cached = await call(t.app, { method: 'GET', url: `${API}/system/config/configKey/sys.user.initPassword`, headers: ry.headers });
    expect(cached.msg).toBe('123456');
  });
});
