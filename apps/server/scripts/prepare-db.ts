/**
 * Builds src/db/prepared/seeded.tar.gz: a migrated and seeded PGlite data directory that a first start
 * loads instead of running initdb. Re-run (`npm run db:prepare -w @acs/server`) after changing the
 * migrations, the seed or the PGlite version; a test fails while the committed fingerprint is stale.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase } from '../src/db/client';
import { computeFingerprint, PREPARED_DIR, PREPARED_FINGERPRINT, PREPARED_TARBALL } from '../src/db/prepared-data';
import { seedIfEmpty } from '../src/db/seed';

async function prepare(): Promise<void> {
  const started = Date.now();
  const database = await createDatabase({});
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    if (!database.pglite) throw new Error('prepare-db needs the embedded PGlite engine');
    const dump = await database.pglite.dumpDataDir('gzip');
    mkdirSync(PREPARED_DIR, { recursive: true });
    writeFileSync(PREPARED_TARBALL, Buffer.from(await dump.arrayBuffer()));
    writeFileSync(PREPARED_FINGERPRINT, `${computeFingerprint()}\n`);
    process.stdout.write(`wrote ${path.relative(process.cwd(), PREPARED_TARBALL)} (${dump.size} bytes) in ${Date.now() - started} ms\n`);
  } finally {
    await database.close();
  }
}

prepare().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
