import { eq, sql, type SQL } from 'drizzle-orm';
import { DOUYIN_EXPIRING_WITHIN_MS, type DouyinAuthStatus } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { aiAgent, channelAccount, channelDouyinAccount, channelDouyinApp, sysUser } from '../../../db/schema';

/**
 * How a bound account's authorisation stands now, in SQL so the list can filter on it: revoked as stored;
 * expired once the refresh token is, or once the access token is and its refresh failed (authError);
 * expiring while the refresh token has less than DOUYIN_EXPIRING_WITHIN_MS left; authorised otherwise.
 */
export function authStatusSql(now: number): SQL<DouyinAuthStatus> {
  const at = sql`${new Date(now).toISOString()}::timestamptz`;
  const soon = sql`${new Date(now + DOUYIN_EXPIRING_WITHIN_MS).toISOString()}::timestamptz`;
  const a = channelDouyinAccount;
  return sql<DouyinAuthStatus>`case
    when ${a.authStatus} = 'revoked' then 'revoked'
    when ${a.refreshExpiresTime} <= ${at} or (${a.accessExpiresTime} <= ${at} and ${a.authError} <> '') then 'expired'
    when ${a.refreshExpiresTime} <= ${soon} then 'expiring'
    else 'authorized' end`;
}

/** The console's DouyinAccountView: every column but the tokens, with the names it refers to. */
export function selectAccountViews(deps: Pick<AppDeps, 'database' | 'now'>) {
  const d = channelDouyinAccount;
  return deps.database.db
    .select({
      accountId: d.accountId,
      appId: d.appId,
      appName: channelDouyinApp.name,
      openId: d.openId,
      nickname: d.nickname,
      avatar: d.avatar,
      scopes: d.scopes,
      accessExpiresTime: d.accessExpiresTime,
      refreshExpiresTime: d.refreshExpiresTime,
      renewals: d.renewals,
      authStatus: authStatusSql(deps.now()),
      authError: d.authError,
      lastRefreshTime: d.lastRefreshTime,
      lastWebhookTime: d.lastWebhookTime,
      agentId: channelAccount.agentId,
      agentName: sql<string>`coalesce(${aiAgent.name}, '')`,
      replyPolicy: d.replyPolicy,
      staffUserId: d.staffUserId,
      staffName: sql<string>`coalesce(${sysUser.nickName}, '')`,
      status: channelAccount.status,
      remark: sql<string>`coalesce(${channelAccount.remark}, '')`,
      createTime: channelAccount.createTime,
    })
    .from(d)
    .innerJoin(channelAccount, eq(channelAccount.accountId, d.accountId))
    .innerJoin(channelDouyinApp, eq(channelDouyinApp.appId, d.appId))
    .leftJoin(aiAgent, eq(aiAgent.agentId, channelAccount.agentId))
    .leftJoin(sysUser, eq(sysUser.userId, d.staffUserId))
    .$dynamic();
}

export type DouyinAccountView = Awaited<ReturnType<ReturnType<typeof selectAccountViews>['execute']>>[number];

export async function accountView(deps: Pick<AppDeps, 'database' | 'now'>, accountId: number): Promise<DouyinAccountView | null> {
  const [row] = await selectAccountViews(deps).where(eq(channelDouyinAccount.accountId, accountId)).limit(1);
  return row ?? null;
}
