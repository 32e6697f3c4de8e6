import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import type { PubSub } from '../../../src/infra/pubsub';
import { createTestApp, type TestApp } from '../../helpers/app';
import { redisAvailable } from '../../helpers/kv';
import { createTestPubSub } from '../../helpers/pubsub';
import { loginAs } from '../../helpers/login';
import { call } from '../../common/support';
import { addRule, API, createAgent, isMessage, listen, SseReader, visitor } from '../runtime/support';

/**
 * Two servers behind one load balancer: one database and Redis, each with its own Redis
 * connections. A customer's stream held by one server hears what happens on the other.
 */
describe.runIf(redisAvailable)('live events across two instances (Redis)', () => {
  const prefix = `test:${randomUUID()}:`;
  let one: TestApp;
  let two: FastifyInstance;
  let twoPubSub: PubSub;
  let base: string;
  const readers: SseReader[] = [];

  beforeAll(async () => {
    one = await createTestApp({ redis: true, pubsubPrefix: prefix });
    base = await listen(one);
    twoPubSub = await createTestPubSub({ redis: true, prefix });
    two = await buildApp({ ...one.deps, pubsub: twoPubSub }, { logger: false });
    await two.ready();
  });

  afterAll(async () => {
    for (const r of readers) await r.close();
    await two.close();
    await twoPubSub.close();
  });

  it('a message sent to one instance and the staff reply on it reach the customer stream on the other', async () => {
    const agentId = await createAgent(one);
    await addRule(one, agentId, '价格', '每月99元。');
    const v = await visitor(one, agentId);
    const s = await SseReader.open(`${base}/chat/stream?conversationId=${v.conversationId}&visitorToken=${v.session.visitorToken}`);
    readers.push(s);
    await s.waitFor((e) => e.event === 'status');

    const sent = await call<{ data: { seq: number } }>(two, {
      method: 'POST',
      url: `${API}/chat/message`,
      payload: { conversationId: v.conversationId, visitorToken: v.session.visitorToken, clientMsgId: 'x-1', content: '价格' },
    });
    expect(sent.data.seq).toBe(1);
    await s.waitFor(isMessage((m) => m.seq === 2 && m.content === '每月99元。'));

    const admin = await loginAs(two, 'admin', 'admin123');
    await call(two, { method: 'POST', url: `${API}/ai/conversation/${v.conversationId}/reply`, payload: { content: '人工来了' }, headers: admin.headers });
    await s.waitFor(isMessage((m) => m.sender === 'staff' && m.content === '人工来了'));
    await s.waitFor((e) => e.event === 'status' && (e.data as { status: string }).status === 'human');
    expect(s.messages().map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });
});
