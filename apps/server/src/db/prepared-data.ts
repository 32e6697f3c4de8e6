import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DB_ASSETS_DIR } from '../paths';
import { MIGRATIONS_DIR } from './client';

const SEED_DIR = path.join(DB_ASSETS_DIR, 'seed');

/** A migrated and seeded PGlite data directory, committed so a first start can skip initdb (see scripts/prepare-db.ts). */
export const PREPARED_DIR = path.join(DB_ASSETS_DIR, 'prepared');
export const PREPARED_TARBALL = path.join(PREPARED_DIR, 'seeded.tar.gz');
export const PREPARED_FINGERPRINT = path.join(PREPARED_DIR, 'fingerprint.txt');

function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(keep)
    .map((rel) => rel.split(path.sep).join('/'))
    .sort();
}

/**
 * Identifies what the prepared dump was built from: the migrations, the seed sources and the PGlite
 * version (its data directory format). Line endings are normalised so a checkout on Windows agrees.
 */
export function computeFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(`pglite ${pgliteVersion()}\n`);
  const sources: [string, string[]][] = [
    [MIGRATIONS_DIR, filesUnder(MIGRATIONS_DIR, (f) => f.endsWith('.sql') || f.endsWith('_journal.json'))],
    [SEED_DIR, filesUnder(SEED_DIR, (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))],
  ];
  for (const [dir, files] of sources) {
    for (const rel of files) {
      const text = readFileSync(path.join(dir, rel), 'utf8').replace(/\r\n/g, '\n');
      hash.update(`${path.basename(dir)}/${rel}\n${text}\n`);
    }
  }
  return hash.digest('hex');
}

export function committedFingerprint(): string | undefined {
  return existsSync(PREPARED_FINGERPRINT) ? readFileSync(PREPARED_FINGERPRINT, 'utf8').trim() : undefined;
}

/** The prepared dump, or undefined when it is missing or was built from other migrations/seed. */
export function readPreparedDump(): Blob | undefined {
  if (!existsSync(PREPARED_TARBALL) || committedFingerprint() !== computeFingerprint()) return undefined;
  return new Blob([readFileSync(PREPARED_TARBALL)]);
}
