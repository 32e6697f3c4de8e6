import { randomUUID } from 'node:crypto';
import { MemoryPubSub, RedisPubSub, type PubSub } from '../../src/infra/pubsub';

/**
 * Redis tests share one server, so each test app gets its own channel prefix; pass the same
 * `prefix` to two instances that must hear each other (two servers behind one load balancer).
 */
export async function createTestPubSub(opts: { redis?: boolean; prefix?: string } = {}): Promise<PubSub> {
  if (!opts.redis) return new MemoryPubSub();
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set');
  return RedisPubSub.connect(url, { prefix: opts.prefix ?? `test:${randomUUID()}:` });
}
