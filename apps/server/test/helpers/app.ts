import { afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { createTestDatabase } from './db';
import { createTestKv } from './kv';
import { createTestPubSub } from './pubsub';

export interface TestAppOptions {
  /** Use the PostgreSQL server of TEST_DATABASE_URL instead of in-memory PGlite. */
  postgres?: boolean;
  /** Use the Redis of TEST_REDIS_URL instead of the in-process store and pub/sub. */
  redis?: boolean;
  /** With `redis`: the channel prefix, so a second instance built with the same one hears this app's events. */
  pubsubPrefix?: string;
  /** Start time of the fake clock (ms); tests move it with `advance`. */
  startAt?: number;
  config?: Partial<AppConfig>;
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  /** Moves the fake clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** A seeded app on a fresh database; closed automatically after the file's tests. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  let clock = opts.startAt ?? Date.now();
  const now = () => clock;
  const database = await createTestDatabase({ postgres: opts.postgres });
  const kv = await createTestKv({ redis: opts.redis, now });
  const config = loadConfig(
    { ...process.env, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-0001', ENCRYPTION_KEY: 'test-encryption-key-test-encryption-key' },
    { dataDir: database.dataDir, ...opts.config },
  );
  const pubsub = await createTestPubSub({ redis: opts.redis, prefix: opts.pubsubPrefix });
  const deps: AppDeps = { config, database, kv, pubsub, now };
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await pubsub.close();
    await kv.close();
    await database.close();
  };
  afterAll(close);
  return { app, deps, advance: (ms) => { clock += ms; }, close };
}
