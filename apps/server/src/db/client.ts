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
  migrate(): Promise<void>;
  /** Safe to call more than once (shutdown handlers and test teardown may both close). */
  close(): Promise<void>;
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
    // An idle connection closed by the server (restart, pg_terminate_backend) is dropped by the pool
    // and replaced on demand; without a listener the 'error' event would end the process.
    pool.on('error', () => undefined);
    // Surface a bad URL at start instead of at the first request.
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      close: once(() => pool.end()),
    };
  }
  const client = new PGlite(opts.pgliteDir ? opts.pgliteDir : 'memory://', { loadDataDir: opts.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: once(() => client.close()),
  };
}
