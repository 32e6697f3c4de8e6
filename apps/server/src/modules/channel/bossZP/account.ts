import { and, count, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_BOSS_RUN_CONFIG } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, paged, type ListQuery } from '../../../core/list';
import { aiAgent, aiConversation, channelAccount, channelBossAccount, channelBossJob, channelBossTemplate, channelOutbox } from '../../../db/schema';
import { generateConnectorKey, sealConnectorSecret, type ConnectorKey } from '../boss/connector-key';
import { usageToday } from '../boss/limits';
import type { AccountCreateBody, AccountFilters, AccountUpdateBody } from './schema';

type Deps = Pick<AppDeps, 'database' | 'config' | 'now'>;

export const BossAccountMsg = {
  NOT_FOUND: 'BOSS账号不存在',
  NO_AGENT: 'AI客服不存在',
  OPEN_CONVERSATIONS: '该账号仍有未结束的会话，请先在在线会话中结束后再删除',
} as const;

const columns = {
  accountId: channelBossAccount.accountId,
  recruiterName: channelBossAccount.recruiterName,
  company: channelBossAccount.company,
  sessionHealth: channelBossAccount.sessionHealth,
  healthDetail: channelBossAccount.healthDetail,
  lastSeenTime: channelBossAccount.lastSeenTime,
  paused: channelBossAccount.paused,
  runConfig: channelBossAccount.runConfig,
  keyId: channelBossAccount.keyId,
  keyCreatedTime: channelBossAccount.keyCreatedTime,
  agentId: channelAccount.agentId,
  agentName: sql<string>`coalesce(${aiAgent.name}, '')`,
  status: channelAccount.status,
  remark: channelAccount.remark,
  createTime: channelAccount.createTime,
};

const selectAccounts = (deps: Deps) =>
  deps.database.db
    .select(columns)
    .from(channelBossAccount)
    .innerJoin(channelAccount, eq(channelAccount.accountId, channelBossAccount.accountId))
    .leftJoin(aiAgent, eq(aiAgent.agentId, channelAccount.agentId))
    .$dynamic();

type AccountRow = Awaited<ReturnType<ReturnType<typeof selectAccounts>['execute']>>[number];

/** The rows with today's usage of their caps (China day) and what waits to be handed out. */
async function withUsage(deps: Deps, rows: AccountRow[]) {
  const usage = await usageToday(deps.database.db, rows.map((r) => r.accountId), deps.now());
  return rows.map((r) => {
    const u = usage.get(r.accountId);
    return { ...r, todayGreetings: u?.greetings ?? 0, todayReplies: u?.replies ?? 0, pendingReplies: u?.pending ?? 0 };
  });
}

function where(q: AccountFilters): SQL | undefined {
  return and(
    q.recruiterName ? ilike(channelBossAccount.recruiterName, likePattern(q.recruiterName)) : undefined,
    q.company ? ilike(channelBossAccount.company, likePattern(q.company)) : undefined,
    q.sessionHealth ? eq(channelBossAccount.sessionHealth, q.sessionHealth) : undefined,
    q.status ? eq(channelAccount.status, q.status) : undefined,
  );
}

export async function listBossAccounts(deps: Deps, q: AccountFilters & ListQuery) {
  const filter = where(q);
  const page = await paged(
    q,
    async () =>
      (
        await deps.database.db
          .select({ n: count() })
          .from(channelBossAccount)
          .innerJoin(channelAccount, eq(channelAccount.accountId, channelBossAccount.accountId))
          .where(filter)
      )[0].n,
    (limit, offset) =>
      selectAccounts(deps)
        .where(filter)
        .orderBy(desc(channelBossAccount.accountId))
        .limit(limit)
        .offset(offset),
  );
  return { rows: await withUsage(deps, page.rows), total: page.total };
}

export async function getBossAccount(deps: Deps, accountId: number) {
  const [row] = await selectAccounts(deps).where(eq(channelBossAccount.accountId, accountId)).limit(1);
  if (!row) throw new ServiceError(BossAccountMsg.NOT_FOUND);
  const [view] = await withUsage(deps, [row]);
  return view;
}

export type BossAccountView = Awaited<ReturnType<typeof getBossAccount>>;

/** Refuses an agent id that names no agent; null (none) passes. */
export async function assertAgent(deps: Pick<AppDeps, 'database'>, agentId: number | null | undefined): Promise<void> {
  if (!agentId) return;
  const [agent] = await deps.database.db.select({ id: aiAgent.agentId }).from(aiAgent).where(eq(aiAgent.agentId, agentId)).limit(1);
  if (!agent) throw new ServiceError(BossAccountMsg.NO_AGENT);
}

