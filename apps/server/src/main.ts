import path from 'node:path';
import { loadConfig } from './config';
import { openAppDatabase } from './db/open';
import { MemoryKv, RedisKv, type KvStore } from './infra/kv';
import { MemoryPubSub, RedisPubSub, type PubSub } from './infra/pubsub';
import { buildApp } from './app';
import { warmIntents } from './modules/ai/engine/intents';
import { warmSegmenter } from './modules/ai/engine/segment';
import { gracefulShutdown } from './shutdown';

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const { database, origin, seeded } = await openAppDatabase({
    url: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const kv: KvStore = config.redisUrl ? await RedisKv.connect(config.redisUrl) : new MemoryKv();
  // A failing subscriber (a broken stream) or a lost Redis subscription is logged, never thrown at the publisher.
  const onPubSubError = (err: unknown) => app.log.error({ err }, 'live event delivery failed');
  const pubsub: PubSub = config.redisUrl ? await RedisPubSub.connect(config.redisUrl, { onError: onPubSubError }) : new MemoryPubSub(onPubSubError);
  const app = await buildApp({ config, database, kv, pubsub, now: Date.now });
  // The segmenter's dictionary and the intent model load once (about a second each) here rather than in the first customer's turn.
  warmSegmenter();
  warmIntents();

  const shutdown = gracefulShutdown(app, { resources: [pubsub, kv, database] });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: `http://localhost:${config.port}`, database: database.kind, origin, seeded, kv: kv.kind, ms: Date.now() - started },
    'ready',
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
