import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { RedisKv } from '../../src/infra/kv';
import { createTestApp, type TestApp } from '../helpers/app';
import { postgresAvailable } from '../helpers/db';
import { redisAvailable } from '../helpers/kv';
import { API } from '../ai/runtime/support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const get = (app: TestApp['app'], path: string) => app.inject({ method: 'GET', url: `${API}/health/${path}` });

/** A Redis store pointing at a port where nothing listens, as when Redis is down. */
function unreachableRedis(): RedisKv {
  const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  return new RedisKv(redis);
}

describe('GET /health/live', () => {
  it('answers 200 UP without a login', async () => {
    const res = await get(t.app, 'live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP' });
  });
});

describe('GET /health/ready', () => {
  it('answers 200 when the database answers; names only the components checked', async () => {
    const res = await get(t.app, 'ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP', components: { db: { status: 'UP' } } });
  });

  it.skipIf(!redisAvailable || !postgresAvailable)('checks PostgreSQL and Redis in the scale mode', async () => {
    const scaled = await createTestApp({ postgres: true, redis: true });
    const res = await get(scaled.app, 'ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'UP', components: { db: { status: 'UP' }, redis: { status: 'UP' } } });
  });

  it('answers 503 naming Redis when Redis does not answer', async () => {
    const app = await buildApp({ ...t.deps, kv: unreachableRedis() }, { logger: false });
    const res = await get(app, 'ready');
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'DOWN', components: { db: { status: 'UP' }, redis: { status: 'DOWN' } } });
  });

  it('answers 503 naming the database when it is gone, without its error text', async () => {
    const broken = await createTestApp();
    await broken.deps.database.close();
    const res = await get(broken.app, 'ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'DOWN', components: { db: { status: 'DOWN' } } });
  });
});
