import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { API, body, postLogin, setConfig } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.advance(61_000));

const registerEnabled = async (remoteAddress = '127.0.0.1') =>
  body(await t.app.inject({ method: 'GET', url: `${API}/registerEnabled`, remoteAddress }));

describe('GET /registerEnabled', () => {
  it('tells anyone, without a token, only whether registration is on', async () => {
    expect(await registerEnabled()).toEqual({ code: 200, msg: '操作成功', data: false });
    await setConfig(t.deps, 'sys.account.registerUser', 'true');
    try {
      expect(await registerEnabled()).toEqual({ code: 200, msg: '操作成功', data: true });
    } finally {
      await setConfig(t.deps, 'sys.account.registerUser', 'false');
    }
  });

  it('is limited per client address, on a counter of its own (reading it costs no login attempts)', async () => {
    const remoteAddress = '172.16.7.7';
    for (let i = 0; i < 60; i++) expect((await registerEnabled(remoteAddress)).code).toBe(200);
    expect(await registerEnabled(remoteAddress)).toEqual({ code: 500, msg: '访问过于频繁，请稍候再试' });
    expect((await postLogin(t, { remoteAddress })).code).toBe(200);
    expect((await registerEnabled('172.16.7.8')).code).toBe(200);
  });
});
