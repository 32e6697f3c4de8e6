import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysDictData, sysDictType, sysOperLog } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { exportSheet, userWithoutRoles } from '../../helpers/crud';
import { call, eventually } from '../../common/support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;

type Row = Record<string, unknown>;
const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = admin) =>
  call<{ data?: Row & Row[]; rows?: Row[]; total?: number }>(t.app, { method, url: API + url, payload, headers: who.headers });

const cached = (type: string) => req('GET', `/system/dict/data/type/${type}`).then((b) => (b.data as Row[]).map((d) => d.dictLabel));
const typeId = async (dictType: string) =>
  (await t.deps.database.db.select().from(sysDictType).where(eq(sysDictType.dictType, dictType)))[0].dictId;
const dataOf = (dictType: string) => t.deps.database.db.select().from(sysDictData).where(eq(sysDictData.dictType, dictType));

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, 'nodict');
});

describe('字典类型 /system/dict/type', () => {
  it('lists types with filters, and finds one by id', async () => {
    const all = await req('GET', '/system/dict/type/list?pageSize=100');
    expect(all).toMatchObject({ code: 200, total: 10 });
    expect(all.rows?.[0]).toMatchObject({ dictId: 1, dictName: '用户性别', dictType: 'sys_user_sex' });
    const sex = await req('GET', `/system/dict/type/list?dictName=${encodeURIComponent('性别')}&dictType=sys_user&status=0`);
    expect(sex.rows?.map((r) => r.dictType)).toEqual(['sys_user_sex']);
    const today = new Date(t.deps.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await req('GET', `/system/dict/type/list?params%5BbeginTime%5D=2000-01-01&params%5BendTime%5D=2000-01-02`)).total).toBe(0);
    expect((await req('GET', `/system/dict/type/list?params%5BbeginTime%5D=2000-01-01&params%5BendTime%5D=${today}`)).total).toBe(10);
    expect((await req('GET', '/system/dict/type/1')).data).toMatchObject({ dictType: 'sys_user_sex' });
    const options = await req('GET', '/system/dict/type/optionselect', undefined, nobody);
    expect((options.data as Row[]).length).toBe(10);
  });

  it('adds, edits and deletes a type', async () => {
    expect(await req('POST', '/system/dict/type', { dictName: '客户等级', dictType: 'crm_level', status: '0' })).toEqual({ code: 200, msg: '操作成功' });
    const id = await typeId('crm_level');
    expect((await req('PUT', '/system/dict/type', { dictId: id, dictName: '客户级别', dictType: 'crm_level', remark: 'A/B/C' })).code).toBe(200);
    expect((await req('GET', `/system/dict/type/${id}`)).data).toMatchObject({ dictName: '客户级别', remark: 'A/B/C', updateBy: 'admin' });
    expect(await req('DELETE', `/system/dict/type/${id}`)).toEqual({ code: 200, msg: '操作成功' });
  });

  it('refuses a duplicate type', async () => {
    expect(await req('POST', '/system/dict/type', { dictName: '性别2', dictType: 'sys_user_sex' })).toEqual({
      code: 500,
      msg: "新增字典'性别2'失败，字典类型已存在",
    });
    expect(await req('PUT', '/system/dict/type', { dictId: 2, dictName: '菜单状态', dictType: 'sys_user_sex' })).toEqual({
      code: 500,
      msg: "修改字典'菜单状态'失败，字典类型已存在",
    });
  });

  it.each([
    [{ dictType: 'a_b' }, '字典名称不能为空'],
    [{ dictName: 'n'.repeat(101), dictType: 'a_b' }, '字典类型名称长度不能超过100个字符'],
    [{ dictName: '名称' }, '字典类型不能为空'],
    [{ dictName: '名称', dictType: 'a'.repeat(101) }, '字典类型类型长度不能超过100个字符'],
    [{ dictName: '名称', dictType: '1abc' }, '字典类型必须以字母开头，且只能为（小写字母，数字，下滑线）'],
    [{ dictName: '名称', dictType: 'Abc' }, '字典类型必须以字母开头，且只能为（小写字母，数字，下滑线）'],
  ])('validates %j → %s', async (body, msg) => {
    expect(await req('POST', '/system/dict/type', body)).toEqual({ code: 500, msg });
  });

  it('refuses to delete a type that still has data', async () => {
    expect(await req('DELETE', '/system/dict/type/1')).toEqual({ code: 500, msg: '用户性别已分配,不能删除' });
  });

  it('renames the data rows and the cache with the type', async () => {
    await req('POST', '/system/dict/type', { dictName: '渠道', dictType: 'crm_channel' });
    await req('POST', '/system/dict/data', { dictType: 'crm_channel', dictLabel: '抖音', dictValue: 'dy', dictSort: 1 });
    expect(await cached('crm_channel')).toEqual(['抖音']);
    const id = await typeId('crm_channel');
    expect((await req('PUT', '/system/dict/type', { dictId: id, dictName: '渠道', dictType: 'crm_source' })).code).toBe(200);
    expect((await dataOf('crm_source')).map((d) => d.dictLabel)).toEqual(['抖音']);
    expect(await t.deps.kv.get('sys_dict:crm_channel')).toBeNull();
    expect(await cached('crm_channel')).toEqual([]);
    expect(await cached('crm_source')).toEqual(['抖音']);
  });

  it('exports 字典类型', async () => {
    const sheet = await exportSheet(t.app, `${API}/system/dict/type/export`, admin.headers, { dictType: 'sys_user_sex' });
    expect(sheet.header).toEqual(['字典主键', '字典名称', '字典类型', '状态']);
    expect(sheet.rows).toEqual([{ 字典主键: '1', 字典名称: '用户性别', 字典类型: 'sys_user_sex', 状态: '正常' }]);
  });

  it('refreshCache rebuilds every cached type from the table', async () => {
    await cached('sys_user_sex');
    await t.deps.database.db.update(sysDictData).set({ dictLabel: '男性' }).where(eq(sysDictData.dictCode, 1));
    expect((await cached('sys_user_sex'))[0]).toBe('男');
    expect(await req('DELETE', '/system/dict/type/refreshCache')).toEqual({ code: 200, msg: '操作成功' });
    expect(await t.deps.kv.get('sys_dict:sys_normal_disable')).not.toBeNull();
    expect((await cached('sys_user_sex'))[0]).toBe('男性');
  });
});

