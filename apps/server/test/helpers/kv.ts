import { randomUUID } from 'node:crypto';
import { MemoryKv, RedisKv, type KvStore } from '../../src/infra/kv';

/**
 * Redis tests share one server, so each store gets its own key prefix and removes its keys on close.
 * Redis keeps real time: tests that move the fake clock only apply to the memory store.
 */
export async function createTestKv(opts: { redis?: boolean; now: () => number }): Promise<KvStore> {
  if (!opts.redis) return new MemoryKv(opts.now);
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set');
  const prefix = `test:${randomUUID()}:`;
  const kv = await RedisKv.connect(url, prefix);
  const close = kv.close.bind(kv);
  kv.close = async () => {
    const keys = await kv.keys('');
    if (keys.length) await kv.del(...keys);
    await close();
  };
  return kv;
}

export const redisAvailable = Boolean(process.env.TEST_REDIS_URL);
