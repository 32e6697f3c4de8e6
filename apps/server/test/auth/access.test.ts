import Fastify, { type FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/core/access';
import type { ServiceError } from '../../src/core/errors';
import { authPlugin, hasPermi, hasRole, requireSession, type LoginSession } from '../../src/core/auth';
import { createTestApp, type TestApp } from '../helpers/app';
import { API, body, createUserWithMenus, tokenFor } from './support';

/** A bare app with only the auth plugin and probe routes, sharing the seeded app's store and secret. */
async function probeApp(deps: TestApp['deps']): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('deps', deps);
  // The real app's handler turns ServiceError into the envelope; the probe needs the same for requireSession.
  app.setErrorHandler((err: ServiceError, _request, reply) => reply.send({ code: err.code, msg: err.message }));
  const routes: Record<string, Access> = {
    '/open': 'anonymous',
    '/any': 'authenticated',
    '/user-list': { permission: 'system:user:list' },
    '/role-edit': { permission: 'system:role:edit' },
    '/role-own': { role: 'probe_role' },
    '/role-boss': { role: 'boss' },
  };
  await app.register(
    async (api) => {
      await api.register(authPlugin);
      for (const [url, access] of Object.entries(routes)) {
        api.get(url, { config: { access } }, async (request) => ({ code: 200, user: request.session?.userName ?? null, ip: request.clientIp }));
      }
      api.get('/service-check', { config: { access: 'anonymous' } }, async (request) => ({ code: 200, user: requireSession(request).userName }));
    },
    { prefix: API },
  );
  await app.ready();
  return app;
}

let t: TestApp;
let probe: FastifyInstance;
let probeToken: string;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  probe = await probeApp(t.deps);
  await createUserWithMenus(t.deps, 'probe', [1, 100]);
  probeToken = await tokenFor(t, 'probe');
  adminToken = await tokenFor(t);
  return () => probe.close();
});

const call = async (path: string, token?: string) =>
  body(await probe.inject({ method: 'GET', url: `${API}${path}`, headers: token ? { authorization: `Bearer ${token}` } : {} }));

describe('access enforcement hook', () => {
  it('lets anonymous routes through and still exposes the session and client address', async () => {
    expect(await call('/open')).toEqual({ code: 200, user: null, ip: '127.0.0.1' });
    expect(await call('/open', probeToken)).toMatchObject({ code: 200, user: 'probe' });
  });

  it('answers 401 on protected routes without a session', async () => {
    expect(await call('/any')).toEqual({ code: 401, msg: '请求访问：/any，认证失败，无法访问系统资源' });
    expect(await call('/user-list')).toMatchObject({ code: 401 });
  });

  it('checks permissions: exact string or the wildcard', async () => {
    expect(await call('/any', probeToken)).toMatchObject({ code: 200 });
    expect(await call('/user-list', probeToken)).toMatchObject({ code: 200 });
    expect(await call('/role-edit', probeToken)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect(await call('/role-edit', adminToken)).toMatchObject({ code: 200, user: 'admin' });
  });

  it('checks roles: the exact key or admin', async () => {
    expect(await call('/role-own', probeToken)).toMatchObject({ code: 200 });
    expect(await call('/role-boss', probeToken)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    expect(await call('/role-boss', adminToken)).toMatchObject({ code: 200 });
  });

  it('lets services demand a session themselves', async () => {
    expect(await call('/service-check')).toEqual({ code: 401, msg: '请求访问：/service-check，认证失败，无法访问系统资源' });
    expect(await call('/service-check', probeToken)).toEqual({ code: 200, user: 'probe' });
  });
});

describe('permission helpers', () => {
  const session = (permissions: string[], roles: string[]) => ({ permissions, roles }) as LoginSession;

  it('hasPermi matches trimmed exact strings or *:*:*', () => {
    expect(hasPermi(session(['system:user:list'], []), ' system:user:list ')).toBe(true);
    expect(hasPermi(session(['system:user:list'], []), 'system:user')).toBe(false);
    expect(hasPermi(session(['*:*:*'], []), 'anything:at:all')).toBe(true);
  });

  it('hasRole matches the exact key or admin', () => {
    expect(hasRole(session([], ['common']), 'common')).toBe(true);
    expect(hasRole(session([], ['common']), 'boss')).toBe(false);
    expect(hasRole(session([], ['admin']), 'boss')).toBe(true);
  });
});
