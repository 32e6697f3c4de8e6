import { and, asc, eq, gt, lt, lte, ne, or } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { channelDouyinAccount } from '../../../db/schema';
import { DOUYIN_TOKEN_LIFETIMES } from '../../../infra/douyin/constants';
import { DouyinError } from '../../../infra/douyin/errors';
import { douyinClientFor, findDouyinAccount, openSecret, sealSecret } from './store';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'config' | 'now'>;

const DAY = 24 * 3600_000;

/**
 * When the refresh job acts (docs/channels.md): an access token (15 days) is refreshed in its last 2 days;
 * a refresh token (30 days) is renewed in its last 5, which is before DOUYIN_EXPIRING_WITHIN_MS (3 days), so
 * an account only shows 即将过期 once its 5 renewals are used up and the owner has to scan again.
 */
export const DOUYIN_REFRESH = {
  accessWithinMs: 2 * DAY,
  renewWithinMs: 5 * DAY,
  /** Accounts per run; the rest are due at the next run (every 30 minutes). */
  batch: 200,
  /** Longest a refresh holds its account: two platform calls with their timeouts, and room to spare. */
  lockMs: 60_000,
} as const;

export type RefreshOutcome =
  | { type: 'refreshed' }
  /** The platform refused: `revoked` when the authorisation is gone for good (the owner must scan again). */
  | { type: 'failed'; error: DouyinError; revoked: boolean }
  /** Another refresh of the account is under way (this or another instance). */
  | { type: 'busy' }
  | { type: 'missing' };

const LOCK_KEY = 'douyin_refresh:';

/**
 * Renewing a refresh token ends the old one, so two refreshes of one account at once would leave one of them
 * holding a dead token: a lock in the key-value store (shared by instances under Redis) keeps them apart.
 */
async function withAccountLock<T>(deps: Deps, accountId: number, run: () => Promise<T>): Promise<T | null> {
  const key = `${LOCK_KEY}${accountId}`;
  if ((await deps.kv.incr(key, DOUYIN_REFRESH.lockMs)) !== 1) return null;
  try {
    return await run();
  } finally {
    await deps.kv.del(key);
  }
}

/** A wrong app secret is the app's fault, fixed in 抖音配置: its accounts stay authorised. */
const endsAuthorisation = (error: DouyinError) => error.kind === 'auth' && error.reason !== 'wrong_app';

/**
 * Brings one account's tokens up to date: renews the refresh token when due (renewals left), refreshes the
 * access token when due or when `force`d (the console's 刷新令牌). What succeeded is kept even when a later
 * step fails; a failure is written to authError (cleared by the next success) and an authorisation the
 * platform says is gone marks the account revoked. Transient failures change nothing else: the next run retries.
 */
export async function refreshDouyinAccount(deps: Deps, accountId: number, opts: { force: boolean }): Promise<RefreshOutcome> {
  const outcome = await withAccountLock(deps, accountId, async (): Promise<RefreshOutcome> => {
    const record = await findDouyinAccount(deps, accountId);
    if (!record) return { type: 'missing' };
    const { douyin } = record;
    const client = await douyinClientFor(deps, record.app);
    const now = deps.now();
    const changes: Partial<typeof channelDouyinAccount.$inferInsert> = {};
    let refreshToken = openSecret(deps, douyin.refreshToken);
    let error: DouyinError | null = null;
    try {
      if (douyin.refreshExpiresTime.getTime() - now <= DOUYIN_REFRESH.renewWithinMs && douyin.renewals < DOUYIN_TOKEN_LIFETIMES.maxRefreshTokenRenewals) {
        const renewed = await client.renewRefreshToken(refreshToken);
        refreshToken = renewed.refreshToken;
        Object.assign(changes, { refreshToken: sealSecret(deps, refreshToken), refreshExpiresTime: renewed.refreshTokenExpiresAt, renewals: douyin.renewals + 1 });
      }
      if (opts.force || douyin.accessExpiresTime.getTime() - now <= DOUYIN_REFRESH.accessWithinMs) {
        const tokens = await client.refreshAccessToken(refreshToken);
        // The refresh token and its expiry do not move on this call (vendor page 刷新 access_token).
        Object.assign(changes, {
          accessToken: sealSecret(deps, tokens.accessToken),
          accessExpiresTime: tokens.accessTokenExpiresAt,
          ...(tokens.scopes.length ? { scopes: tokens.scopes.join(',') } : {}),
        });
      }
    } catch (err) {
      if (!(err instanceof DouyinError)) throw err;
      error = err;
    }
    const revoked = error !== null && endsAuthorisation(error);
    await deps.database.db
      .update(channelDouyinAccount)
      .set({
        ...changes,
        ...(Object.keys(changes).length ? { lastRefreshTime: new Date(now) } : {}),
        ...(error ? { authError: error.message } : { authError: '', authStatus: 'authorized' }),
        ...(revoked ? { authStatus: 'revoked' } : {}),
      })
      .where(eq(channelDouyinAccount.accountId, accountId));
    return error ? { type: 'failed', error, revoked } : { type: 'refreshed' };
  });
  return outcome ?? { type: 'busy' };
}

/** Accounts whose access token or refresh token is due, not revoked and not past saving. */
async function dueAccounts(deps: Deps): Promise<number[]> {
  const now = deps.now();
  const a = channelDouyinAccount;
  const rows = await deps.database.db
    .select({ accountId: a.accountId })
    .from(a)
    .where(
      and(
        ne(a.authStatus, 'revoked'),
        gt(a.refreshExpiresTime, new Date(now)),
        or(
          lte(a.accessExpiresTime, new Date(now + DOUYIN_REFRESH.accessWithinMs)),
          and(lte(a.refreshExpiresTime, new Date(now + DOUYIN_REFRESH.renewWithinMs)), lt(a.renewals, DOUYIN_TOKEN_LIFETIMES.maxRefreshTokenRenewals)),
        ),
      ),
    )
    .orderBy(asc(a.accessExpiresTime))
    .limit(DOUYIN_REFRESH.batch);
  return rows.map((r) => r.accountId);
}

/** The 抖音令牌刷新 job (channelTask.refreshDouyinTokens): its counts are the job log's message. */
export async function refreshDouyinTokens(deps: Deps): Promise<string> {
  const due = await dueAccounts(deps);
  if (due.length === 0) return '没有需要刷新的抖音令牌';
  const counts = { refreshed: 0, failed: 0, revoked: 0, busy: 0 };
  for (const accountId of due) {
    const outcome = await refreshDouyinAccount(deps, accountId, { force: false });
    if (outcome.type === 'refreshed') counts.refreshed++;
    else if (outcome.type === 'busy') counts.busy++;
    else if (outcome.type === 'failed') {
      counts.failed++;
      if (outcome.revoked) counts.revoked++;
    }
  }
  return `刷新抖音令牌${due.length}个账号：成功${counts.refreshed}个，失败${counts.failed}个（其中授权已失效${counts.revoked}个），正在由其他任务刷新${counts.busy}个`;
}
