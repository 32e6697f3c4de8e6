import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sysUser } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { call, JPEG, multipart, PNG } from './support';

const API = '/prod-api';
let t: TestApp;
let admin: LoggedIn;
let ry: LoggedIn;

beforeAll(async () => {
  t = await createTestApp({ startAt: Date.UTC(2026, 3, 18, 4, 30, 45) });
  admin = await loginAs(t.app, 'admin', 'admin123');
  ry = await loginAs(t.app, 'ry', 'admin123');
});

const userRow = async (userId: number) =>
  (await t.deps.database.db.select().from(sysUser).where(eq(sysUser.userId, userId)))[0];

describe('GET /system/user/profile', () => {
  it('returns the cached user with role and post groups', async () => {
    const body = await call<{ data: { userName: string; dept: { deptName: string } }; roleGroup: string; postGroup: string }>(
      t.app,
      { method: 'GET', url: `${API}/system/user/profile`, headers: admin.headers },
    );
    expect(body.code).toBe(200);
    expect(body.data.userName).toBe('admin');
    expect(body.data).not.toHaveProperty('password');
    expect(body.roleGroup).toBe('超级管理员');
    expect(body.postGroup).toBe('董事长');
  });

  it('needs a login', async () => {
    const body = await call(t.app, { method: 'GET', url: `${API}/system/user/profile` });
    expect(body.code).toBe(401);
  });
});

describe('PUT /system/user/profile', () => {
  const put = (who: LoggedIn, payload: Record<string, unknown>) =>
    call(t.app, { method: 'PUT', url: `${API}/system/user/profile`, headers: who.headers, payload });

  it('refuses a phone number or email another user holds', async () => {
    expect(await put(ry, { nickName: '测试', phonenumber: '15888888888', email: 'x@y.com', sex: '0' })).toEqual({
      code: 500,
      msg: "修改用户'ry'失败，手机号码已存在",
    });
    expect(await put(ry, { nickName: '测试', phonenumber: '15666666666', email: 'ry@163.com', sex: '0' })).toEqual({
      code: 500,
      msg: "修改用户'ry'失败，邮箱账号已存在",
    });
  });

  it('validates email format and field lengths with the contract messages', async () => {
    expect((await put(ry, { nickName: 'a', email: 'not-an-email' })).msg).toBe('邮箱格式不正确');
    expect((await put(ry, { nickName: 'a', email: `${'a'.repeat(45)}@b.com` })).msg).toBe('邮箱长度不能超过50个字符');
    expect((await put(ry, { nickName: 'n'.repeat(31) })).msg).toBe('用户昵称长度不能超过30个字符');
    expect((await put(ry, { nickName: 'a', phonenumber: '1'.repeat(12) })).msg).toBe('手机号码长度不能超过11个字符');
  });

  it('updates only the four profile fields, in the row and in the session', async () => {
    const body = await put(ry, {
      nickName: '小若',
      email: 'new@ry.com',
      phonenumber: '13900000000',
      sex: '0',
      userName: 'hacker',
      status: '1',
    });
    expect(body).toEqual({ code: 200, msg: '操作成功' });
    const row = await userRow(2);
    expect(row).toMatchObject({ userName: 'ry', status: '0', nickName: '小若', email: 'new@ry.com', phonenumber: '13900000000', sex: '0' });
    const profile = await call<{ data: { nickName: string; email: string } }>(t.app, {
      method: 'GET',
      url: `${API}/system/user/profile`,
      headers: ry.headers,
    });
    expect(profile.data).toMatchObject({ nickName: '小若', email: 'new@ry.com' });
  });

  it('keeps fields the form left out', async () => {
    expect((await put(ry, { nickName: '只改昵称' })).code).toBe(200);
    expect(await userRow(2)).toMatchObject({ nickName: '只改昵称', email: 'new@ry.com', phonenumber: '13900000000', sex: '0' });
  });
});

