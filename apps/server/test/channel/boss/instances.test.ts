import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOSS_RUN_CONFIG } from '@acs/shared';
import { buildApp } from '../../../src/app';
import { createDatabase, type Database } from '../../../src/db/client';
import type { PubSub } from '../../../src/infra/pubsub';
import { postgresAvailable } from '../../helpers/db';
import { redisAvailable } from '../../helpers/kv';
import { createTestPubSub } from '../../helpers/pubsub';
import { bossAccount, bossTestApp, candidateMessage, connector, poll, recruitingAgent, type BossTestApp } from './support';

const CANDIDATES = 30;

/**
 * Two instances on one PostgreSQL database and one Redis, with real concurrency (PGlite runs one
 * statement at a time, so only here do two claims truly race): pollers on both never get the same
 * reply, nor more than the cap between them, and a replayed request is refused by the other instance.
 */
describe.runIf(postgresAvailable && redisAvailable)('BOSS connector across two instances (PostgreSQL + Redis)', () => {
  const prefix = `test:${randomUUID()}:`;
  let b: BossTestApp;
  let twoDatabase: Database;
  let twoPubSub: PubSub;
  let two: FastifyInstance;

  beforeAll(async () => {
    b = await bossTestApp('bossinst', { postgres: true, redis: true, pubsubPrefix: prefix });
    const [{ name }] = await b.t.deps.database.db.select({ name: sql<string>`current_database()` }).from(sql`(values (1)) as once`);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    twoDatabase = await createDatabase({ url: url.toString() });
    twoPubSub = await createTestPubSub({ redis: true, prefix });
    // The same Redis (the test store's key prefix included), its own connection pool and pub/sub connection.
    two = await buildApp({ ...b.t.deps, database: twoDatabase, pubsub: twoPubSub }, { logger: false });
    await two.ready();
  });

  afterAll(async () => {
    await two.close();
    await twoPubSub.close();
    await twoDatabase.close();
  });

  it('concurrent pollers on both instances split the replies without overlap and within the cap', { timeout: 60_000 }, async () => {
    const agentId = await recruitingAgent(b.t);
    const cap = CANDIDATES - 5;
    const account = await bossAccount(b, { agentId, runConfig: { ...DEFAULT_BOSS_RUN_CONFIG, dailyReplies: cap } });
    const onOne = connector(b.t, account);
    const onTwo = connector({ ...b.t, app: two }, account);
    const pushed = await onOne('/messages', { body: { messages: Array.from({ length: 20 }, (_, i) => candidateMessage(`inst-${i}`, '这个岗位还招人吗')) } });
    expect(pushed.statusCode).toBe(200);
    await onTwo('/messages', { body: { messages: Array.from({ length: CANDIDATES - 20 }, (_, i) => candidateMessage(`inst-${20 + i}`, '这个岗位还招人吗')) } });

    const rounds = await Promise.all([onOne, onTwo, onOne, onTwo, onOne, onTwo].map((send) => poll(send)));
    const ids = rounds.flat().map((r) => r.replyId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(cap);
  });

  it('a request replayed to the other instance is refused', async () => {
    const account = await bossAccount(b);
    const nonce = 'two-instances-nonce-0001';
    expect((await connector(b.t, account)('/health', { body: { health: 'logged_in' }, nonce })).statusCode).toBe(200);
    const replayed = await connector({ ...b.t, app: two }, account)('/health', { body: { health: 'logged_in' }, nonce });
    expect(replayed.json()).toEqual({ code: 401, msg: '重复请求：该 nonce 已使用' });
  });
});
