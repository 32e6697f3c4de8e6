import { and, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { ReplyPolicy } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, paged, type ListQuery } from '../../../core/list';
import { aiAgent, channelAccount, channelDouyinAccount, channelOutbox, sysUser } from '../../../db/schema';
import { accountView, authStatusSql, selectAccountViews, type DouyinAccountView } from '../douyin/account-view';
import { refreshDouyinAccount } from '../douyin/tokens';
import type { AccountEditBody, AccountFilters } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'config' | 'now'>;

export const AccountMsg = {
  MISSING: '抖音账号不存在，请刷新后重试',
  AGENT_MISSING: '所选AI客服不存在，请刷新后重试',
  STAFF_MISSING: '所选员工不存在或已停用',
  BUSY: '该账号正在刷新令牌，请稍后重试',
} as const;

function where(deps: Pick<AppDeps, 'now'>, q: AccountFilters): SQL | undefined {
  return and(
    q.appId ? eq(channelDouyinAccount.appId, q.appId) : undefined,
    q.nickname ? like(channelDouyinAccount.nickname, likePattern(q.nickname)) : undefined,
    q.authStatus ? sql`${authStatusSql(deps.now())} = ${q.authStatus}` : undefined,
  );
}

export async function listAccounts(deps: Deps, q: AccountFilters & ListQuery) {
  const filter = where(deps, q);
  const { db } = deps.database;
  return paged(
    q,
    async () => (await db.select({ n: count() }).from(channelDouyinAccount).where(filter))[0].n,
    (limit, offset) => selectAccountViews(deps).where(filter).orderBy(desc(channelDouyinAccount.accountId)).limit(limit).offset(offset),
  );
}

export interface Assignment {
  accountId: number;
  agentId: number | null;
  staffUserId: number | null;
  replyPolicy?: ReplyPolicy;
}

export async function agentExists(deps: Pick<AppDeps, 'database'>, agentId: number): Promise<boolean> {
  const [agent] = await deps.database.db.select({ agentId: aiAgent.agentId }).from(aiAgent).where(eq(aiAgent.agentId, agentId)).limit(1);
  return agent !== undefined;
}

/** The agent and staff member an account is given must exist (a disabled or deleted user serves nobody). */
async function assertAssignable(deps: Deps, a: Assignment): Promise<void> {
  const { db } = deps.database;
  if (a.agentId !== null && !(await agentExists(deps, a.agentId))) throw new ServiceError(AccountMsg.AGENT_MISSING);
  if (a.staffUserId !== null) {
    const [user] = await db
      .select({ userId: sysUser.userId })
      .from(sysUser)
      .where(and(eq(sysUser.userId, a.staffUserId), eq(sysUser.status, '0'), eq(sysUser.delFlag, '0')))
      .limit(1);
    if (!user) throw new ServiceError(AccountMsg.STAFF_MISSING);
  }
}

/** Who serves the account, from 抖音配置 or /dySwitch; `extra` is what only the console changes. */
export async function assignAccount(deps: Deps, a: Assignment, operator: string, extra: { status?: string; remark?: string | null } = {}): Promise<number> {
  await assertAssignable(deps, a);
  const now = new Date(deps.now());
  return deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .update(channelAccount)
      .set({ agentId: a.agentId, ...extra, updateBy: operator, updateTime: now })
      .where(and(eq(channelAccount.accountId, a.accountId), eq(channelAccount.platform, 'douyin')))
      .returning({ accountId: channelAccount.accountId });
    if (rows.length === 0) throw new ServiceError(AccountMsg.MISSING);
    await tx
      .update(channelDouyinAccount)
      .set({ staffUserId: a.staffUserId, ...(a.replyPolicy ? { replyPolicy: a.replyPolicy } : {}) })
      .where(eq(channelDouyinAccount.accountId, a.accountId));
    return rows.length;
  });
}

export const updateAccount = (deps: Deps, body: AccountEditBody, operator: string) =>
  assignAccount(deps, body, operator, { status: body.status, remark: body.remark ?? null });

/**
 * Unbinding deletes the account and its tokens; its conversations, messages and send records stay (they
 * keep the account id, so the history still reads as it happened).
 */
export async function unbindAccounts(deps: Deps, accountIds: number[]): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const removed = await tx.delete(channelDouyinAccount).where(inArray(channelDouyinAccount.accountId, accountIds)).returning({ accountId: channelDouyinAccount.accountId });
    await tx.delete(channelAccount).where(and(inArray(channelAccount.accountId, accountIds), eq(channelAccount.platform, 'douyin')));
    return removed.length;
  });
}

/** 刷新令牌: a new access token now; a refusal comes back as the error, with the account's authError set. */
export async function refreshAccountNow(deps: Deps, accountId: number): Promise<DouyinAccountView> {
  const outcome = await refreshDouyinAccount(deps, accountId, { force: true });
  switch (outcome.type) {
    case 'missing':
      throw new ServiceError(AccountMsg.MISSING);
    case 'busy':
      throw new ServiceError(AccountMsg.BUSY);
    case 'failed':
      throw new ServiceError(outcome.error.message);
    case 'refreshed': {
      const view = await accountView(deps, accountId);
      if (!view) throw new ServiceError(AccountMsg.MISSING);
      return view;
    }
  }
}

/** The account's sends, newest first: what went out, how often it was tried, and the platform's answer. */
export async function listSends(deps: Deps, accountId: number, q: ListQuery) {
  const { db } = deps.database;
  const filter = and(eq(channelOutbox.platform, 'douyin'), eq(channelOutbox.accountId, accountId));
  return paged(
    q,
    async () => (await db.select({ n: count() }).from(channelOutbox).where(filter))[0].n,
    (limit, offset) =>
      db
        .select({
          sendId: channelOutbox.sendId,
          conversationId: channelOutbox.conversationId,
          messageId: channelOutbox.messageId,
          content: channelOutbox.content,
          sendSource: channelOutbox.sendSource,
          status: channelOutbox.status,
          attempts: channelOutbox.attempts,
          error: channelOutbox.error,
          platformMsgId: channelOutbox.platformMsgId,
          createTime: channelOutbox.createTime,
          sentTime: channelOutbox.sentTime,
        })
        .from(channelOutbox)
        .where(filter)
        .orderBy(desc(channelOutbox.createTime), desc(channelOutbox.sendId))
        .limit(limit)
        .offset(offset),
  );
}
