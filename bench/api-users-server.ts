// Child process of bench/api-users.mjs: a real listening server on a disposable database holding
// 100,000 extra users spread over the seed departments. Prints one JSON line {port, kind} when ready.
// Over the IPC channel it answers {type:'reset'} and {type:'stats'}: the in-server time of each list
// request (from Node's 'request' event to the response's 'finish') and the process CPU time.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { MemoryKv } from '../apps/server/src/infra/kv';
import { MemoryPubSub } from '../apps/server/src/infra/pubsub';
import { createTestDatabase } from '../apps/server/test/helpers/db';

const USERS = 100_000;
const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';

const database = await createTestDatabase({ postgres: kind === 'postgres' });
const { db } = database;
// Set-based insert: one statement, departments 100–109 in turn, created over the past ~3 years.
await db.execute(sql`
  insert into sys_user (dept_id, user_name, nick_name, email, phonenumber, sex, password, create_by, create_time)
  select 100 + (i % 10), 'bench' || i, '压测用户' || i, 'bench' || i || '@example.com',
         (13000000000 + i)::text, (i % 3)::text, '', 'bench', now() - (i || ' minutes')::interval
  from generate_series(1, ${USERS}) as s(i)`);
// As autovacuum would soon after a bulk load: statistics and the visibility map (index-only scans).
await db.execute(sql`vacuum analyze sys_user`);
// The load generator signs in without solving captchas.
await db.execute(sql`update sys_config set config_value = 'false' where config_key = 'sys.account.captchaEnabled'`);

const config = loadConfig(
  { ...process.env, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01', ENCRYPTION_KEY: 'bench-encryption-key-bench-encryption-key' },
  { dataDir: database.dataDir },
);
const kv = new MemoryKv();
const app = await buildApp({ config, database, kv, pubsub: new MemoryPubSub(), now: Date.now }, { logger: false });

let elapsed: number[] = [];
let cpuAtReset = process.cpuUsage();
let wallAtReset = performance.now();
app.server.prependListener('request', (req, res) => {
  if (!req.url?.includes('/system/user/list')) return;
  const t0 = performance.now();
  res.once('finish', () => elapsed.push(performance.now() - t0));
});
process.on('message', (msg: { type: string }) => {
  if (msg.type === 'reset') {
    elapsed = [];
    cpuAtReset = process.cpuUsage();
    wallAtReset = performance.now();
    process.send?.({ type: 'reset' });
  } else if (msg.type === 'stats') {
    const cpu = process.cpuUsage(cpuAtReset);
    process.send?.({
      type: 'stats',
      elapsed,
      cpuMs: (cpu.user + cpu.system) / 1000,
      wallMs: performance.now() - wallAtReset,
    });
  }
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, kind: database.kind })}\n`);

const stop = async () => {
  await app.close();
  await kv.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
