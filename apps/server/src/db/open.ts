import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDatabase, type Database } from './client';
import { readPreparedDump } from './prepared-data';
import { seedIfEmpty } from './seed';

export interface OpenedDatabase {
  database: Database;
  /** How the storage came to be: an existing PGlite directory, the prepared dump, a fresh initdb, or PostgreSQL. */
  origin: 'existing' | 'prepared' | 'initdb' | 'postgres';
  /** Whether this start wrote the seed rows. */
  seeded: boolean;
}

/**
 * Start-up sequence for the application database: open, migrate, seed when empty.
 * A new PGlite directory starts from the committed prepared dump when it matches the current
 * migrations and seed, which skips initdb (the slow part of a first start).
 */
export async function openAppDatabase(opts: { url?: string; pgliteDir: string }): Promise<OpenedDatabase> {
  let origin: OpenedDatabase['origin'] = 'postgres';
  let loadDataDir: Blob | undefined;
  if (!opts.url) {
    const exists = existsSync(path.join(opts.pgliteDir, 'PG_VERSION'));
    loadDataDir = exists ? undefined : readPreparedDump();
    origin = exists ? 'existing' : loadDataDir ? 'prepared' : 'initdb';
  }
  const database = await createDatabase({ url: opts.url, pgliteDir: opts.pgliteDir, loadDataDir });
  try {
    await database.migrate();
    const seeded = await seedIfEmpty(database.db);
    return { database, origin, seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}