/** Refuses an account id that is not a BOSS account. */
export async function assertBossAccount(deps: Pick<AppDeps, 'database'>, accountId: number): Promise<void> {
  const [row] = await deps.database.db
    .select({ id: channelBossAccount.accountId })
    .from(channelBossAccount)
    .where(eq(channelBossAccount.accountId, accountId))
    .limit(1);
  if (!row) throw new ServiceError(BossAccountMsg.NOT_FOUND);
}

export async function createBossAccount(deps: Deps, body: AccountCreateBody, operator: string) {
  await assertAgent(deps, body.agentId);
  const at = new Date(deps.now());
  const accountId = await deps.database.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(channelAccount)
      .values({
        platform: 'boss',
        name: body.recruiterName.trim(),
        agentId: body.agentId ?? null,
        status: body.status ?? '0',
        remark: body.remark ?? null,
        createBy: operator,
        createTime: at,
      })
      .returning({ accountId: channelAccount.accountId });
    await tx.insert(channelBossAccount).values({
      accountId: account.accountId,
      recruiterName: body.recruiterName.trim(),
      company: body.company?.trim() ?? '',
      runConfig: body.runConfig ?? DEFAULT_BOSS_RUN_CONFIG,
    });
    return account.accountId;
  });
  return getBossAccount(deps, accountId);
}

export async function updateBossAccount(deps: Deps, body: AccountUpdateBody, operator: string): Promise<number> {
  await assertAgent(deps, body.agentId);
  return deps.database.db.transaction(async (tx) => {
    const changed = await tx
      .update(channelBossAccount)
      .set({ recruiterName: body.recruiterName.trim(), company: body.company?.trim() ?? '', runConfig: body.runConfig })
      .where(eq(channelBossAccount.accountId, body.accountId))
      .returning({ id: channelBossAccount.accountId });
    if (changed.length === 0) throw new ServiceError(BossAccountMsg.NOT_FOUND);
    await tx
      .update(channelAccount)
      .set({
        name: body.recruiterName.trim(),
        agentId: body.agentId ?? null,
        status: body.status ?? '0',
        remark: body.remark ?? null,
        updateBy: operator,
        updateTime: new Date(deps.now()),
      })
      .where(eq(channelAccount.accountId, body.accountId));
    return changed.length;
  });
}

export async function setPaused(deps: Deps, accountId: number, paused: boolean): Promise<number> {
  const changed = await deps.database.db
    .update(channelBossAccount)
    .set({ paused })
    .where(eq(channelBossAccount.accountId, accountId))
    .returning({ id: channelBossAccount.accountId });
  if (changed.length === 0) throw new ServiceError(BossAccountMsg.NOT_FOUND);
  return changed.length;
}

/**
 * Creates the account's connector key, or replaces it: the old key id stops matching at once (the
 * verifier looks keys up by id). The secret is returned here only; the row keeps it sealed.
 */
export async function rotateConnectorKey(deps: Deps, accountId: number): Promise<ConnectorKey> {
  const key = generateConnectorKey();
  const changed = await deps.database.db
    .update(channelBossAccount)
    .set({ keyId: key.keyId, keySecret: sealConnectorSecret(deps.config.encryptionKey, key.secret), keyCreatedTime: new Date(deps.now()) })
    .where(eq(channelBossAccount.accountId, accountId))
    .returning({ id: channelBossAccount.accountId });
  if (changed.length === 0) throw new ServiceError(BossAccountMsg.NOT_FOUND);
  return key;
}

/**
 * Deletes accounts with their jobs and own templates; refused while one still has an open conversation
 * (staff would lose the way to answer it). What was still waiting to go out is marked skipped. Candidates
 * and leads stay: they belong to 客户 and BOSS留资.
 */
export async function deleteBossAccounts(deps: Deps, accountIds: number[]): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: aiConversation.conversationId })
      .from(aiConversation)
      .where(and(eq(aiConversation.channel, 'boss'), inArray(aiConversation.accountId, accountIds), ne(aiConversation.status, 'closed')))
      .limit(1);
    if (open) throw new ServiceError(BossAccountMsg.OPEN_CONVERSATIONS);
    const removed = await tx.delete(channelBossAccount).where(inArray(channelBossAccount.accountId, accountIds)).returning({ id: channelBossAccount.accountId });
    const ids = removed.map((r) => r.id);
    if (ids.length === 0) return 0;
    await tx.delete(channelAccount).where(inArray(channelAccount.accountId, ids));
    await tx.delete(channelBossJob).where(inArray(channelBossJob.accountId, ids));
    await tx.delete(channelBossTemplate).where(inArray(channelBossTemplate.accountId, ids));
    await tx
      .update(channelOutbox)
      .set({ status: 'skipped', error: '账号已删除', leaseUntil: null })
      .where(and(eq(channelOutbox.platform, 'boss'), inArray(channelOutbox.accountId, ids), inArray(channelOutbox.status, ['pending', 'sending'])));
    return ids.length;
  });
}
