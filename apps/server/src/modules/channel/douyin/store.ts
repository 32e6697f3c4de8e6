import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { channelAccount, channelDouyinAccount, channelDouyinApp } from '../../../db/schema';
import { decryptSecret, encryptSecret } from '../../../infra/crypto';
import { DouyinClient } from '../../../infra/douyin/client';
import { modelTarget } from '../../ai/model/provider-runtime';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'config' | 'now'>;

export type DouyinAppRow = typeof channelDouyinApp.$inferSelect;
export type DouyinAccountRow = typeof channelDouyinAccount.$inferSelect;
export type ChannelAccountRow = typeof channelAccount.$inferSelect;

/** App secrets and account tokens are sealed at rest (AES-256-GCM under ENCRYPTION_KEY) and opened per call. */
export const sealSecret = (deps: Pick<AppDeps, 'config'>, plain: string): string => encryptSecret(deps.config.encryptionKey, plain);
export const openSecret = (deps: Pick<AppDeps, 'config'>, sealed: string): string => decryptSecret(deps.config.encryptionKey, sealed);

export async function findDouyinApp(deps: Pick<AppDeps, 'database'>, appId: number): Promise<DouyinAppRow | undefined> {
  const [row] = await deps.database.db.select().from(channelDouyinApp).where(eq(channelDouyinApp.appId, appId)).limit(1);
  return row;
}

/**
 * The Open Platform client of one app. Private addresses (the local fake, an in-house proxy) are reached
 * only when the outbound parameter allows them, as for model services.
 */
export async function douyinClientFor(deps: Deps, app: DouyinAppRow): Promise<DouyinClient> {
  return new DouyinClient({
    baseUrl: app.apiBaseUrl,
    clientKey: app.clientKey,
    clientSecret: openSecret(deps, app.clientSecret),
    target: await modelTarget(deps),
    now: deps.now,
  });
}

/** A bound account with its channel row and its app, tokens still sealed. */
export interface DouyinAccountRecord {
  account: ChannelAccountRow;
  douyin: DouyinAccountRow;
  app: DouyinAppRow;
}

export async function findDouyinAccount(deps: Pick<AppDeps, 'database'>, accountId: number): Promise<DouyinAccountRecord | undefined> {
  const [row] = await deps.database.db
    .select({ account: channelAccount, douyin: channelDouyinAccount, app: channelDouyinApp })
    .from(channelDouyinAccount)
    .innerJoin(channelAccount, eq(channelAccount.accountId, channelDouyinAccount.accountId))
    .innerJoin(channelDouyinApp, eq(channelDouyinApp.appId, channelDouyinAccount.appId))
    .where(eq(channelDouyinAccount.accountId, accountId))
    .limit(1);
  return row;
}
