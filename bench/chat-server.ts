// Child process of bench/chat.mjs: a real listening server with the built-in engine on a disposable
// database (PGlite, or PostgreSQL with `postgres`), memory or Redis kv/pubsub (`redis`). Trusts
// X-Forwarded-For, as behind the usual reverse proxy, so each simulated visitor has its own IP for
// the per-IP rate limits. Prints one JSON line {port, kind, live} when ready. Over IPC it answers
// {type:'stats'} (RSS, heap, CPU) and {type:'latencies', conversationIds} (the stored latency_ms of
// the AI replies in those conversations).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { aiMessage, sysConfig } from '../apps/server/src/db/schema';
import { MemoryKv, RedisKv, type KvStore } from '../apps/server/src/infra/kv';
import { MemoryPubSub, RedisPubSub, type PubSub } from '../apps/server/src/infra/pubsub';
import { createTestDatabase } from '../apps/server/test/helpers/db';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const redisUrl = process.argv[3] === 'redis' ? process.env.TEST_REDIS_URL : undefined;

const database = await createTestDatabase({ postgres: kind === 'postgres' });
const { db } = database;
await db.update(sysConfig).set({ configValue: 'false' }).where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));

const config = loadConfig(
  {
    ...process.env,
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key',
  },
  { dataDir: database.dataDir },
);
// A prefix of its own: the Redis server may be shared with tests and other runs.
const prefix = `bench-chat-${randomUUID()}:`;
const kv: KvStore = redisUrl ? await RedisKv.connect(redisUrl, prefix) : new MemoryKv();
const pubsub: PubSub = redisUrl ? await RedisPubSub.connect(redisUrl, { prefix }) : new MemoryPubSub();
const app = await buildApp({ config, database, kv, pubsub, now: Date.now }, { logger: false });

let cpuAtStart = process.cpuUsage();
process.on('message', async (msg: { type: string; conversationIds?: number[] }) => {
  if (msg.type === 'stats') {
    // Started with --expose-gc: memory after a full collection, not whatever garbage is pending.
    (globalThis as { gc?: () => void }).gc?.();
    const cpu = process.cpuUsage(cpuAtStart);
    cpuAtStart = process.cpuUsage();
    const mem = process.memoryUsage();
    process.send?.({ type: 'stats', rss: mem.rss, heapUsed: mem.heapUsed, cpuMs: (cpu.user + cpu.system) / 1000 });
  } else if (msg.type === 'latencies') {
    const rows = await db
      .select({ latencyMs: aiMessage.latencyMs, hit: sql<string>`${aiMessage.hit}->>'type'` })
      .from(aiMessage)
      .where(and(eq(aiMessage.sender, 'ai'), inArray(aiMessage.conversationId, msg.conversationIds ?? [])));
    process.send?.({ type: 'latencies', rows });
  }
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, kind: database.kind, live: pubsub.kind })}\n`,
);

const stop = async () => {
  await app.close();
  await pubsub.close();
  await kv.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
