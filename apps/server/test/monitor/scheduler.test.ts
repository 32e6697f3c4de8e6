import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { asc, eq, inArray } from 'drizzle-orm';
import { nextRunTimes } from '@acs/shared/cron';
import { JOB_TARGETS } from '@acs/shared/job';
import { aiConversation, sysJob, sysJobFire, sysJobLog, sysLogininfor, sysOperLog } from '../../src/db/schema';
import { MemoryPubSub } from '../../src/infra/pubsub';
import { registeredTargets, resolveInvokeTarget } from '../../src/modules/monitor/scheduler/registry';
import { JobScheduler, LEASE_MS } from '../../src/modules/monitor/scheduler/scheduler';
import { createTestDatabase, type TestDatabase } from '../helpers/db';
import { createTestKv } from '../helpers/kv';
import { eventually } from '../common/support';
import type { KvStore } from '../../src/infra/kv';
import { loadConfig } from '../../src/config';

const log = pino({ level: 'silent' });
let database: TestDatabase;
let kv: KvStore;
let pubsub: MemoryPubSub;
// The scheduler's handlers may open sealed secrets: a configuration with an encryption key.
const config = loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-0001', ENCRYPTION_KEY: 'test-encryption-key-test-encryption-key' });
const deps = () => ({ database, kv, pubsub, config, now: Date.now });
const db = () => database.db;

async function addJob(values: Partial<typeof sysJob.$inferInsert>) {
  const [row] = await db()
    .insert(sysJob)
    .values({ jobName: '测试', invokeTarget: 'ryTask.ryNoParams', cronExpression: '* * * * * ?', status: '0', concurrent: '0', ...values })
    .returning();
  return row;
}

const claimsOf = (jobId: number) => db().select().from(sysJobFire).where(eq(sysJobFire.jobId, jobId)).orderBy(asc(sysJobFire.fireTime));
const logsOf = (jobName: string) => db().select().from(sysJobLog).where(eq(sysJobLog.jobName, jobName));
const scheduler = (opts: { clock?: () => number; instance?: string } = {}) => new JobScheduler(deps(), { log, ...opts });

beforeAll(async () => {
  database = await createTestDatabase();
  kv = await createTestKv({ now: Date.now });
  pubsub = new MemoryPubSub();
  // Only the jobs of each test run.
  await db().update(sysJob).set({ status: '1' });
});

afterAll(async () => {
  await pubsub.close();
  await kv.close();
  await database.close();
});