describe('PUT /system/user/profile/updatePwd', () => {
  const viaQuery = (who: LoggedIn, oldPassword: string, newPassword: string) =>
    call(t.app, {
      method: 'PUT',
      url: `${API}/system/user/profile/updatePwd`,
      query: { oldPassword, newPassword },
      headers: who.headers,
    });

  it('rejects a wrong old password, an unchanged password and a bad new password', async () => {
    expect(await viaQuery(ry, 'wrong-old', 'abcdef1')).toEqual({ code: 500, msg: '修改密码失败，旧密码错误' });
    expect(await viaQuery(ry, 'admin123', 'admin123')).toEqual({ code: 500, msg: '新密码不能与旧密码相同' });
    expect(await viaQuery(ry, 'admin123', '12345')).toEqual({ code: 500, msg: '长度在 6 到 20 个字符' });
    expect(await viaQuery(ry, 'admin123', 'x'.repeat(21))).toEqual({ code: 500, msg: '长度在 6 到 20 个字符' });
    expect(await viaQuery(ry, 'admin123', '')).toEqual({ code: 500, msg: '新密码不能为空' });
    expect((await userRow(2)).pwdUpdateDate?.getTime()).not.toBe(t.deps.now());
  });

  it('changes the password from the query-string form and sets pwd_update_date', async () => {
    expect(await viaQuery(ry, 'admin123', 'newpass<1>')).toEqual({ code: 200, msg: '操作成功' });
    expect((await userRow(2)).pwdUpdateDate?.getTime()).toBe(t.deps.now());
    // Passwords are exempt from the XSS filter: what the user typed is what logs in.
    await expect(loginAs(t.app, 'ry', 'newpass<1>')).resolves.toHaveProperty('token');
    await expect(loginAs(t.app, 'ry', 'admin123')).rejects.toThrow();
  });

  it('accepts the JSON body form as upstream', async () => {
    const body = await call(t.app, {
      method: 'PUT',
      url: `${API}/system/user/profile/updatePwd`,
      payload: { oldPassword: 'newpass<1>', newPassword: 'admin123' },
      headers: ry.headers,
    });
    expect(body).toEqual({ code: 200, msg: '操作成功' });
    await expect(loginAs(t.app, 'ry', 'admin123')).resolves.toHaveProperty('token');
  });
});

describe('POST /system/user/profile/avatar', () => {
  const upload = async (who: LoggedIn, filename: string, data: Buffer) => {
    const form = await multipart([{ field: 'avatarfile', filename, data }]);
    return call<{ imgUrl?: string }>(t.app, {
      method: 'POST',
      url: `${API}/system/user/profile/avatar`,
      headers: { ...who.headers, ...form.headers },
      payload: form.payload,
    });
  };
  const fileOf = (imgUrl: string) => path.join(t.deps.config.uploadDir, imgUrl.slice('/profile/'.length));

  it('stores the image under avatar/yyyy/MM/dd/<uuid32>.<ext>, serves it and replaces the old one', async () => {
    const first = await upload(admin, 'me.png', PNG);
    expect(first.code).toBe(200);
    expect(first.imgUrl).toMatch(/^\/profile\/avatar\/2026\/04\/18\/[0-9a-f]{32}\.png$/);
    expect(existsSync(fileOf(first.imgUrl!))).toBe(true);
    expect((await userRow(1)).avatar).toBe(first.imgUrl);

    const served = await t.app.inject({ method: 'GET', url: `${API}${first.imgUrl}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const second = await upload(admin, 'me.jpg', JPEG);
    expect(second.imgUrl).toMatch(/\.jpg$/);
    expect(existsSync(fileOf(second.imgUrl!))).toBe(true);
    expect(existsSync(fileOf(first.imgUrl!))).toBe(false);
    const profile = await call<{ data: { avatar: string } }>(t.app, {
      method: 'GET',
      url: `${API}/system/user/profile`,
      headers: admin.headers,
    });
    expect(profile.data.avatar).toBe(second.imgUrl);
  });

  it('refuses files that are not images by extension or by content', async () => {
    expect(await upload(admin, 'x.txt', Buffer.from('hello'))).toEqual({
      code: 500,
      msg: '文件[x.txt]后缀[txt]不正确，请上传[bmp, gif, jpg, jpeg, png]格式',
    });
    expect(await upload(admin, 'fake.png', Buffer.from('<html><script>alert(1)</script></html>'))).toEqual({
      code: 500,
      msg: '文件[fake.png]后缀[png]不正确，请上传[bmp, gif, jpg, jpeg, png]格式',
    });
  });

  it('refuses images over 5 MB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const body = await upload(admin, 'big.png', big);
    expect(body).toEqual({ code: 500, msg: '上传的文件大小超出限制的文件大小！<br/>允许的文件最大大小是：5MB！' });
  });
});
