/**
 * Creates the e2e server's data directory from scratch: migrated, seeded, and with the login captcha
 * switched off and private model addresses allowed in sys_config, the same switches an operator flips in 参数设置 (sys.account.captchaEnabled).
 * Nothing in the product knows it is under test; the captcha endpoints themselves are covered by API tests.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openAppDatabase } from '../apps/server/src/db/open';
import { sysConfig } from '../apps/server/src/db/schema';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR must name the e2e data directory');

rmSync(dataDir, { recursive: true, force: true });
// PGlite creates only the last level of its directory.
mkdirSync(dataDir, { recursive: true });
const { database } = await openAppDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
try {
  await database.db
    .update(sysConfig)
    .set({ configValue: 'false' })
    .where(eq(sysConfig.configKey, 'sys.account.captchaEnabled'));
  // The fake model servers of the specs listen on 127.0.0.1, as a LAN model would on a private address.
  await database.db
    .update(sysConfig)
    .set({ configValue: 'true' })
    .where(eq(sysConfig.configKey, 'ai.model.allowPrivateNetwork'));
} finally {
  await database.close();
}
console.log(`e2e data directory ready: ${dataDir} (captcha off, private model addresses allowed)`);
