import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { parseCron, type CronSchedule } from '@acs/shared/cron';
import { JobConcurrent, JobLogStatus, JobStatus, MisfirePolicy } from '@acs/shared/job';
import { and, eq, gt, lt, max, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Unsubscribe } from '../../../infra/pubsub';
import { sysJob, sysJobFire, sysJobLog } from '../../../db/schema';
import { resolveInvokeTarget, type ResolvedTarget } from './registry';
import type { TaskDeps } from './tasks';

/** Every instance hears of a job added, changed or deleted on any instance here. */
export const JOB_CHANGED_CHANNEL = 'monitor:job:changed';
/** A fire time this late is a misfire, handled by the job's policy rather than run as usual. */
export const MISFIRE_THRESHOLD_MS = 10_000;
/** A running claim whose lease is this old belongs to an instance that died. */
export const LEASE_MS = 15_000;
const RENEW_MS = LEASE_MS / 3;
/** How often an instance looks for lost runs and re-reads the jobs (in case an event was missed). */
export const SWEEP_MS = 5_000;
/** Fire times missed longer ago than this are forgotten (a server down for a week does not replay it). */
const CATCH_UP_WINDOW_MS = 86_400_000;
/** Missed runs made up at most by policy '1'. */
export const CATCH_UP_MAX = 100;
const PRUNE_EVERY_MS = 600_000;
const PRUNE_AFTER_MS = 86_400_000;
/** Node timers hold 32-bit delays; a far fire time is approached in steps. */
const MAX_TIMER_MS = 3_600_000;
const MESSAGE_MAX = 500;
const EXCEPTION_MAX = 2000;

type JobRow = typeof sysJob.$inferSelect;
type Trigger = 'cron' | 'misfire' | 'manual';

interface Planned {
  row: JobRow;
  /** null: the expression is not valid, so the job never fires. */
  schedule: CronSchedule | null;
  /** Every fire time up to here has been dealt with by this instance (run, or left to another one). */
  cursor: number;
  timer: NodeJS.Timeout | null;
}

export interface SchedulerOptions {
  log: FastifyBaseLogger;
  /** The app's background tasks, so shutdown waits for a run to write its log. */
  track?: (task: Promise<void>) => void;
  /** Wall-clock time for fire times and leases (tests of business rules move deps.now, not this). */
  clock?: () => number;
  instance?: string;
}

const compile = (expression: string): CronSchedule | null => {
  try {
    return parseCron(expression);
  } catch {
    return null;
  }
};

const errorText = (err: unknown) => (err instanceof Error ? (err.stack ?? err.message) : String(err)).slice(0, EXCEPTION_MAX);

/** Which of the missed fire times run, per sys_job.misfire_policy (docs/jobs.md). */
function missedToRun(policy: string, missed: number[]): number[] {
  if (missed.length === 0) return [];
  if (policy === MisfirePolicy.IGNORE_MISFIRES) return missed;
  if (policy === MisfirePolicy.DO_NOTHING) return [];
  // '2', and '0' as Quartz's smart policy for cron triggers: fire once now.
  return [missed[missed.length - 1]];
}

const sameSchedule = (a: JobRow, b: JobRow) =>
  a.cronExpression === b.cronExpression && a.status === b.status && a.misfirePolicy === b.misfirePolicy;

/**
 * Runs the sys_job rows on their cron in every server instance; a fire time runs on exactly one of them:
 * each instance tries to insert the (job, fire time) claim into sys_job_fire and only the one whose insert
 * went in runs it. Non-concurrent jobs take their claim under a per-job advisory lock and skip a fire time
 * while a run of theirs (on any instance) holds a live lease. See docs/jobs.md.
 */
export class JobScheduler {
  readonly instance: string;
  private readonly jobs = new Map<number, Planned>();
  private readonly running = new Set<Promise<void>>();
  private readonly clock: () => number;
  /** Changes to the plan happen one at a time (events, the sweep and API calls may overlap). */
  private queue: Promise<void> = Promise.resolve();
  private stopped = true;
  private sweepTimer: NodeJS.Timeout | null = null;
  private unsubscribe: Unsubscribe | null = null;
  private lastPrune = 0;

