import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sysOperLog, sysPost } from '../../../src/db/schema';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { exportSheet, userWithoutRoles } from '../../helpers/crud';
import { call, eventually } from '../../common/support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;

type Post = { postId: number; postCode: string; postName: string; postSort: number; status: string; flag: boolean; createBy: string; createTime: string };

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = admin) =>
  call<{ data?: Post; rows?: Post[]; total?: number }>(t.app, { method, url: API + url, payload, headers: who.headers });

const newPost = { postCode: 'cs', postName: '客服专员', postSort: 5, status: '0', remark: '接待客户' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, 'nopost');
});

describe('岗位管理 /system/post', () => {
  it('lists the seed posts sorted by post_sort with paging and filters', async () => {
    const all = await req('GET', '/system/post/list?pageNum=1&pageSize=10');
    expect(all).toMatchObject({ code: 200, msg: '查询成功', total: 4 });
    expect(all.rows?.map((p) => p.postCode)).toEqual(['ceo', 'se', 'hr', 'user']);
    expect(all.rows?.[0]).toMatchObject({ postName: '董事长', flag: false, status: '0' });

    expect((await req('GET', '/system/post/list?postName=' + encodeURIComponent('经理'))).rows?.map((p) => p.postCode)).toEqual(['se']);
    expect((await req('GET', '/system/post/list?postCode=h')).rows?.map((p) => p.postCode)).toEqual(['hr']);
    expect((await req('GET', '/system/post/list?status=1')).total).toBe(0);
    const page2 = await req('GET', '/system/post/list?pageNum=2&pageSize=3');
    expect(page2.rows?.map((p) => p.postCode)).toEqual(['user']);
  });

  it('adds, reads, edits and deletes a post, with the operator and time recorded', async () => {
    expect(await req('POST', '/system/post', newPost)).toEqual({ code: 200, msg: '操作成功' });
    const [row] = await t.deps.database.db.select().from(sysPost).where(eq(sysPost.postCode, 'cs'));
    expect(row).toMatchObject({ postName: '客服专员', createBy: 'admin' });

    const got = await req('GET', `/system/post/${row.postId}`);
    expect(got.data).toMatchObject({ postId: row.postId, postCode: 'cs', remark: '接待客户' });
    expect(got.data?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect(await req('PUT', '/system/post', { ...newPost, postId: row.postId, postName: '高级客服', status: '1' })).toMatchObject({ code: 200 });
    expect((await req('GET', `/system/post/${row.postId}`)).data).toMatchObject({ postName: '高级客服', status: '1', updateBy: 'admin' });

    expect(await req('DELETE', `/system/post/${row.postId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect(await req('GET', `/system/post/${row.postId}`)).toEqual({ code: 200, msg: '操作成功' });
    await eventually(async () => {
      const logs = await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '岗位管理'), eq(sysOperLog.businessType, 3)));
      return logs.length > 0;
    });
  });

  it('refuses a duplicate name or code, on add and on edit', async () => {
    expect(await req('POST', '/system/post', { ...newPost, postName: '董事长' })).toEqual({ code: 500, msg: "新增岗位'董事长'失败，岗位名称已存在" });
    expect(await req('POST', '/system/post', { ...newPost, postCode: 'ceo' })).toEqual({ code: 500, msg: "新增岗位'客服专员'失败，岗位编码已存在" });
    expect(await req('PUT', '/system/post', { postId: 2, postCode: 'se', postName: '董事长', postSort: 2 })).toEqual({
      code: 500,
      msg: "修改岗位'董事长'失败，岗位名称已存在",
    });
    expect(await req('PUT', '/system/post', { postId: 2, postCode: 'hr', postName: '项目经理', postSort: 2 })).toEqual({
      code: 500,
      msg: "修改岗位'项目经理'失败，岗位编码已存在",
    });
    // Saving a post under its own name and code is not a clash.
    expect((await req('PUT', '/system/post', { postId: 2, postCode: 'se', postName: '项目经理', postSort: 2 })).code).toBe(200);
  });

  it.each([
    [{ ...newPost, postCode: undefined }, '岗位编码不能为空'],
    [{ ...newPost, postCode: '  ' }, '岗位编码不能为空'],
    [{ ...newPost, postCode: 'x'.repeat(65) }, '岗位编码长度不能超过64个字符'],
    [{ ...newPost, postName: '' }, '岗位名称不能为空'],
    [{ ...newPost, postName: '名'.repeat(51) }, '岗位名称长度不能超过50个字符'],
    [{ ...newPost, postSort: undefined }, '显示顺序不能为空'],
    [{ ...newPost, postSort: null }, '显示顺序不能为空'],
  ])('validates %j → %s', async (body, msg) => {
    expect(await req('POST', '/system/post', body)).toEqual({ code: 500, msg });
  });

  it('refuses to delete a post held by a user, and deletes nothing of the batch', async () => {
    await req('POST', '/system/post', { ...newPost, postCode: 'tmp', postName: '临时岗位' });
    const [tmp] = await t.deps.database.db.select().from(sysPost).where(eq(sysPost.postCode, 'tmp'));
    expect(await req('DELETE', `/system/post/${tmp.postId},1`)).toEqual({ code: 500, msg: '董事长已分配,不能删除' });
    expect((await req('GET', `/system/post/${tmp.postId}`)).data).toBeDefined();
    expect(await req('DELETE', `/system/post/${tmp.postId}`)).toMatchObject({ code: 200 });
  });

  it('offers every post to the user dialog (optionselect) to any signed-in user', async () => {
    const body = await call<{ data: Post[] }>(t.app, { method: 'GET', url: `${API}/system/post/optionselect`, headers: nobody.headers });
    expect(body.data.map((p) => p.postCode)).toEqual(['ceo', 'se', 'hr', 'user']);
  });

  it('exports 岗位数据 with the contract columns and the filters applied', async () => {
    const sheet = await exportSheet(t.app, `${API}/system/post/export`, admin.headers, { postCode: 'e' });
    expect(sheet.header).toEqual(['岗位序号', '岗位编码', '岗位名称', '岗位排序', '状态']);
    expect(sheet.rows).toEqual([
      { 岗位序号: '1', 岗位编码: 'ceo', 岗位名称: '董事长', 岗位排序: '1', 状态: '正常' },
      { 岗位序号: '2', 岗位编码: 'se', 岗位名称: '项目经理', 岗位排序: '2', 状态: '正常' },
      { 岗位序号: '4', 岗位编码: 'user', 岗位名称: '普通员工', 岗位排序: '4', 状态: '正常' },
    ]);
  });

  it.each([
    ['GET', '/system/post/list'],
    ['GET', '/system/post/1'],
    ['POST', '/system/post'],
    ['PUT', '/system/post'],
    ['DELETE', '/system/post/1'],
    ['POST', '/system/post/export'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    expect(await req(method, url, method === 'POST' || method === 'PUT' ? newPost : undefined, nobody)).toEqual({
      code: 403,
      msg: '没有权限，请联系管理员授权',
    });
  });
});
