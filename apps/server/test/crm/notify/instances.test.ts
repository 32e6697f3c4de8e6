import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import type { PubSub } from '../../../src/infra/pubsub';
import { createTestApp, type TestApp } from '../../helpers/app';
import { postgresAvailable } from '../../helpers/db';
import { redisAvailable } from '../../helpers/kv';
import { createTestPubSub } from '../../helpers/pubsub';
import { API, SseReader } from '../../ai/runtime/support';
import { leadUser, REP_MENUS } from '../lead/support';
import { isLeadEvent, leadEvents, MONDAY_10AM, ruleWithChat } from './support';

/**
 * Two servers behind one load balancer on PostgreSQL and Redis: the salesperson's top bar is connected
 * to one of them, the customer's chat (and so the assignment) happens on the other.
 */
describe.runIf(redisAvailable && postgresAvailable)('lead notifications across two instances', () => {
  const prefix = `test:${randomUUID()}:`;
  let one: TestApp;
  let two: FastifyInstance;
  let twoPubSub: PubSub;
  let reader: SseReader | undefined;

  beforeAll(async () => {
    one = await createTestApp({ postgres: true, redis: true, pubsubPrefix: prefix, startAt: MONDAY_10AM });
    twoPubSub = await createTestPubSub({ redis: true, prefix });
    two = await buildApp({ ...one.deps, pubsub: twoPubSub }, { logger: false });
    await two.ready();
  });

  afterAll(async () => {
    await reader?.close();
    await two.close();
    await twoPubSub.close();
  });

  it('a lead assigned on instance A reaches the owner’s stream held by instance B', async () => {
    const rep = await leadUser(one, 'inst_rep', 105, { menus: REP_MENUS });
    const other = await leadUser(one, 'inst_other', 105, { menus: REP_MENUS });
    const address = await two.listen({ port: 0, host: '127.0.0.1' });
    reader = await SseReader.open(`${address}${API}/crm/notify/stream`, rep.headers);
    const bystander = await SseReader.open(`${address}${API}/crm/notify/stream`, other.headers);

    const chat = await ruleWithChat(one, { members: [{ userId: rep.userId }] });
    await chat.captureByChat();
    const event = await reader.waitFor(isLeadEvent);
    expect(event.data).toMatchObject({ userId: rep.userId, lead: { status: 'assigned', ownerId: rep.userId } });
    expect(leadEvents(reader)).toHaveLength(1);
    await bystander.close();
    expect(leadEvents(bystander)).toEqual([]);
  });
});
