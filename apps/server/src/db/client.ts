import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DB_ASSETS_DIR } from '../paths';
import * as schema from './schema';

export const MIGRATIONS_DIR = path.join(DB_ASSETS_DIR, 'migrations');

/** One drizzle type for both drivers: everything above the driver speaks PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine when kind is 'pglite' (dumps of its data directory, for instance). */
  pglite?: PGlite;
  /** The node-postgres pool when kind is 'postgres' (its size and queue for 数据监控). */
  pool?: pg.Pool;
  /** This process's own statement timings (数据监控 falls back on them without pg_stat_statements). */
  timings: StatementTimings;
  migrate(): Promise<void>;
  /** Safe to call more than once (shutdown handlers and test teardown may both close). */
  close(): Promise<void>;
}

/** One statement shape's totals since the process started. */
export interface StatementStat {
  query: string;
  calls: number;
  totalMs: number;
  maxMs: number;
  rows: number;
}

/** Longest statement text kept; longer ones are told apart by their first this-many characters. */
const STATEMENT_TEXT_MAX = 4000;

/**
 * One text per statement shape: placeholders lose their numbers, lists of them collapse
 * (`in ($1, $2, $3)` → `in ($…)`) and so do repeated rows of a multi-row insert.
 */
export function normalizeStatement(text: string): string {
  return text
    .replace(/\$\d+/g, '$n')
    .replace(/\$n(?:\s*,\s*\$n)+/g, '$…')
    .replace(/(\([^()]*\))(?:\s*,\s*\1)+/g, '$1, …')
    .slice(0, STATEMENT_TEXT_MAX);
}

/**
 * Calls, time and rows per statement shape (normalizeStatement), bounded: at most `capacity` shapes,
 * and when a new one arrives at capacity the one with the least total time makes room.
 */
export class StatementTimings {
  private readonly stats = new Map<string, StatementStat>();
  readonly since = Date.now();

  constructor(private readonly capacity = 300) {}

  record(text: string, ms: number, rows: number): void {
    const query = normalizeStatement(text);
    let stat = this.stats.get(query);
    if (!stat) {
      if (this.stats.size >= this.capacity) this.evictCheapest();
      stat = { query, calls: 0, totalMs: 0, maxMs: 0, rows: 0 };
      this.stats.set(query, stat);
    }
    stat.calls++;
    stat.totalMs += ms;
    stat.rows += rows;
    if (ms > stat.maxMs) stat.maxMs = ms;
  }

  /** Copies of every kept statement's totals. */
  all(): StatementStat[] {
    return [...this.stats.values()].map((s) => ({ ...s }));
  }

  private evictCheapest(): void {
    let cheapest: StatementStat | undefined;
    for (const s of this.stats.values()) if (!cheapest || s.totalMs < cheapest.totalMs) cheapest = s;
    if (cheapest) this.stats.delete(cheapest.query);
  }
}

function rowsOf(result: unknown): number {
  if (typeof result !== 'object' || result === null) return 0;
  const r = result as { rowCount?: unknown; affectedRows?: unknown; rows?: unknown };
  if (typeof r.rowCount === 'number') return r.rowCount;
  if (Array.isArray(r.rows) && r.rows.length > 0) return r.rows.length;
  return typeof r.affectedRows === 'number' ? r.affectedRows : 0;
}

/** The SQL of a query() call's first argument: a string or a config object (not a Submittable such as a cursor). */
function statementText(arg: unknown): string | null {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'object' && arg !== null && !('submit' in arg) && typeof (arg as { text?: unknown }).text === 'string') {
    return (arg as { text: string }).text;
  }
  return null;
}

type AnyQuery = (...args: unknown[]) => unknown;

/**
 * Times a query function whatever its shape: pg's query() takes a trailing callback (how Pool.query
 * calls it) or returns a promise (drizzle's transactions); PGlite's always returns a promise.
 */
function timedQuery(query: AnyQuery, timings: StatementTimings): AnyQuery {
  return (...args: unknown[]) => {
    const text = statementText(args[0]);
    if (text === null) return query(...args);
    const start = performance.now();
    const done = (result?: unknown) => timings.record(text, performance.now() - start, rowsOf(result));
    const last = args.length - 1;
    const callback = args[last];
    if (last > 0 && typeof callback === 'function') {
      args[last] = (err: unknown, result: unknown) => {
        done(result);
        return (callback as AnyQuery)(err, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.then(done, () => done());
    return result;
  };
}

// Both drivers' query() are overloaded beyond what one TypeScript signature can restate; the wrapper
// keeps the call's arguments and result as they are, so the instance is patched through this view.
type Patchable = { query: AnyQuery };

function timePool(pool: pg.Pool, timings: StatementTimings): void {
  pool.on('connect', (client) => {
    const target = client as unknown as Patchable;
    target.query = timedQuery(target.query.bind(client), timings);
  });
}

function timePglite(client: PGlite, timings: StatementTimings): void {
  const target = client as unknown as Patchable;
  target.query = timedQuery(target.query.bind(client), timings);
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) =>
    transaction((tx) => {
      const t = tx as unknown as Patchable;
      t.query = timedQuery(t.query.bind(tx), timings);
      return fn(tx);
    });
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= fn());
}

export interface DatabaseOptions {
  /** postgres://… uses a node-postgres pool; otherwise PGlite is used. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  pgliteDir?: string;
  /** PGlite only: a `dumpDataDir` tarball to start from instead of running initdb (the directory must be new). */
  loadDataDir?: Blob;
}

export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 20 });
    const timings = new StatementTimings();
    timePool(pool, timings);
    // An idle connection closed by the server (restart, pg_terminate_backend) is dropped by the pool
    // and replaced on demand; without a listener the 'error' event would end the process.
    pool.on('error', () => undefined);
    // Surface a bad URL at start instead of at the first request.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      pool,
      timings,
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: once(() => pool.end()),
    };
  }
  const client = new PGlite(opts.pgliteDir ? opts.pgliteDir : 'memory://', { loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const timings = new StatementTimings();
  timePglite(client, timings);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    timings,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: once(() => client.close()),
  };
}
