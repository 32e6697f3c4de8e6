import { describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';
import { loginAs } from '../helpers/login';

describe('validation messages', () => {
  it('answers a malformed body with a Chinese message naming the parameter, as an envelope', async () => {
    const { app } = await createTestApp();
    const { headers } = await loginAs(app, 'admin', 'admin123');
    const res = await app.inject({
      method: 'PUT',
      url: '/prod-api/system/user/profile',
      headers,
      payload: { nickName: 42 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ code: number; msg: string }>();
    expect(body.code).toBe(500);
    expect(body.msg).toMatch(/^参数\[nickName\]无效输入/);
  });

  it('keeps the contract message when the schema defines one', async () => {
    const { app } = await createTestApp();
    const { headers } = await loginAs(app, 'admin', 'admin123');
    const res = await app.inject({
      method: 'PUT',
      url: '/prod-api/system/user/profile',
      headers,
      payload: { email: 'not-an-email' },
    });
    expect(res.json()).toEqual({ code: 500, msg: '邮箱格式不正确' });
  });
});
