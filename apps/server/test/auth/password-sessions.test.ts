import { beforeAll, describe, expect, it } from 'vitest';
import { sessionsOfUser } from '../../src/core/auth';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { call } from '../common/support';
import { API, createUserWithMenus } from './support';

/** Issue 8 item 11: a changed password ends the sessions opened with the old one. */
let t: TestApp;
let admin: LoggedIn;

const getInfo = (who: LoggedIn) => call(t.app, { method: 'GET', url: `${API}/getInfo`, headers: who.headers });
const put = (who: LoggedIn, url: string, payload: object) => call(t.app, { method: 'PUT', url: API + url, headers: who.headers, payload });

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
});

describe('after a password change', () => {
  it("updatePwd keeps the session that changed it and ends the user's other sessions", async () => {
    const userId = await createUserWithMenus(t.deps, 'twodevices', []);
    const laptop = await loginAs(t.app, 'twodevices', 'admin123');
    const phone = await loginAs(t.app, 'twodevices', 'admin123');
    expect(await put(laptop, '/system/user/profile/updatePwd', { oldPassword: 'admin123', newPassword: 'changed1' })).toEqual({ code: 200, msg: '操作成功' });
    expect((await getInfo(laptop)).code).toBe(200);
    expect((await getInfo(phone)).code).toBe(401);
    expect((await sessionsOfUser(t.deps, userId)).length).toBe(1);
    expect((await getInfo(admin)).code).toBe(200);
  });

  it("an admin's resetPwd ends every session of that user, and only theirs", async () => {
    const userId = await createUserWithMenus(t.deps, 'resetme', []);
    const sessions = [await loginAs(t.app, 'resetme', 'admin123'), await loginAs(t.app, 'resetme', 'admin123')];
    const bystander = await loginAs(t.app, 'ry', 'admin123');
    expect(await put(admin, '/system/user/resetPwd', { userId, password: 'resetpw1' })).toEqual({ code: 200, msg: '操作成功' });
    for (const s of sessions) expect((await getInfo(s)).code).toBe(401);
    expect(await sessionsOfUser(t.deps, userId)).toEqual([]);
    expect((await getInfo(admin)).code).toBe(200);
    expect((await getInfo(bystander)).code).toBe(200);
    await expect(loginAs(t.app, 'resetme', 'resetpw1')).resolves.toHaveProperty('token');
  });

  it('a refused change ends nothing', async () => {
    await createUserWithMenus(t.deps, 'wrongold', []);
    const first = await loginAs(t.app, 'wrongold', 'admin123');
    const second = await loginAs(t.app, 'wrongold', 'admin123');
    expect(await put(first, '/system/user/profile/updatePwd', { oldPassword: 'not-it', newPassword: 'changed1' })).toEqual({
      code: 500,
      msg: '修改密码失败，旧密码错误',
    });
    expect((await getInfo(second)).code).toBe(200);
  });
});
