import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import { createDatabase, type Database } from '../../../src/db/client';
import type { PubSub } from '../../../src/infra/pubsub';
import { createTestApp, type TestApp } from '../../helpers/app';
import { postgresAvailable } from '../../helpers/db';
import { redisAvailable } from '../../helpers/kv';
import { createTestPubSub } from '../../helpers/pubsub';
import { FAKE_DOUYIN_ACCOUNT, startFakeDouyin, type FakeDouyin } from '../../fakes/douyin/server';
import { pushWebhook, receiveMessageEvent } from '../../fakes/douyin/webhook';
import { addRule, API, createAgent } from '../../ai/runtime/support';
import { addAccount, addApp, conversationsOf, eventsOf, messagesOf, newCustomer, outboxOf, settle, until } from './flow-support';

interface Instance {
  app: FastifyInstance;
  database: Database;
  pubsub: PubSub;
}

/**
 * Scale mode: three server instances on one PostgreSQL database and one Redis, each with its own database
 * pool and Redis connections, all running the inbox and send workers. The platform delivers one event to
 * each of them (a retry after a lost answer lands wherever the balancer sends it).
 */
describe.runIf(postgresAvailable && redisAvailable)('Douyin events across instances (PostgreSQL + Redis)', () => {
  const prefix = `test:${randomUUID()}:`;
  let one: TestApp;
  const others: Instance[] = [];
  const urls: string[] = [];
  let fake: FakeDouyin;
  let appId: number;
  let accountId: number;

  beforeAll(async () => {
    one = await createTestApp({ postgres: true, redis: true, pubsubPrefix: prefix });
    const [{ name }] = await one.deps.database.db.select({ name: sql<string>`current_database()` }).from(sql`(values (1)) as once`);
    const dbUrl = new URL(process.env.TEST_DATABASE_URL as string);
    dbUrl.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      const database = await createDatabase({ url: dbUrl.toString() });
      const pubsub = await createTestPubSub({ redis: true, prefix });
      const app = await buildApp({ ...one.deps, database, pubsub }, { logger: false });
      await app.ready();
      others.push({ app, database, pubsub });
    }
    for (const app of [one.app, ...others.map((o) => o.app)]) urls.push(`${await app.listen({ port: 0, host: '127.0.0.1' })}${API}`);
    fake = await startFakeDouyin();
    appId = await addApp(one, fake);
    const agentId = await createAgent(one);
    await addRule(one, agentId, '价格', '每月99元。');
    accountId = await addAccount(one, fake, { appId, agentId });
  }, 60_000);

  afterAll(async () => {
    for (const o of others) {
      await o.app.close();
      await o.pubsub.close();
      await o.database.close();
    }
    await fake?.close();
    await one?.close();
  });

  /** Delivers one signed body to every instance at once, as the same Msg-Id or each with its own. */
  async function deliverToAll(body: object, msgIds: string[]) {
    const results = await Promise.all(urls.map((u, i) => pushWebhook(`${u}/channel/douyin/webhook/${appId}`, body, { clientSecret: fake.clientSecret, msgId: msgIds[i] })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
  }

  async function expectOneTurn(customer: string) {
    await until(() => fake.sent.some((m) => m.toUserId === customer), 15_000);
    // Room for a second turn or send to show up if any instance were to make one.
    await settle(1500);
    const conversations = await conversationsOf(one, accountId, customer);
    expect(conversations).toHaveLength(1);
    expect(conversations[0].turns).toBe(1);
    expect((await messagesOf(one, conversations[0].conversationId)).map((m) => [m.sender, m.content])).toEqual([
      ['customer', '价格'],
      ['ai', '每月99元。'],
    ]);
    expect(await outboxOf(one, conversations[0].conversationId)).toMatchObject([{ status: 'sent' }]);
    expect(fake.sent.filter((m) => m.toUserId === customer).map((m) => m.text)).toEqual(['每月99元。']);
  }

  it('one event delivered three times, to three instances at once, is one conversation turn and one reply', { timeout: 30_000 }, async () => {
    const customer = newCustomer();
    const msgId = `same-${customer}`;
    await deliverToAll(receiveMessageEvent({ clientKey: fake.clientKey, fromUserId: customer, toUserId: FAKE_DOUYIN_ACCOUNT, text: '价格' }), [msgId, msgId, msgId]);
    await expectOneTurn(customer);
    expect((await eventsOf(one, appId)).filter((e) => e.externalId === msgId)).toMatchObject([{ status: 'done' }]);
  });

  it('even under three different Msg-Ids the platform message (server_message_id) makes one turn', { timeout: 30_000 }, async () => {
    const customer = newCustomer();
    const ids = [1, 2, 3].map((n) => `distinct-${n}-${customer}`);
    await deliverToAll(receiveMessageEvent({ clientKey: fake.clientKey, fromUserId: customer, toUserId: FAKE_DOUYIN_ACCOUNT, text: '价格' }), ids);
    await expectOneTurn(customer);
    const events = (await eventsOf(one, appId)).filter((e) => ids.includes(e.externalId));
    expect(events.map((e) => e.status)).toEqual(['done', 'done', 'done']);
  });
});
