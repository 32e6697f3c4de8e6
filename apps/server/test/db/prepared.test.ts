import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openAppDatabase, type OpenedDatabase } from '../../src/db/open';
import { committedFingerprint, computeFingerprint, readPreparedDump } from '../../src/db/prepared-data';
import * as s from '../../src/db/schema';

describe('prepared PGlite dump', () => {
  it('was built from the current migrations, seed and PGlite version', () => {
    expect(
      committedFingerprint(),
      'src/db/prepared is stale: run `npm run db:prepare -w @acs/server` and commit src/db/prepared/',
    ).toBe(computeFingerprint());
    expect(readPreparedDump()).toBeInstanceOf(Blob);
  });
});

describe('PGlite data directory', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function open(dir: string): Promise<OpenedDatabase> {
    const opened = await openAppDatabase({ pgliteDir: dir });
    cleanups.push(() => opened.database.close());
    return opened;
  }

  it('starts a new directory from the prepared dump and keeps data across restarts', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'acs-pglite-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const dir = path.join(root, 'pglite');

    const first = await open(dir);
    expect([first.origin, first.seeded]).toEqual(['prepared', false]);
    const [{ n }] = await first.database.db.select({ n: count() }).from(s.sysMenu);
    expect(n).toBe(159);
    await first.database.db.insert(s.sysUser).values({ userName: 'kept', nickName: '留下' });
    await first.database.db.update(s.sysConfig).set({ configValue: 'false' }).where(eq(s.sysConfig.configKey, 'sys.account.captchaEnabled'));
    await first.database.close();

    const second = await open(dir);
    expect([second.origin, second.seeded]).toEqual(['existing', false]);
    const [kept] = await second.database.db.select().from(s.sysUser).where(eq(s.sysUser.userName, 'kept'));
    expect(kept.userId).toBe(100);
    const [captcha] = await second.database.db
      .select({ value: s.sysConfig.configValue })
      .from(s.sysConfig)
      .where(eq(s.sysConfig.configKey, 'sys.account.captchaEnabled'));
    expect(captcha.value).toBe('false');
  });
});