describe('job scheduler', () => {
  it('two instances on one database run every fire time exactly once', async () => {
    const job = await addJob({ jobName: '双实例' });
    const a = scheduler({ instance: 'A' });
    const b = scheduler({ instance: 'B' });
    await Promise.all([a.start(), b.start()]);
    await new Promise((r) => setTimeout(r, 3200));
    await Promise.all([a.stop(), b.stop()]);

    const claims = await claimsOf(job.jobId);
    expect(claims.length).toBeGreaterThanOrEqual(2);
    const seconds = claims.map((c) => c.fireTime.getTime() / 1000);
    expect(seconds.every((s, i) => i === 0 || s === seconds[i - 1] + 1)).toBe(true);
    expect(claims.every((c) => c.state === 'D' && c.trigger === 'cron' && ['A', 'B'].includes(c.instance))).toBe(true);
    const logs = await logsOf('双实例');
    expect(logs).toHaveLength(claims.length);
    expect(new Set(claims.map((c) => c.jobLogId))).toEqual(new Set(logs.map((l) => l.jobLogId)));
  });

  it('a change made through one instance reaches the other', async () => {
    const job = await addJob({ jobName: '传播', cronExpression: '0 0 3 * * ?', status: '1' });
    const a = scheduler({ instance: 'A' });
    const b = scheduler({ instance: 'B' });
    await Promise.all([a.start(), b.start()]);
    expect(b.nextFireTime(job.jobId)).toBeNull();
    await db().update(sysJob).set({ status: '0' }).where(eq(sysJob.jobId, job.jobId));
    await a.jobChanged(job.jobId);
    expect(a.nextFireTime(job.jobId)?.getTime()).toBe(nextRunTimes('0 0 3 * * ?', 1)[0].getTime());
    await eventually(async () => b.nextFireTime(job.jobId) !== null);

    await db().update(sysJob).set({ cronExpression: '0 0 4 * * ?' }).where(eq(sysJob.jobId, job.jobId));
    await a.jobChanged(job.jobId);
    await eventually(async () => b.nextFireTime(job.jobId)?.getTime() === nextRunTimes('0 0 4 * * ?', 1)[0].getTime());

    await db().delete(sysJob).where(eq(sysJob.jobId, job.jobId));
    await a.jobChanged(job.jobId);
    await eventually(async () => b.nextFireTime(job.jobId) === null);
    await Promise.all([a.stop(), b.stop()]);
  });

  describe('misfire policies after downtime', () => {
    // A minute boundary an hour ago: the last run before the "downtime".
    const lastRun = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000;
    // The scheduler comes back 5½ minutes later: five fire times were missed.
    const restart = lastRun + 5 * 60_000 + 30_000;

    it.each([
      ['1', 5],
      ['2', 1],
      ['0', 1],
      ['3', 0],
    ])('policy %s makes up %i run(s)', async (misfirePolicy, runs) => {
      const job = await addJob({ jobName: `补跑${misfirePolicy}`, cronExpression: '0 * * * * ?', misfirePolicy });
      await db().insert(sysJobFire).values({ jobId: job.jobId, fireTime: new Date(lastRun), trigger: 'cron', state: 'D' });
      const s = scheduler({ clock: () => restart });
      await s.start();
      await s.stop();
      const made = (await claimsOf(job.jobId)).filter((c) => c.trigger === 'misfire');
      const missed = [1, 2, 3, 4, 5].map((m) => lastRun + m * 60_000);
      expect(made.map((c) => c.fireTime.getTime())).toEqual(misfirePolicy === '1' ? missed : missed.slice(5 - runs));
      expect(await logsOf(`补跑${misfirePolicy}`)).toHaveLength(runs);
      await db().update(sysJob).set({ status: '1' }).where(eq(sysJob.jobId, job.jobId));
    });

    it('a second instance starting later does not make them up again', async () => {
      const job = await addJob({ jobName: '补跑一次', cronExpression: '0 * * * * ?', misfirePolicy: '2' });
      await db().insert(sysJobFire).values({ jobId: job.jobId, fireTime: new Date(lastRun), trigger: 'cron', state: 'D' });
      const first = scheduler({ clock: () => restart, instance: 'A' });
      await first.start();
      await first.stop();
      const second = scheduler({ clock: () => restart + 5_000, instance: 'B' });
      await second.start();
      await second.stop();
      expect(await logsOf('补跑一次')).toHaveLength(1);
      await db().update(sysJob).set({ status: '1' }).where(eq(sysJob.jobId, job.jobId));
    });
  });

  it('并发执行=禁止 skips a fire time while a run of the job holds a live lease on any instance', async () => {
    const forbid = await addJob({ jobName: '禁止并发', concurrent: '1', status: '1' });
    const allow = await addJob({ jobName: '允许并发', concurrent: '0', status: '1' });
    const lease = new Date(Date.now() + LEASE_MS);
    for (const job of [forbid, allow]) {
      await db().insert(sysJobFire).values({ jobId: job.jobId, fireTime: new Date(Date.now() - 1000), trigger: 'cron', state: 'R', instance: 'other', leaseUntil: lease });
    }
    const s = scheduler();
    await s.start();
    expect(await s.runOnce(forbid.jobId)).toBe(true);
    expect(await s.runOnce(allow.jobId)).toBe(true);
    await s.stop();
    expect((await claimsOf(forbid.jobId)).map((c) => c.state)).toEqual(['R', 'S']);
    expect(await logsOf('禁止并发')).toHaveLength(0);
    expect((await claimsOf(allow.jobId)).map((c) => [c.state, c.trigger])).toEqual([['R', 'cron'], ['D', 'manual']]);
    expect(await logsOf('允许并发')).toHaveLength(1);
  });

  it('logs a run whose instance died once, as interrupted, and lets the job run again', async () => {
    const job = await addJob({ jobName: '中断', concurrent: '1', status: '1' });
    const fireTime = new Date(Date.now() - 60_000);
    await db().insert(sysJobFire).values({ jobId: job.jobId, fireTime, trigger: 'cron', state: 'R', instance: 'dead', leaseUntil: new Date(Date.now() - 1) });
    const s = scheduler();
    await s.start();
    await s.sweep();
    await s.sweep();
    const [claim] = await claimsOf(job.jobId);
    expect(claim.state).toBe('L');
    const logs = await logsOf('中断');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ status: '1', jobMessage: '中断 执行中断', jobLogId: claim.jobLogId, startTime: fireTime });
    expect(logs[0].exceptionInfo).toContain('dead');
    expect(await s.runOnce(job.jobId)).toBe(true);
    await s.stop();
    expect(await logsOf('中断')).toHaveLength(2);
  });
});

