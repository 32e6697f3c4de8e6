import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { openAppDatabase } from '../../src/db/open';
import * as s from '../../src/db/schema';

// A stale or missing dump must never block a start: the directory is then created by initdb and seeded.
vi.mock('../../src/db/prepared-data', () => ({ readPreparedDump: () => undefined }));

it('initialises, migrates and seeds a new directory when no current dump exists', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'acs-pglite-'));
  try {
    const opened = await openAppDatabase({ pgliteDir: path.join(root, 'pglite') });
    try {
      expect([opened.origin, opened.seeded]).toEqual(['initdb', true]);
      const [{ n }] = await opened.database.db.select({ n: count() }).from(s.sysUser);
      expect(n).toBe(2);
    } finally {
      await opened.database.close();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
