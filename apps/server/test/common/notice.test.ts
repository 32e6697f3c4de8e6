import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysNotice, sysNoticeRead, sysUser } from '../../src/db/schema';
import { SEED_PASSWORD_HASH } from '../../src/db/seed';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { call } from './support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;

type TopNotice = { noticeId: number; noticeTitle: string; isRead: boolean; createTime: string };
const listTop = (who: LoggedIn) =>
  call<{ data: TopNotice[]; unreadCount: number }>(t.app, { method: 'GET', url: `${API}/system/notice/listTop`, headers: who.headers });

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  ry = await loginAs(t.app, 'ry', 'admin123');
  const { db } = t.deps.database;
  const base = Date.UTC(2030, 0, 1);
  // Six more notices with increasing create times; one closed notice that must never show.
  for (let i = 1; i <= 6; i++) {
    await db.insert(sysNotice).values({ noticeTitle: `公告${i}`, noticeType: '1', noticeContent: `<p>内容${i}</p>`, createTime: new Date(base + i * 60_000) });
  }
  await db.insert(sysNotice).values({ noticeTitle: '已关闭', noticeType: '2', status: '1', createTime: new Date(base + 3600_000) });
});

describe('top-bar notices', () => {
  it('lists the five newest normal notices, all unread at first', async () => {
    const body = await listTop(ry);
    expect(body.code).toBe(200);
    expect(body.data.map((n) => n.noticeTitle)).toEqual(['公告6', '公告5', '公告4', '公告3', '公告2']);
    expect(body.unreadCount).toBe(5);
    expect(body.data[0]).toMatchObject({ isRead: false, createTime: '2030-01-01 08:06:00' });
    expect(body.data[0]).not.toHaveProperty('noticeContent');
  });

  it('markRead marks one notice for the caller only, and repeating it is harmless', async () => {
    const [newest] = (await listTop(ry)).data;
    for (let i = 0; i < 2; i++) {
      expect(await call(t.app, { method: 'POST', url: `${API}/system/notice/markRead?noticeId=${newest.noticeId}`, headers: ry.headers })).toEqual({
        code: 200,
        msg: '操作成功',
      });
    }
    const mine = await listTop(ry);
    expect(mine.unreadCount).toBe(4);
    expect(mine.data[0].isRead).toBe(true);
    expect((await listTop(admin)).unreadCount).toBe(5);
    const rows = await t.deps.database.db.select().from(sysNoticeRead).where(eq(sysNoticeRead.noticeId, newest.noticeId));
    expect(rows).toHaveLength(1);
  });

  it('markReadAll takes a comma-separated id list and ignores unknown ids', async () => {
    const ids = (await listTop(ry)).data.map((n) => n.noticeId);
    const body = await call(t.app, { method: 'POST', url: `${API}/system/notice/markReadAll?ids=${ids.join(',')},99999`, headers: ry.headers });
    expect(body.code).toBe(200);
    expect((await listTop(ry)).unreadCount).toBe(0);
  });

  it('opens a notice with its content', async () => {
    const [newest] = (await listTop(ry)).data;
    const body = await call<{ data: { noticeTitle: string; noticeContent: string } }>(t.app, {
      method: 'GET',
      url: `${API}/system/notice/${newest.noticeId}`,
      headers: ry.headers,
    });
    expect(body.data).toMatchObject({ noticeTitle: '公告6', noticeContent: '<p>内容6</p>' });
  });

  it('shows a closed notice only to staff who manage notices', async () => {
    const { db } = t.deps.database;
    const [closed] = await db.select().from(sysNotice).where(eq(sysNotice.noticeTitle, '已关闭'));
    await db.insert(sysUser).values({ userName: 'reader', nickName: '读者', password: SEED_PASSWORD_HASH, deptId: 105 });
    const reader = await loginAs(t.app, 'reader', 'admin123');
    const open = (who: LoggedIn) =>
      call<{ data?: { noticeTitle: string } }>(t.app, { method: 'GET', url: `${API}/system/notice/${closed.noticeId}`, headers: who.headers });
    expect((await open(admin)).data?.noticeTitle).toBe('已关闭');
    expect(await open(reader)).toEqual({ code: 200, msg: '操作成功' });
  });

  it('needs a login', async () => {
    expect((await call(t.app, { method: 'GET', url: `${API}/system/notice/listTop` })).code).toBe(401);
    expect((await call(t.app, { method: 'POST', url: `${API}/system/notice/markRead?noticeId=1` })).code).toBe(401);
  });
});