describe('job target registry', () => {
  it('has exactly one handler per target the web offers', () => {
    expect(registeredTargets().sort()).toEqual(JOB_TARGETS.map((t) => t.name).sort());
  });

  it("runs RuoYi's demo targets with their messages", async () => {
    const run = async (target: string) => {
      const resolved = resolveInvokeTarget(target);
      if (!resolved.ok) throw new Error(resolved.reason);
      return resolved.run(deps());
    };
    expect(await run('ryTask.ryNoParams')).toBe('执行无参方法');
    expect(await run("ryTask.ryParams('ry')")).toBe('执行有参方法：ry');
    expect(await run("ryTask.ryMultipleParams('ry', true, 2000L, 316.50D, 100)")).toBe('执行多参方法： 字符串类型ry，布尔类型true，长整型2000，浮点型316.5，整形100');
    expect(resolveInvokeTarget("ryTask.ryParams('https://x')")).toEqual({ ok: false, reason: "目标字符串不允许'http(s)'调用" });
    expect(resolveInvokeTarget('ryTask.nothing')).toEqual({ ok: false, reason: '目标字符串不在白名单内' });
  });

  it('logTask.cleanLogs deletes the log rows older than its days', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const recent = new Date(Date.now() - 29 * 86_400_000);
    await db().insert(sysOperLog).values([{ title: '旧', operTime: old }, { title: '新', operTime: recent }]);
    await db().insert(sysLogininfor).values([{ userName: '旧', loginTime: old }, { userName: '新', loginTime: recent }]);
    await db().insert(sysJobLog).values([
      { jobName: '旧日志', jobGroup: 'DEFAULT', invokeTarget: 'x.y', createTime: old },
      { jobName: '新日志', jobGroup: 'DEFAULT', invokeTarget: 'x.y', createTime: recent },
    ]);
    const resolved = resolveInvokeTarget('logTask.cleanLogs(30)');
    if (!resolved.ok) throw new Error(resolved.reason);
    expect(await resolved.run(deps())).toBe('删除30天前的操作日志1条、登录日志1条、调度日志1条');
    expect((await db().select().from(sysOperLog)).map((r) => r.title)).toEqual(['新']);
    expect((await db().select().from(sysLogininfor)).map((r) => r.userName)).toEqual(['新']);
    expect(await logsOf('旧日志')).toEqual([]);
  });

  it('chatTask.closeIdleConversations ends idle visitor conversations only', async () => {
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    const rows = await db()
      .insert(aiConversation)
      .values([
        { agentId: 1, channel: 'web', visitorId: 'idle', status: 'ai', createTime: at(200), lastMessageTime: at(120) },
        { agentId: 1, channel: 'web', visitorId: 'quiet', status: 'waiting', createTime: at(90) },
        { agentId: 1, channel: 'web', visitorId: 'active', status: 'human', createTime: at(200), lastMessageTime: at(5) },
        { agentId: 1, channel: 'debug', visitorId: 'debug:1', status: 'ai', createTime: at(200), lastMessageTime: at(120) },
      ])
      .returning({ id: aiConversation.conversationId });
    const resolved = resolveInvokeTarget('chatTask.closeIdleConversations(60)');
    if (!resolved.ok) throw new Error(resolved.reason);
    expect(await resolved.run(deps())).toBe('结束空闲60分钟以上的会话2个');
    const after = await db()
      .select({ visitorId: aiConversation.visitorId, status: aiConversation.status })
      .from(aiConversation)
      .where(inArray(aiConversation.conversationId, rows.map((r) => r.id)))
      .orderBy(asc(aiConversation.conversationId));
    expect(after).toEqual([
      { visitorId: 'idle', status: 'closed' },
      { visitorId: 'quiet', status: 'closed' },
      { visitorId: 'active', status: 'human' },
      { visitorId: 'debug:1', status: 'ai' },
    ]);
    expect(await resolved.run(deps())).toBe('结束空闲60分钟以上的会话0个');
  });

  it('crmTask.reclaimLeads and csDataTask.rollup report what they did', async () => {
    for (const [target, message] of [
      ['crmTask.reclaimLeads', '没有需要回收的线索'],
      ['csDataTask.rollup', /^(没有需要重算的日期|已重算.+的客服数据)$/],
    ] as const) {
      const resolved = resolveInvokeTarget(target);
      if (!resolved.ok) throw new Error(resolved.reason);
      expect(await resolved.run(deps())).toMatch(message);
    }
  });
});
