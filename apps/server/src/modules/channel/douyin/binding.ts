import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { channelAccount, channelDouyinAccount } from '../../../db/schema';
import type { DouyinClient } from '../../../infra/douyin/client';
import { DouyinError } from '../../../infra/douyin/errors';
import type { DouyinTokens, DouyinUserInfo } from '../../../infra/douyin/oauth';
import { agentExists } from '../dyConfig/accounts';
import { consumeState } from './links';
import { douyinClientFor, findDouyinApp, sealSecret, type DouyinAppRow } from './store';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'config' | 'now'>;

export type BindOutcome = 'bound' | 'already' | 'expired' | 'refused' | 'failed';

export interface BindResult {
  result: BindOutcome;
  nickname?: string;
  avatar?: string;
  /** The sentence /dyLogin shows. */
  message: string;
}

export const BindMsg = {
  bound: (nickname: string) => `抖音账号「${nickname}」绑定成功，可以关闭本页面`,
  already: (nickname: string) => `抖音账号「${nickname}」此前已绑定，授权已更新`,
  EXPIRED: '授权链接已过期或已使用，请重新打开绑定链接并扫码',
  REFUSED: '您已拒绝授权，账号未绑定；如需绑定，请重新扫码并同意授权',
  INVALID: '授权链接无效，请向管理员重新获取绑定链接',
  NO_CODE: '未收到抖音的授权结果，请重新扫码授权',
  APP_UNAVAILABLE: '抖音应用不存在或已停用，请联系管理员',
} as const;

/** What the platform's callback brought back to /dyLogin. */
export interface BindCallback {
  state: string;
  code?: string;
  error?: string;
}

/** The app a link names, when it is still there and enabled. */
export async function enabledDouyinApp(deps: Pick<AppDeps, 'database'>, appId: number): Promise<DouyinAppRow | null> {
  const app = await findDouyinApp(deps, appId);
  return app && app.status === '0' ? app : null;
}

/**
 * The nickname shown everywhere: the profile's, or the end of the open_id when the owner did not grant
 * user_info (the binding works without it; messages need only im.direct_message).
 */
async function profileOf(client: DouyinClient, tokens: DouyinTokens): Promise<Pick<DouyinUserInfo, 'nickname' | 'avatar'>> {
  try {
    const info = await client.userInfo(tokens.accessToken, tokens.openId);
    return { nickname: info.nickname, avatar: info.avatar };
  } catch (err) {
    if (!(err instanceof DouyinError) || err.reason !== 'no_permission') throw err;
    return { nickname: '', avatar: '' };
  }
}

const fallbackName = (openId: string) => `抖音账号${openId.slice(-6)}`;

/** The link's agent, when it still exists: a deleted agent leaves the account to be assigned in 抖音配置. */
const linkAgent = async (deps: Deps, agentId: number | undefined): Promise<number | null> =>
  agentId !== undefined && (await agentExists(deps, agentId)) ? agentId : null;

/**
 * Stores the account or, when this open_id is bound to the app already, gives it the new tokens (the owner
 * scanned again: the renewal count starts over). Serialised per app and open_id across instances, so two
 * callbacks of one owner never make two accounts.
 */
async function storeAccount(deps: Deps, app: DouyinAppRow, tokens: DouyinTokens, profile: Pick<DouyinUserInfo, 'nickname' | 'avatar'>, agentId: number | null): Promise<'bound' | 'already'> {
  const now = new Date(deps.now());
  const nickname = (profile.nickname || fallbackName(tokens.openId)).slice(0, 100);
  const authorised = {
    nickname,
    avatar: profile.avatar.slice(0, 500),
    scopes: tokens.scopes.join(',').slice(0, 500),
    accessToken: sealSecret(deps, tokens.accessToken),
    refreshToken: sealSecret(deps, tokens.refreshToken),
    accessExpiresTime: tokens.accessTokenExpiresAt,
    refreshExpiresTime: tokens.refreshTokenExpiresAt,
    renewals: 0,
    authStatus: 'authorized',
    authError: '',
    lastRefreshTime: now,
  };
  return deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`douyin-bind:${app.appId}:${tokens.openId}`}))`);
    const [existing] = await tx
      .select({ accountId: channelDouyinAccount.accountId })
      .from(channelDouyinAccount)
      .where(and(eq(channelDouyinAccount.appId, app.appId), eq(channelDouyinAccount.openId, tokens.openId)))
      .limit(1);
    if (existing) {
      await tx.update(channelDouyinAccount).set(authorised).where(eq(channelDouyinAccount.accountId, existing.accountId));
      await tx
        .update(channelAccount)
        .set({ name: nickname.slice(0, 50), ...(agentId !== null ? { agentId } : {}), updateTime: now })
        .where(eq(channelAccount.accountId, existing.accountId));
      return 'already';
    }
    const [account] = await tx
      .insert(channelAccount)
      .values({ platform: 'douyin', name: nickname.slice(0, 50), externalId: tokens.openId, agentId, status: '0', createTime: now })
      .returning({ accountId: channelAccount.accountId });
    await tx.insert(channelDouyinAccount).values({ accountId: account.accountId, appId: app.appId, openId: tokens.openId, ...authorised });
    return 'bound';
  });
}

/**
 * The /dyLogin callback: the state is checked and used up first (a replay, or a refusal's state, cannot be
 * used again), then the code is exchanged with the credentials of the app the state was signed for: a
 * state never binds into another app, and a code issued to another app is refused by the platform.
 */
export async function bindFromCallback(deps: Deps, callback: BindCallback): Promise<BindResult> {
  const check = await consumeState(deps, callback.state);
  if (!check.ok) return check.reason === 'expired' ? { result: 'expired', message: BindMsg.EXPIRED } : { result: 'failed', message: BindMsg.INVALID };
  if (callback.error) return { result: 'refused', message: BindMsg.REFUSED };
  if (!callback.code) return { result: 'failed', message: BindMsg.NO_CODE };
  const app = await enabledDouyinApp(deps, check.claims.appId);
  if (!app) return { result: 'failed', message: BindMsg.APP_UNAVAILABLE };
  try {
    const client = await douyinClientFor(deps, app);
    const tokens = await client.exchangeCode(callback.code);
    const profile = await profileOf(client, tokens);
    const result = await storeAccount(deps, app, tokens, profile, await linkAgent(deps, check.claims.agentId));
    const nickname = profile.nickname || fallbackName(tokens.openId);
    return { result, nickname, avatar: profile.avatar, message: BindMsg[result](nickname) };
  } catch (err) {
    if (!(err instanceof DouyinError)) throw err;
    return { result: 'failed', message: err.message };
  }
}
