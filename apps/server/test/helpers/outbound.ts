import { eq } from 'drizzle-orm';
import { sysConfig } from '../../src/db/schema';
import { ALLOW_PRIVATE_NETWORK_KEY } from '../../src/modules/ai/model/provider-runtime';
import { evictConfigValue } from '../../src/modules/system/config/service';
import type { TestApp } from './app';

/**
 * Sets the system parameter that lets model calls reach loopback and LAN addresses: the fake OpenAI
 * server listens on 127.0.0.1, which the outbound guard refuses by default.
 */
export async function allowPrivateModels(t: Pick<TestApp, 'deps'>, allowed = true): Promise<void> {
  await t.deps.database.db.update(sysConfig).set({ configValue: String(allowed) }).where(eq(sysConfig.configKey, ALLOW_PRIVATE_NETWORK_KEY));
  await evictConfigValue(t.deps, ALLOW_PRIVATE_NETWORK_KEY);
}
