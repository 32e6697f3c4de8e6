import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BusinessType } from '@acs/shared';
import { sysNotice, sysNoticeRead, sysOperLog, sysUser } from '../../../src/db/schema';
import { SEED_PASSWORD_HASH } from '../../../src/db/seed';
import { createTestApp, type TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { call, eventually } from '../../common/support';

const API = '/prod-api/system/notice';
let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;

interface NoticeRow {
  noticeId: number;
  noticeTitle: string;
  noticeType: string;
  noticeContent: string | null;
  status: string;
  createBy: string;
  createTime: string;
  updateBy: string;
}
interface ReadUser {
  userId: number;
  userName: string;
  nickName: string;
  deptName: string | null;
  phonenumber: string;
  readTime: string;
}
type Table<T> = { rows: T[]; total: number };

const list = (query = '', who = admin) => call<Table<NoticeRow>>(t.app, { method: 'GET', url: `${API}/list${query}`, headers: who.headers });
const post = (payload: object, who = admin) => call(t.app, { method: 'POST', url: API, headers: who.headers, payload });
const put = (payload: object, who = admin) => call(t.app, { method: 'PUT', url: API, headers: who.headers, payload });
const readUsers = (query: string, who = admin) =>
  call<Table<ReadUser>>(t.app, { method: 'GET', url: `${API}/readUsers/list${query}`, headers: who.headers });

async function stored(title: string) {
  const [row] = await t.deps.database.db.select().from(sysNotice).where(eq(sysNotice.noticeTitle, title));
  return row;
}

/** A user in `deptId` with no role, logged in. */
async function userWithoutRole(userName: string, nickName: string, deptId: number, phonenumber = '') {
  await t.deps.database.db.insert(sysUser).values({ userName, nickName, password: SEED_PASSWORD_HASH, deptId, phonenumber });
  return loginAs(t.app, userName, 'admin123');
}

beforeAll(async () => {
  t = await createTestApp({ startAt: Date.UTC(2030, 5, 1, 2, 0, 0) });
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRole('nobody', '无权限', 105);
  // Two notices beside the seeded introduction (id 3), in the ids RuoYi's own seed notices held.
  await t.deps.database.db.insert(sysNotice).values([
    { noticeId: 1, noticeTitle: '温馨提醒：系统新版本发布啦', noticeType: '2', noticeContent: '新版本内容', createBy: 'admin' },
    { noticeId: 2, noticeTitle: '维护通知：系统凌晨维护', noticeType: '1', noticeContent: '维护内容', createBy: 'admin' },
  ]);
});

describe('notice list', () => {
  it('lists the notices newest id first, content included', async () => {
    const body = await list();
    expect(body).toMatchObject({ code: 200, msg: '查询成功', total: 3 });
    expect(body.rows.map((r) => r.noticeId)).toEqual([3, 2, 1]);
    expect(body.rows[2]).toMatchObject({ noticeTitle: '温馨提醒：系统新版本发布啦', noticeType: '2', noticeContent: '新版本内容' });
  });

  it('filters by title (like), type (equal) and creator (like), and pages', async () => {
    expect((await list('?noticeTitle=维护')).rows.map((r) => r.noticeId)).toEqual([2]);
    expect((await list('?noticeType=1')).rows.map((r) => r.noticeId)).toEqual([3, 2]);
    expect((await list('?createBy=adm')).total).toBe(3);
    expect((await list('?createBy=nobody')).total).toBe(0);
    expect((await list(`?noticeTitle=${encodeURIComponent('%')}`)).total).toBe(0);
    const page = await list('?pageNum=2&pageSize=2');
    expect(page).toMatchObject({ total: 3 });
    expect(page.rows.map((r) => r.noticeId)).toEqual([1]);
  });

  it('needs system:notice:list', async () => {
    expect(await list('', nobody)).toMatchObject({ code: 403 });
    expect(await readUsers('?noticeId=1', nobody)).toMatchObject({ code: 403 });
  });
});

describe('adding and editing notices', () => {
  it('adds a notice as the caller, status normal by default, with an operation log', async () => {
    const body = await post({ noticeTitle: '新公告', noticeType: '1', noticeContent: '<p><strong>重要</strong></p>' });
    expect(body).toEqual({ code: 200, msg: '操作成功' });
    const row = await stored('新公告');
    expect(row).toMatchObject({ noticeType: '1', status: '0', createBy: 'admin', noticeContent: '<p><strong>重要</strong></p>' });
    expect(row.createTime?.getTime()).toBe(Date.UTC(2030, 5, 1, 2, 0, 0));
    const log = await eventually(async () => {
      const [entry] = await t.deps.database.db
        .select()
        .from(sysOperLog)
        .where(and(eq(sysOperLog.title, '通知公告'), eq(sysOperLog.businessType, BusinessType.INSERT)));
      return entry;
    });
    expect(log).toMatchObject({ operName: 'admin', status: 0, requestMethod: 'POST' });
  });

  it('sanitises the rich-text content on add and on edit', async () => {
    await post({
      noticeTitle: '带脚本',
      noticeType: '2',
      noticeContent: '<p onclick="alert(1)">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a><em>斜</em></p>',
    });
    const row = await stored('带脚本');
    expect(row.noticeContent).toBe('<p>正文<a>链接</a><em>斜</em></p>');
    expect(await put({ ...row, noticeContent: '<img src="x" onerror="alert(1)"><u>下划线</u><iframe src="https://x"></iframe>' })).toMatchObject({
      code: 200,
    });
    expect((await stored('带脚本')).noticeContent).toBe('<u>下划线</u>');
  });

  it('edits a notice, recording the editor; fields left out keep their values', async () => {
    const row = await stored('新公告');
    const body = await put({ noticeId: row.noticeId, noticeTitle: '新公告（改）', noticeType: '2' });
    expect(body).toEqual({ code: 200, msg: '操作成功' });
    expect(await stored('新公告（改）')).toMatchObject({
      noticeType: '2',
      status: '0',
      updateBy: 'admin',
      noticeContent: '<p><strong>重要</strong></p>',
    });
    expect(await put({ noticeId: row.noticeId, noticeTitle: '新公告（改）', noticeType: '2', status: '1' })).toMatchObject({ code: 200 });
    expect((await stored('新公告（改）')).status).toBe('1');
  });

  it('answers 操作失败 for an unknown notice', async () => {
    expect(await put({ noticeId: 99999, noticeTitle: '无', noticeType: '1' })).toEqual({ code: 500, msg: '操作失败' });
  });

  it.each([
    [{ noticeType: '1' }, '公告标题不能为空'],
    [{ noticeTitle: '   ', noticeType: '1' }, '公告标题不能为空'],
    [{ noticeTitle: '字'.repeat(51), noticeType: '1' }, '公告标题不能超过50个字符'],
    [{ noticeTitle: '<b>标题</b>', noticeType: '1' }, '公告标题不能包含脚本字符'],
    [{ noticeTitle: '标题' }, '公告类型不能为空'],
  ])('validates %j → %s', async (payload, msg) => {
    expect(await post(payload)).toEqual({ code: 500, msg });
    expect(await put({ noticeId: 1, ...payload })).toEqual({ code: 500, msg });
  });

  it('accepts a 50-character title', async () => {
    expect(await post({ noticeTitle: '字'.repeat(50), noticeType: '1' })).toMatchObject({ code: 200 });
  });

  it('needs system:notice:add / system:notice:edit', async () => {
    expect(await post({ noticeTitle: '越权', noticeType: '1' }, nobody)).toMatchObject({ code: 403 });
    expect(await put({ noticeId: 1, noticeTitle: '越权', noticeType: '1' }, nobody)).toMatchObject({ code: 403 });
    expect(await stored('越权')).toBeUndefined();
  });
});

describe('read users', () => {
  let noticeId: number;
  beforeAll(async () => {
    await post({ noticeTitle: '已读统计', noticeType: '1', noticeContent: '<p>读我</p>' });
    noticeId = (await stored('已读统计')).noticeId;
    const readers = [
      await userWithoutRole('reader1', '张三', 103, '13800000001'),
      await userWithoutRole('reader2', '李四', 105, '13800000002'),
      await userWithoutRole('reader3', '王五', 105),
    ];
    for (const who of readers) {
      await call(t.app, { method: 'POST', url: `${API}/markRead?noticeId=${noticeId}`, headers: who.headers });
      t.advance(60_000);
    }
    await t.deps.database.db.update(sysUser).set({ delFlag: '2' }).where(eq(sysUser.userName, 'reader3'));
  });

  it('lists who read a notice, newest read first, without deleted users', async () => {
    const body = await readUsers(`?noticeId=${noticeId}`);
    expect(body).toMatchObject({ code: 200, total: 2 });
    expect(body.rows).toEqual([
      { userId: expect.any(Number), userName: 'reader2', nickName: '李四', deptName: '测试部门', phonenumber: '13800000002', readTime: '2030-06-01 10:01:00' },
      { userId: expect.any(Number), userName: 'reader1', nickName: '张三', deptName: '研发部门', phonenumber: '13800000001', readTime: '2030-06-01 10:00:00' },
    ]);
  });

  it('searches login name or user name, and pages', async () => {
    expect((await readUsers(`?noticeId=${noticeId}&searchValue=reader1`)).rows.map((r) => r.userName)).toEqual(['reader1']);
    expect((await readUsers(`?noticeId=${noticeId}&searchValue=${encodeURIComponent('李')}`)).rows.map((r) => r.userName)).toEqual(['reader2']);
    const page = await readUsers(`?noticeId=${noticeId}&pageNum=2&pageSize=1`);
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.userName)).toEqual(['reader1']);
  });

  it('requires the notice id', async () => {
    expect((await readUsers('')).code).toBe(500);
  });
});

