import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { sysJob, sysJobFire, sysJobLog } from '../../src/db/schema';
import { LEASE_MS, SWEEP_MS } from '../../src/modules/monitor/scheduler/scheduler';
import { SERVER_ROOT } from '../../src/paths';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../helpers/db';
import { redisAvailable } from '../helpers/kv';

const JOB_NAME = '每秒双进程';
/** How long both processes run together, and then the survivor alone. */
const TOGETHER_MS = 20_000;
const ALONE_MS = LEASE_MS + 2 * SWEEP_MS + 2_000;

interface Server {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** A real server process (src/main.ts through tsx) on the test's database and Redis. */
function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.TEST_REDIS_URL,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'info',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0001',
      ENCRYPTION_KEY: 'test-encryption-key-test-encryption-key',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('"msg":"ready"')) resolve({ child, exited, output: () => output });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then((code) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`)));
  });
}

/**
 * Scale mode for real: two server processes on one PostgreSQL database and one Redis, a job due every
 * second. Every second-slot must run once — on either process, never on both, never on neither — and
 * when one process is killed the other carries on alone.
 */
describe.runIf(postgresAvailable && redisAvailable)('scheduled jobs across two server processes (PostgreSQL + Redis)', () => {
  let database: TestDatabase;
  let dataDir: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ postgres: true });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'acs-jobs-'));
    const [{ name }] = await database.db.select({ name: sql<string>`current_database()` }).from(sql`(values (1)) as once`);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    await database.db.update(sysJob).set({ status: '1' });
    await database.db.insert(sysJob).values({ jobName: JOB_NAME, invokeTarget: 'ryTask.ryNoParams', cronExpression: '*/1 * * * * ?', status: '0', concurrent: '1' });
    servers.push(...(await Promise.all([startServer(url.toString(), dataDir), startServer(url.toString(), dataDir)])));
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs each second-slot exactly once, and the survivor takes over when one process is killed', { timeout: 120_000 }, async () => {
    const [doomed, survivor] = servers;
    const started = Date.now();
    await new Promise((r) => setTimeout(r, TOGETHER_MS));
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const killedAt = Date.now();
    await new Promise((r) => setTimeout(r, ALONE_MS));
    survivor.child.kill('SIGTERM');
    expect(await survivor.exited, survivor.output()).toBe(0);
    const stopped = Date.now();

    const [job] = await database.db.select().from(sysJob).where(eq(sysJob.jobName, JOB_NAME));
    // Whole seconds well inside the time the servers ran.
    const first = Math.ceil(started / 1000) + 1;
    const last = Math.floor(stopped / 1000) - 2;
    const claims = await database.db
      .select()
      .from(sysJobFire)
      .where(and(eq(sysJobFire.jobId, job.jobId), gte(sysJobFire.fireTime, new Date(first * 1000)), lte(sysJobFire.fireTime, new Date(last * 1000))))
      .orderBy(asc(sysJobFire.fireTime));
    // None lost: a claim for every second (the primary key allows no second one).
    expect(claims.map((c) => c.fireTime.getTime() / 1000)).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
    // Each ran, or was logged as interrupted by the survivor when its process died with it.
    expect(claims.filter((c) => !['D', 'L'].includes(c.state))).toEqual([]);
    expect(claims.every((c) => c.jobLogId !== null)).toBe(true);
    // None doubled: one log entry per claim, and no entry without a claim.
    const ids = claims.map((c) => c.jobLogId as number);
    expect(new Set(ids).size).toBe(ids.length);
    const logged = await database.db.select({ jobLogId: sysJobLog.jobLogId }).from(sysJobLog).where(inArray(sysJobLog.jobLogId, ids));
    expect(logged).toHaveLength(ids.length);
    const allClaims = await database.db.select().from(sysJobFire).where(eq(sysJobFire.jobId, job.jobId));
    const allLogs = await database.db.select().from(sysJobLog).where(eq(sysJobLog.jobName, JOB_NAME));
    expect(allLogs).toHaveLength(allClaims.filter((c) => c.jobLogId !== null).length);

    // After the kill only the survivor claims (instance names carry the process id).
    const after = claims.filter((c) => c.fireTime.getTime() > killedAt + 1000);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((c) => !c.instance.includes(`:${survivor.child.pid}:`))).toEqual([]);
  });
});
