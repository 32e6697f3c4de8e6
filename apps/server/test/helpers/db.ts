import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/db/client';
import { readPreparedDump } from '../../src/db/prepared-data';
import { seedIfEmpty } from '../../src/db/seed';

/** PostgreSQL-backed tests run only where a server is configured (CI and this machine set it). */
export const postgresAvailable = Boolean(process.env.TEST_DATABASE_URL);

export type TestDatabase = Database & {
  /** A fresh temporary directory for the test's files (uploads); removed on close. */
  dataDir: string;
};

/** Runs one statement on the maintenance connection of TEST_DATABASE_URL. */
async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(): Promise<Database> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set; guard PostgreSQL tests with postgresAvailable');
  const name = `acs_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A migrated and seeded database that belongs to one test file: in-memory PGlite (started from the
 * prepared dump when it is current, which skips initdb), or with `postgres: true` a brand-new
 * database on the server of TEST_DATABASE_URL, dropped on close.
 */
export async function createTestDatabase(opts: { postgres?: boolean } = {}): Promise<TestDatabase> {
  const database = opts.postgres ? await createPostgresDatabase() : await createDatabase({ loadDataDir: readPreparedDump() });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'acs-test-'));
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
  } catch (err) {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...database,
    dataDir,
    close: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