describe('deleting notices', () => {
  it('deletes the notices and their read records, with an operation log', async () => {
    const target = await stored('已读统计');
    const other = await stored('带脚本');
    const body = await call(t.app, { method: 'DELETE', url: `${API}/${target.noticeId},${other.noticeId}`, headers: admin.headers });
    expect(body).toEqual({ code: 200, msg: '操作成功' });
    expect(await stored('已读统计')).toBeUndefined();
    expect(await stored('带脚本')).toBeUndefined();
    const reads = await t.deps.database.db.select().from(sysNoticeRead).where(eq(sysNoticeRead.noticeId, target.noticeId));
    expect(reads).toHaveLength(0);
    await eventually(async () => {
      const [entry] = await t.deps.database.db
        .select()
        .from(sysOperLog)
        .where(and(eq(sysOperLog.title, '通知公告'), eq(sysOperLog.businessType, BusinessType.DELETE)));
      return entry;
    });
  });

  it('answers 操作失败 when nothing was deleted, and needs system:notice:remove', async () => {
    expect(await call(t.app, { method: 'DELETE', url: `${API}/99999`, headers: admin.headers })).toEqual({ code: 500, msg: '操作失败' });
    expect(await call(t.app, { method: 'DELETE', url: `${API}/1`, headers: nobody.headers })).toMatchObject({ code: 403 });
    expect((await list(`?noticeTitle=${encodeURIComponent('新版本')}`)).total).toBe(1);
  });
});
