import type { FastifyInstance } from 'fastify';
import { CacheKey } from '../../src/core/cache-keys';

export interface LoggedIn {
  token: string;
  /** `{ authorization: 'Bearer <token>' }` for app.inject. */
  headers: { authorization: string };
}

/**
 * Logs in through POST /login like the client does. When the captcha is on, the answer is read
 * from the store (`captcha_codes:<uuid>`), so the captcha setting of the test is left untouched.
 * Throws with the server's message when the login is refused.
 */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<LoggedIn> {
  const captcha = (await app.inject({ method: 'GET', url: `${app.deps.config.apiPrefix}/captchaImage` })).json<{
    captchaEnabled: boolean;
    uuid?: string;
  }>();
  let code = '';
  const uuid = captcha.uuid ?? '';
  if (captcha.captchaEnabled && uuid) code = (await app.deps.kv.get<string>(CacheKey.CAPTCHA_CODES + uuid)) ?? '';
  const res = await app.inject({
    method: 'POST',
    url: `${app.deps.config.apiPrefix}/login`,
    payload: { username, password, code, uuid },
  });
  const body = res.json<{ code: number; msg: string; token?: string }>();
  if (body.code !== 200 || !body.token) throw new Error(`login as ${username} failed: ${body.msg}`);
  return { token: body.token, headers: { authorization: `Bearer ${body.token}` } };
}
