import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app';
import { RedisKv } from '../../infra/kv';

/** A dependency that does not answer within this time counts as down (a probe must not hang). */
export const CHECK_TIMEOUT_MS = 2_000;

export type Status = 'UP' | 'DOWN';

export interface Readiness {
  status: Status;
  /** One entry per dependency checked; only its state, never an error text (it may hold addresses). */
  components: Record<string, { status: Status }>;
}

async function answers(check: () => Promise<unknown>): Promise<Status> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'UP';
  } catch {
    return 'DOWN';
  } finally {
    clearTimeout(timer);
  }
}

/** The database always; Redis when the server runs with REDIS_URL. Checked in parallel. */
export async function readiness(deps: Pick<AppDeps, 'database' | 'kv'>): Promise<Readiness> {
  const { kv } = deps;
  const checks: Record<string, () => Promise<unknown>> = {
    db: () => deps.database.db.execute(sql`select 1`),
    ...(kv instanceof RedisKv ? { redis: () => kv.redis.ping() } : {}),
  };
  const names = Object.keys(checks);
  const states = await Promise.all(names.map((name) => answers(checks[name])));
  const components = Object.fromEntries(names.map((name, i) => [name, { status: states[i] }]));
  return { status: states.every((s) => s === 'UP') ? 'UP' : 'DOWN', components };
}
