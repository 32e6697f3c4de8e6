import { and, eq } from 'drizzle-orm';
import type { BossRunConfig } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { channelAccount, channelBossAccount } from '../../../db/schema';

/** The recruiter account a connector key belongs to, as the connector routes need it. */
export interface ConnectorAccount {
  accountId: number;
  keyId: string;
  recruiterName: string;
  company: string;
  /** The account's agent (a job's own agent wins for its candidates). */
  agentId: number | null;
  paused: boolean;
  runConfig: BossRunConfig;
}

const fields = {
  accountId: channelBossAccount.accountId,
  keyId: channelBossAccount.keyId,
  keySecret: channelBossAccount.keySecret,
  recruiterName: channelBossAccount.recruiterName,
  company: channelBossAccount.company,
  agentId: channelAccount.agentId,
  paused: channelBossAccount.paused,
  runConfig: channelBossAccount.runConfig,
};

/**
 * The enabled account holding this key id, its secret still sealed; undefined for an unknown or
 * rotated key and for a disabled account (both answer 401 alike).
 */
export async function accountByKey(deps: Pick<AppDeps, 'database'>, keyId: string) {
  const [row] = await deps.database.db
    .select(fields)
    .from(channelBossAccount)
    .innerJoin(channelAccount, eq(channelAccount.accountId, channelBossAccount.accountId))
    .where(and(eq(channelBossAccount.keyId, keyId), eq(channelAccount.status, '0')))
    .limit(1);
  if (!row?.keySecret || !row.keyId) return undefined;
  const { keySecret, keyId: id, ...rest } = row;
  return { account: { ...rest, keyId: id } satisfies ConnectorAccount, sealedSecret: keySecret };
}

/** The account as it is now (a long poll re-reads it: staff may pause it or change its window meanwhile). */
export async function reloadAccount(deps: Pick<AppDeps, 'database'>, account: ConnectorAccount): Promise<ConnectorAccount | undefined> {
  return (await accountByKey(deps, account.keyId))?.account;
}