  constructor(
    private readonly deps: TaskDeps,
    private readonly opts: SchedulerOptions,
  ) {
    this.clock = opts.clock ?? Date.now;
    this.instance = opts.instance ?? `${hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.unsubscribe = this.deps.pubsub.subscribe(JOB_CHANGED_CHANNEL, (event) => {
      const { jobId, instance } = (event ?? {}) as { jobId?: unknown; instance?: unknown };
      if (instance === this.instance || typeof jobId !== 'number') return;
      this.background(this.serial(() => this.reloadJob(jobId)));
    });
    await this.unsubscribe.ready;
    await this.serial(() => this.syncAll(true));
    this.sweepTimer = setInterval(() => this.background(this.sweep()), SWEEP_MS);
    // The scheduler alone must not keep a process (or a test run) alive.
    this.sweepTimer.unref();
  }

  /** Stops firing and waits for the runs in progress to finish and write their log. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.unsubscribe?.();
    for (const planned of this.jobs.values()) if (planned.timer) clearTimeout(planned.timer);
    this.jobs.clear();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /**
   * After the API changed or deleted a job: this instance applies it before answering, the others hear of it.
   */
  async jobChanged(jobId: number): Promise<void> {
    await this.serial(() => this.reloadJob(jobId));
    await this.deps.pubsub.publish(JOB_CHANGED_CHANNEL, { jobId, instance: this.instance });
  }

  /**
   * 执行一次: runs the job now on this instance, whatever its status. False when the job does not exist or its
   * expression has no fire time left (RuoYi's "任务不存在或已过期！").
   */
  async runOnce(jobId: number): Promise<boolean> {
    const [row] = await this.deps.database.db.select().from(sysJob).where(eq(sysJob.jobId, jobId)).limit(1);
    const now = this.clock();
    if (!row || !compile(row.cronExpression)?.next(new Date(now))) return false;
    this.background(this.fire(row, now, 'manual'));
    return true;
  }

  /** The next fire time of a scheduled, running job (tests and diagnostics). */
  nextFireTime(jobId: number): Date | null {
    const planned = this.jobs.get(jobId);
    if (!planned?.schedule || planned.row.status !== JobStatus.NORMAL) return null;
    return planned.schedule.next(new Date(planned.cursor));
  }

  private serial(change: () => Promise<void>): Promise<void> {
    const next = this.queue.then(change, change);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private background(task: Promise<void>): void {
    const guarded = task.catch((err: unknown) => this.opts.log.error({ err }, 'scheduled job bookkeeping failed'));
    this.running.add(guarded);
    void guarded.finally(() => this.running.delete(guarded));
    this.opts.track?.(guarded);
  }

  private async syncAll(startup: boolean): Promise<void> {
    const rows = await this.deps.database.db.select().from(sysJob);
    if (this.stopped) return;
    const present = new Set(rows.map((r) => r.jobId));
    for (const jobId of [...this.jobs.keys()]) if (!present.has(jobId)) this.unschedule(jobId);
    for (const row of rows) await this.apply(row, startup);
  }

  private async reloadJob(jobId: number): Promise<void> {
    const [row] = await this.deps.database.db.select().from(sysJob).where(eq(sysJob.jobId, jobId)).limit(1);
    if (this.stopped) return;
    if (row) await this.apply(row, false);
    else this.unschedule(jobId);
  }

  private unschedule(jobId: number): void {
    const planned = this.jobs.get(jobId);
    if (planned?.timer) clearTimeout(planned.timer);
    this.jobs.delete(jobId);
  }

  /** The last cron or misfire fire time claimed by any instance: where a restarted scheduler resumes. */
  private async lastFireTime(jobId: number): Promise<number | null> {
    const [row] = await this.deps.database.db
      .select({ last: max(sysJobFire.fireTime) })
      .from(sysJobFire)
      .where(and(eq(sysJobFire.jobId, jobId), ne(sysJobFire.trigger, 'manual')));
    return row?.last ? row.last.getTime() : null;
  }

  /**
   * (Re)plans one job. A new or edited expression starts from now (as Quartz does for a new trigger);
   * at start-up the job resumes after the last fire time any instance claimed, and a paused job keeps
   * its cursor, so the fire times missed meanwhile go to the misfire policy.
   */
  private async apply(row: JobRow, startup: boolean): Promise<void> {
    const old = this.jobs.get(row.jobId);
    if (old && sameSchedule(old.row, row)) {
      old.row = row;
      return;
    }
    const now = this.clock();
    let cursor = now;
    if (old && old.row.cronExpression === row.cronExpression) cursor = old.cursor;
    else if (!old && startup) cursor = Math.max((await this.lastFireTime(row.jobId)) ?? now, now - CATCH_UP_WINDOW_MS);
    if (this.stopped) return;
    this.unschedule(row.jobId);
    const planned: Planned = { row, schedule: compile(row.cronExpression), cursor, timer: null };
    this.jobs.set(row.jobId, planned);
    if (row.status === JobStatus.NORMAL) this.tick(planned);
  }

  /** Runs what is due (or missed) since the cursor, then sleeps until the next fire time. */
  private tick(planned: Planned): void {
    planned.timer = null;
    const { schedule, row } = planned;
    if (this.stopped || !schedule || this.jobs.get(row.jobId) !== planned || row.status !== JobStatus.NORMAL) return;
    const now = this.clock();
    const missed: number[] = [];
    const onTime: number[] = [];
    for (let t = schedule.next(new Date(planned.cursor)); t && t.getTime() <= now; t = schedule.next(t)) {
      if (t.getTime() >= now - MISFIRE_THRESHOLD_MS) onTime.push(t.getTime());
      else {
        missed.push(t.getTime());
        if (missed.length > CATCH_UP_MAX) missed.shift();
      }
    }
    planned.cursor = Math.max(planned.cursor, now);
    const fires: [number, Trigger][] = [
      ...missedToRun(row.misfirePolicy, missed).map((t): [number, Trigger] => [t, 'misfire']),
      ...onTime.map((t): [number, Trigger] => [t, 'cron']),
    ];
    if (fires.length > 0) {
      this.background(
        (async () => {
          for (const [fireTime, trigger] of fires) await this.fire(row, fireTime, trigger);
        })(),
      );
    }
    const next = schedule.next(new Date(planned.cursor));
    if (!next) return;
    planned.timer = setTimeout(() => this.tick(planned), Math.min(Math.max(next.getTime() - now, 0), MAX_TIMER_MS));
    planned.timer.unref();
  }

  /** Claims the fire time; the instance whose claim went in runs the job and writes its log. */
  private async fire(row: JobRow, fireTime: number, trigger: Trigger): Promise<void> {
    if (!(await this.claim(row, fireTime, trigger))) return;
    await this.execute(row, fireTime, resolveInvokeTarget(row.invokeTarget));
  }

  private async claim(row: JobRow, fireTime: number, trigger: Trigger): Promise<boolean> {
    const now = this.clock();
    const values = {
      jobId: row.jobId,
      fireTime: new Date(fireTime),
      trigger,
      state: 'R',
      instance: this.instance,
      leaseUntil: new Date(now + LEASE_MS),
    };
    return this.deps.database.db.transaction(async (tx) => {
      if (row.concurrent === JobConcurrent.FORBID) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sys_job:${row.jobId}`}, 0))`);
        const [busy] = await tx
          .select({ jobId: sysJobFire.jobId })
          .from(sysJobFire)
          .where(and(eq(sysJobFire.jobId, row.jobId), eq(sysJobFire.state, 'R'), gt(sysJobFire.leaseUntil, new Date(now))))
          .limit(1);
        if (busy) {
          await tx.insert(sysJobFire).values({ ...values, state: 'S', leaseUntil: null }).onConflictDoNothing();
          return false;
        }
      }
      const claimed = await tx.insert(sysJobFire).values(values).onConflictDoNothing().returning({ jobId: sysJobFire.jobId });
      return claimed.length > 0;
    });
  }

  private claimKey(jobId: number, fireTime: number) {
    return and(eq(sysJobFire.jobId, jobId), eq(sysJobFire.fireTime, new Date(fireTime)), eq(sysJobFire.instance, this.instance));
  }

  private async execute(row: JobRow, fireTime: number, target: ResolvedTarget): Promise<void> {
    const { db } = this.deps.database;
    const renew = setInterval(() => {
      db.update(sysJobFire)
        .set({ leaseUntil: new Date(this.clock() + LEASE_MS) })
        .where(and(this.claimKey(row.jobId, fireTime), eq(sysJobFire.state, 'R')))
        .catch((err: unknown) => this.opts.log.error({ err, jobId: row.jobId }, 'job lease renewal failed'));
    }, RENEW_MS);
    renew.unref();
    const start = this.clock();
    let message = '';
    let failure: string | null = null;
    try {
      if (!target.ok) throw new Error(target.reason);
      message = await target.run(this.deps);
    } catch (err) {
      failure = errorText(err);
    } finally {
      clearInterval(renew);
    }
    const end = this.clock();
    const result = {
      jobName: row.jobName,
      jobGroup: row.jobGroup,
      invokeTarget: row.invokeTarget,
      jobMessage: `${row.jobName} 总共耗时：${end - start}毫秒${message ? `，${message}` : ''}`.slice(0, MESSAGE_MAX),
      status: failure === null ? JobLogStatus.SUCCESS : JobLogStatus.FAIL,
      exceptionInfo: failure ?? '',
      startTime: new Date(start),
      endTime: new Date(end),
      createTime: new Date(end),
    };
    await db.transaction(async (tx) => {
      const [claim] = await tx.select().from(sysJobFire).where(this.claimKey(row.jobId, fireTime)).for('update');
      // Declared lost while it still ran (a stalled instance): the interrupted entry gets the real outcome.
      if (claim?.state === 'L' && claim.jobLogId !== null) {
        await tx.update(sysJobLog).set(result).where(eq(sysJobLog.jobLogId, claim.jobLogId));
        await tx.update(sysJobFire).set({ state: 'D' }).where(this.claimKey(row.jobId, fireTime));
        return;
      }
      const [log] = await tx.insert(sysJobLog).values(result).returning({ jobLogId: sysJobLog.jobLogId });
      await tx.update(sysJobFire).set({ state: 'D', leaseUntil: null, jobLogId: log.jobLogId }).where(this.claimKey(row.jobId, fireTime));
    });
    if (failure !== null) this.opts.log.warn({ jobId: row.jobId, jobName: row.jobName }, 'scheduled job failed');
  }

  /** What runs every SWEEP_MS: lost runs logged, the plan re-read, old claims pruned now and then. */
  async sweep(): Promise<void> {
    if (this.stopped) return;
    await this.recoverLost();
    await this.serial(() => this.syncAll(false));
    const now = this.clock();
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.prune(now);
    }
  }

  /** Runs whose instance stopped renewing their lease: logged once, as interrupted, by whoever sees them first. */
  private async recoverLost(): Promise<void> {
    const now = new Date(this.clock());
    await this.deps.database.db.transaction(async (tx) => {
      const lost = await tx
        .update(sysJobFire)
        .set({ state: 'L', leaseUntil: null })
        .where(and(eq(sysJobFire.state, 'R'), lt(sysJobFire.leaseUntil, now)))
        .returning();
      for (const claim of lost) {
        const [job] = await tx.select().from(sysJob).where(eq(sysJob.jobId, claim.jobId)).limit(1);
        if (!job) continue;
        const [log] = await tx
          .insert(sysJobLog)
          .values({
            jobName: job.jobName,
            jobGroup: job.jobGroup,
            invokeTarget: job.invokeTarget,
            jobMessage: `${job.jobName} 执行中断`,
            status: JobLogStatus.FAIL,
            exceptionInfo: `执行该任务的服务实例（${claim.instance}）在运行中退出，结果未知`,
            startTime: claim.fireTime,
            endTime: now,
            createTime: now,
          })
          .returning({ jobLogId: sysJobLog.jobLogId });
        await tx
          .update(sysJobFire)
          .set({ jobLogId: log.jobLogId })
          .where(and(eq(sysJobFire.jobId, claim.jobId), eq(sysJobFire.fireTime, claim.fireTime)));
      }
    });
  }

  /** Old claims go; each job's latest stays, as the point a restarted scheduler resumes from. */
  private async prune(now: number): Promise<void> {
    await this.deps.database.db.execute(sql`
      delete from ${sysJobFire} f
      where f.fire_time < ${new Date(now - PRUNE_AFTER_MS)} and f.state <> 'R'
        and f.fire_time < (select max(g.fire_time) from ${sysJobFire} g where g.job_id = f.job_id)`);
  }
}