describe('字典数据 /system/dict/data', () => {
  it('lists the data of a type in dict_sort order with filters', async () => {
    const list = await req('GET', '/system/dict/data/list?dictType=sys_normal_disable');
    expect(list).toMatchObject({ code: 200, total: 2 });
    expect(list.rows?.map((r) => r.dictLabel)).toEqual(['正常', '停用']);
    expect(list.rows?.[0]).toMatchObject({ dictValue: '0', listClass: 'primary', default: true, isDefault: 'Y' });
    const found = await req('GET', `/system/dict/data/list?dictType=sys_normal_disable&dictLabel=${encodeURIComponent('停')}`);
    expect(found.rows?.map((r) => r.dictLabel)).toEqual(['停用']);
    expect((await req('GET', '/system/dict/data/list?dictType=sys_normal_disable&status=1')).total).toBe(0);
  });

  it('every write is visible at once through /system/dict/data/type/{type}', async () => {
    await req('POST', '/system/dict/type', { dictName: '意向', dictType: 'crm_intent' });
    expect(await cached('crm_intent')).toEqual([]);
    const body = { dictType: 'crm_intent', dictLabel: '高', dictValue: 'high', dictSort: 2, listClass: 'danger', cssClass: 'bold' };
    expect(await req('POST', '/system/dict/data', body)).toEqual({ code: 200, msg: '操作成功' });
    await req('POST', '/system/dict/data', { ...body, dictLabel: '低', dictValue: 'low', dictSort: 1, listClass: 'info' });
    expect(await cached('crm_intent')).toEqual(['低', '高']);

    const [high] = (await dataOf('crm_intent')).filter((d) => d.dictValue === 'high');
    expect(high).toMatchObject({ createBy: 'admin', listClass: 'danger', cssClass: 'bold', isDefault: 'N', status: '0' });
    expect((await req('GET', `/system/dict/data/${high.dictCode}`)).data).toMatchObject({ dictLabel: '高', default: false });

    await req('PUT', '/system/dict/data', { ...body, dictCode: high.dictCode, dictLabel: '很高', dictSort: 0 });
    expect(await cached('crm_intent')).toEqual(['很高', '低']);
    await req('PUT', '/system/dict/data', { ...body, dictCode: high.dictCode, status: '1' });
    expect(await cached('crm_intent')).toEqual(['低']);

    expect(await req('DELETE', `/system/dict/data/${(await dataOf('crm_intent')).map((d) => d.dictCode).join(',')}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await cached('crm_intent')).toEqual([]);
    // With its data gone the type can go too.
    expect((await req('DELETE', `/system/dict/type/${await typeId('crm_intent')}`)).code).toBe(200);
  });

  it.each([
    [{ dictValue: 'v', dictType: 't' }, '字典标签不能为空'],
    [{ dictLabel: 'l'.repeat(101), dictValue: 'v', dictType: 't' }, '字典标签长度不能超过100个字符'],
    [{ dictLabel: 'l', dictType: 't' }, '字典键值不能为空'],
    [{ dictLabel: 'l', dictValue: 'v'.repeat(101), dictType: 't' }, '字典键值长度不能超过100个字符'],
    [{ dictLabel: 'l', dictValue: 'v' }, '字典类型不能为空'],
    [{ dictLabel: 'l', dictValue: 'v', dictType: 't'.repeat(101) }, '字典类型长度不能超过100个字符'],
    [{ dictLabel: 'l', dictValue: 'v', dictType: 't', cssClass: 'c'.repeat(101) }, '样式属性长度不能超过100个字符'],
  ])('validates %j → %s', async (body, msg) => {
    expect(await req('POST', '/system/dict/data', body)).toEqual({ code: 500, msg });
  });

  it('exports 字典数据', async () => {
    const sheet = await exportSheet(t.app, `${API}/system/dict/data/export`, admin.headers, { dictType: 'sys_yes_no' });
    expect(sheet.header).toEqual(['字典编码', '字典排序', '字典标签', '字典键值', '字典类型', '是否默认', '状态']);
    expect(sheet.rows[0]).toEqual({ 字典编码: expect.any(String), 字典排序: '1', 字典标签: '是', 字典键值: 'Y', 字典类型: 'sys_yes_no', 是否默认: '是', 状态: '正常' });
    expect(sheet.rows.length).toBe(2);
  });
});

describe('operation log', () => {
  it.each([
    ['POST', '/system/dict/type', '字典类型', 1],
    ['PUT', '/system/dict/type', '字典类型', 2],
    ['DELETE', '/system/dict/type/{id}', '字典类型', 3],
    ['DELETE', '/system/dict/type/refreshCache', '字典类型', 9],
    ['POST', '/system/dict/type/export', '字典类型', 5],
    ['POST', '/system/dict/data', '字典数据', 1],
    ['PUT', '/system/dict/data', '字典数据', 2],
    // Upstream files data deletes under the type's title.
    ['DELETE', '/system/dict/data/{id}', '字典类型', 3],
    ['POST', '/system/dict/data/export', '字典数据', 5],
  ] as const)('%s %s is logged as %s / %i', async (method, route, title, businessType) => {
    const logged = await eventually(async () => {
      const rows = await t.deps.database.db.select().from(sysOperLog).where(eq(sysOperLog.title, title));
      return rows.find((r) => r.businessType === businessType && r.requestMethod === method && r.method === route.replace('{id}', route.includes('type') ? ':dictIds' : ':dictCodes'));
    });
    expect(logged.operName).toBe('admin');
  });
});

describe('permissions', () => {
  it.each([
    ['GET', '/system/dict/type/list'],
    ['GET', '/system/dict/type/1'],
    ['POST', '/system/dict/type'],
    ['PUT', '/system/dict/type'],
    ['DELETE', '/system/dict/type/1'],
    ['DELETE', '/system/dict/type/refreshCache'],
    ['POST', '/system/dict/type/export'],
    ['GET', '/system/dict/data/list'],
    ['GET', '/system/dict/data/1'],
    ['POST', '/system/dict/data'],
    ['PUT', '/system/dict/data'],
    ['DELETE', '/system/dict/data/1'],
    ['POST', '/system/dict/data/export'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    expect(await req(method, url, method === 'POST' || method === 'PUT' ? {} : undefined, nobody)).toEqual({
      code: 403,
      msg: '没有权限，请联系管理员授权',
    });
  });
});
