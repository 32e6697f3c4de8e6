import { and, asc, eq } from 'drizzle-orm';
import { Code, Msg } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { hasPermi, type LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { aiAgent, channelDouyinAccount, sysUser } from '../../../db/schema';
import { assignAccount, AccountMsg, type Assignment } from '../dyConfig/accounts';
import { selectAccountViews } from './account-view';
import { enabledDouyinApp, BindMsg } from './binding';
import { LinkMsg, signLink, verifyLink } from './links';
import type { DouyinAppRow } from './store';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'config' | 'now'>;

/** The permission that opens /dySwitch without a link, as 抖音配置's switch link needs. */
export const SWITCH_PERMISSION = 'channel:douyin:edit';

/** Staff offered on the page: far more than a team serving a few accounts; the rest by 抖音配置. */
const STAFF_MAX = 500;

export interface SwitchAccess {
  link?: string;
  appId?: number;
  session: LoginSession | null;
}

export interface SwitchActor {
  app: DouyinAppRow;
  /** For the update's audit columns: the console user, or the link's holder. */
  operator: string;
}

/** /dySwitch is opened with a switch link, or by a console user allowed to edit accounts (then with appId). */
export async function switchActor(deps: Deps, access: SwitchAccess): Promise<SwitchActor> {
  let appId: number;
  let operator: string;
  if (access.link) {
    const check = verifyLink(deps, access.link, 'switch');
    if (!check.ok) throw new ServiceError(check.reason === 'expired' ? LinkMsg.EXPIRED : LinkMsg.INVALID);
    appId = check.claims.appId;
    operator = 'dySwitch';
  } else {
    if (!access.session) throw new ServiceError(LinkMsg.INVALID);
    if (!hasPermi(access.session, SWITCH_PERMISSION)) throw new ServiceError(Msg.FORBIDDEN, Code.FORBIDDEN);
    if (!access.appId) throw new ServiceError('请选择抖音应用');
    appId = access.appId;
    operator = access.session.userName;
  }
  const app = await enabledDouyinApp(deps, appId);
  if (!app) throw new ServiceError(BindMsg.APP_UNAVAILABLE);
  return { app, operator };
}

/** What /dySwitch shows: the app's accounts, who may serve them, and a fresh bind link to re-authorise. */
export async function switchPage(deps: Deps, { app }: SwitchActor) {
  const { db } = deps.database;
  const [accounts, agents, staff] = await Promise.all([
    selectAccountViews(deps).where(eq(channelDouyinAccount.appId, app.appId)).orderBy(asc(channelDouyinAccount.accountId)),
    db.select({ agentId: aiAgent.agentId, name: aiAgent.name }).from(aiAgent).where(eq(aiAgent.status, 'published')).orderBy(asc(aiAgent.agentId)),
    db
      .select({ userId: sysUser.userId, nickName: sysUser.nickName })
      .from(sysUser)
      .where(and(eq(sysUser.status, '0'), eq(sysUser.delFlag, '0')))
      .orderBy(asc(sysUser.userId))
      .limit(STAFF_MAX),
  ]);
  const reauth = signLink(deps, { purpose: 'bind', appId: app.appId });
  return {
    appName: app.name,
    appId: app.appId,
    accounts: accounts.map((a) => ({
      accountId: a.accountId,
      nickname: a.nickname,
      avatar: a.avatar,
      authStatus: a.authStatus,
      accessExpiresTime: a.accessExpiresTime,
      refreshExpiresTime: a.refreshExpiresTime,
      agentId: a.agentId,
      agentName: a.agentName,
      staffUserId: a.staffUserId,
      staffName: a.staffName,
      replyPolicy: a.replyPolicy,
      status: a.status,
    })),
    agents,
    staff,
    reauthUrl: `/dyLogin?link=${reauth.token}`,
  };
}

/** Only accounts of the app the page was opened for can be changed from it. */
export async function switchAssign(deps: Deps, actor: SwitchActor, assignment: Assignment): Promise<number> {
  const [own] = await deps.database.db
    .select({ accountId: channelDouyinAccount.accountId })
    .from(channelDouyinAccount)
    .where(and(eq(channelDouyinAccount.accountId, assignment.accountId), eq(channelDouyinAccount.appId, actor.app.appId)))
    .limit(1);
  if (!own) throw new ServiceError(AccountMsg.MISSING);
  return assignAccount(deps, assignment, actor.operator);
}
