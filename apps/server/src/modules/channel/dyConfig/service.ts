import { and, asc, count, eq, inArray, like, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { likePattern, paged, type ListQuery } from '../../../core/list';
import { channelDouyinAccount, channelDouyinApp } from '../../../db/schema';
import { BindMsg, enabledDouyinApp } from '../douyin/binding';
import { signLink } from '../douyin/links';
import { sealSecret, type DouyinAppRow } from '../douyin/store';
import { AccountMsg, agentExists } from './accounts';
import type { AppAddBody, AppEditBody, AppFilters } from './schema';

type Deps = Pick<AppDeps, 'database' | 'config' | 'now'>;

export const DyConfigMsg = {
  APP_MISSING: '抖音应用不存在，请刷新后重试',
  APP_HAS_ACCOUNTS: '该应用下仍有绑定的抖音账号，请先解绑',
  KEY_LOCKED: '该应用下已有绑定的抖音账号，不能修改 Client Key',
  SECRET_NEEDS_RETYPING: '接口地址已修改，请重新填写 Client Secret',
  keyTaken: (verb: string, key: string) => `${verb}抖音应用'${key}'失败，Client Key已存在`,
} as const;

/** The path the platform posts this app's events to; the page puts its own origin in front. */
export const webhookPath = (deps: Pick<AppDeps, 'config'>, appId: number) => `${deps.config.apiPrefix}/channel/douyin/webhook/${appId}`;

// Qualified by hand: drizzle writes a column of a one-table query without its table, which inside the
// subquery would name the account's own app_id and count every account for every app.
const accountCount = sql<number>`(select count(*)::int from ${channelDouyinAccount} where ${channelDouyinAccount}.app_id = ${channelDouyinApp}.app_id)`;

/** DouyinAppView: the secret only as "there is one". */
function toView(deps: Deps, row: DouyinAppRow & { accountCount: number }) {
  return {
    appId: row.appId,
    name: row.name,
    clientKey: row.clientKey,
    apiBaseUrl: row.apiBaseUrl,
    status: row.status,
    hasSecret: row.clientSecret !== '',
    webhookUrl: webhookPath(deps, row.appId),
    accountCount: row.accountCount,
    lastWebhookTime: row.lastWebhookTime,
    remark: row.remark ?? '',
    createTime: row.createTime,
  };
}
export type DouyinAppView = ReturnType<typeof toView>;

const selectApps = (deps: Deps) => deps.database.db.select({ app: channelDouyinApp, accountCount }).from(channelDouyinApp).$dynamic();

function where(q: AppFilters): SQL | undefined {
  return and(q.name ? like(channelDouyinApp.name, likePattern(q.name)) : undefined, q.status ? eq(channelDouyinApp.status, q.status) : undefined);
}

export async function listApps(deps: Deps, q: AppFilters & ListQuery) {
  const filter = where(q);
  const { db } = deps.database;
  const page = await paged(
    q,
    async () => (await db.select({ n: count() }).from(channelDouyinApp).where(filter))[0].n,
    (limit, offset) => selectApps(deps).where(filter).orderBy(asc(channelDouyinApp.appId)).limit(limit).offset(offset),
  );
  return { rows: page.rows.map((r) => toView(deps, { ...r.app, accountCount: r.accountCount })), total: page.total };
}

export async function getApp(deps: Deps, appId: number): Promise<DouyinAppView | null> {
  const [row] = await selectApps(deps).where(eq(channelDouyinApp.appId, appId)).limit(1);
  return row ? toView(deps, { ...row.app, accountCount: row.accountCount }) : null;
}

async function assertKeyFree(deps: Deps, clientKey: string, appId: number | undefined, verb: '新增' | '修改') {
  const [clash] = await deps.database.db
    .select({ appId: channelDouyinApp.appId })
    .from(channelDouyinApp)
    .where(and(eq(channelDouyinApp.clientKey, clientKey), appId ? ne(channelDouyinApp.appId, appId) : undefined))
    .limit(1);
  if (clash) throw new ServiceError(DyConfigMsg.keyTaken(verb, clientKey));
}

export async function insertApp(deps: Deps, body: AppAddBody, operator: string): Promise<DouyinAppView> {
  const clientKey = body.clientKey.trim();
  await assertKeyFree(deps, clientKey, undefined, '新增');
  const [row] = await deps.database.db
    .insert(channelDouyinApp)
    .values({
      name: body.name.trim(),
      clientKey,
      clientSecret: sealSecret(deps, body.clientSecret),
      apiBaseUrl: body.apiBaseUrl,
      status: body.status ?? '0',
      remark: body.remark ?? null,
      createBy: operator,
      createTime: new Date(deps.now()),
    })
    .returning();
  return toView(deps, { ...row, accountCount: 0 });
}

/**
 * The tokens of bound accounts belong to the client key, so it stays while accounts are bound; a stored
 * secret is only ever sent to the address it was saved with (else an editor could point the app at their
 * own server and read the secret off the token requests).
 */
export async function updateApp(deps: Deps, body: AppEditBody, operator: string): Promise<number> {
  const current = await getApp(deps, body.appId);
  if (!current) throw new ServiceError(DyConfigMsg.APP_MISSING);
  const clientKey = body.clientKey.trim();
  if (clientKey !== current.clientKey && current.accountCount > 0) throw new ServiceError(DyConfigMsg.KEY_LOCKED);
  if (!body.clientSecret && body.apiBaseUrl !== current.apiBaseUrl) throw new ServiceError(DyConfigMsg.SECRET_NEEDS_RETYPING);
  await assertKeyFree(deps, clientKey, body.appId, '修改');
  const rows = await deps.database.db
    .update(channelDouyinApp)
    .set({
      name: body.name.trim(),
      clientKey,
      ...(body.clientSecret ? { clientSecret: sealSecret(deps, body.clientSecret) } : {}),
      apiBaseUrl: body.apiBaseUrl,
      status: body.status ?? current.status,
      remark: body.remark ?? null,
      updateBy: operator,
      updateTime: new Date(deps.now()),
    })
    .where(eq(channelDouyinApp.appId, body.appId))
    .returning({ appId: channelDouyinApp.appId });
  return rows.length;
}

/** Refused as a whole while any of the apps has a bound account. */
export async function deleteApps(deps: Deps, appIds: number[]): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const [bound] = await tx.select({ appId: channelDouyinAccount.appId }).from(channelDouyinAccount).where(inArray(channelDouyinAccount.appId, appIds)).limit(1);
    if (bound) throw new ServiceError(DyConfigMsg.APP_HAS_ACCOUNTS);
    const removed = await tx.delete(channelDouyinApp).where(inArray(channelDouyinApp.appId, appIds)).returning({ appId: channelDouyinApp.appId });
    return removed.length;
  });
}

/** A /dyLogin link for an enabled app; accounts bound through it are answered by `agentId` when given. */
export async function bindLink(deps: Deps, appId: number, agentId: number | undefined) {
  if (!(await enabledDouyinApp(deps, appId))) throw new ServiceError(BindMsg.APP_UNAVAILABLE);
  if (agentId !== undefined && !(await agentExists(deps, agentId))) throw new ServiceError(AccountMsg.AGENT_MISSING);
  const link = signLink(deps, { purpose: 'bind', appId, agentId });
  return { url: `/dyLogin?link=${link.token}`, expiresTime: link.expiresTime };
}

/** A /dySwitch link for an enabled app. */
export async function switchLink(deps: Deps, appId: number) {
  if (!(await enabledDouyinApp(deps, appId))) throw new ServiceError(BindMsg.APP_UNAVAILABLE);
  const link = signLink(deps, { purpose: 'switch', appId });
  return { url: `/dySwitch?link=${link.token}`, expiresTime: link.expiresTime };
}
