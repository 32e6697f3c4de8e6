import { and, asc, eq } from 'drizzle-orm';
import type { ReplyPolicy } from '@acs/shared';
import { aiConversation, aiMessage, channelAccount, channelDouyinAccount, channelDouyinApp, channelEvent, channelOutbox, channelSendLog } from '../../../src/db/schema';
import { OUTBOX_KICK_CHANNEL } from '../../../src/modules/channel/outbox';
import { sealSecret } from '../../../src/modules/channel/douyin/store';
import type { TestApp } from '../../helpers/app';
import { allowPrivateModels } from '../../helpers/outbound';
import { FAKE_DOUYIN_ACCOUNT, type FakeDouyin } from '../../fakes/douyin/server';

type Deps = Pick<TestApp, 'deps'>;

/** A Douyin app row pointing at the fake, its secret sealed as the console stores it; model calls may reach 127.0.0.1. */
export async function addApp(t: Deps, fake: FakeDouyin, replyLimits: Record<string, { windowMs: number; maxMessages: number }> = {}): Promise<number> {
  await allowPrivateModels(t);
  const [row] = await t.deps.database.db
    .insert(channelDouyinApp)
    .values({ name: '测试抖音应用', clientKey: fake.clientKey, clientSecret: sealSecret(t.deps, fake.clientSecret), apiBaseUrl: fake.baseUrl, replyLimits, createTime: new Date(t.deps.now()) })
    .returning({ appId: channelDouyinApp.appId });
  return row.appId;
}

export interface AccountOptions {
  appId: number;
  agentId: number | null;
  openId?: string;
  replyPolicy?: ReplyPolicy;
}

/** A bound enterprise account with real tokens of the fake (a code exchanged, as /dyLogin would), sealed. */
export async function addAccount(t: Deps, fake: FakeDouyin, opts: AccountOptions): Promise<number> {
  const openId = opts.openId ?? FAKE_DOUYIN_ACCOUNT;
  const tokens = fake.state.exchangeCode(fake.issueCode(openId));
  const now = t.deps.now();
  const { db } = t.deps.database;
  const [account] = await db
    .insert(channelAccount)
    .values({ platform: 'douyin', name: `抖音号${openId.slice(-4)}`, externalId: openId, agentId: opts.agentId, createTime: new Date(now) })
    .returning({ accountId: channelAccount.accountId });
  await db.insert(channelDouyinAccount).values({
    accountId: account.accountId,
    appId: opts.appId,
    openId,
    nickname: '模拟企业号',
    scopes: tokens.scope,
    accessToken: sealSecret(t.deps, tokens.access_token),
    refreshToken: sealSecret(t.deps, tokens.refresh_token),
    accessExpiresTime: new Date(now + tokens.expires_in * 1000),
    refreshExpiresTime: new Date(now + tokens.refresh_expires_in * 1000),
    replyPolicy: opts.replyPolicy ?? 'ai',
  });
  return account.accountId;
}

/** Polls until `check` gives a value (workers run in the background, woken by pub/sub). */
export async function until<T>(check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Lets the workers run a while, for asserting that nothing more happens. */
export const settle = (ms = 600) => new Promise((r) => setTimeout(r, ms));

export const kickSender = (t: Deps) => t.deps.pubsub.publish(OUTBOX_KICK_CHANNEL, { platform: 'douyin' });

export async function conversationsOf(t: Deps, accountId: number, customer: string) {
  return t.deps.database.db
    .select()
    .from(aiConversation)
    .where(and(eq(aiConversation.channel, 'douyin'), eq(aiConversation.accountId, accountId), eq(aiConversation.visitorId, customer)));
}

export const messagesOf = (t: Deps, conversationId: number) =>
  t.deps.database.db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId)).orderBy(asc(aiMessage.seq));

export const outboxOf = (t: Deps, conversationId: number) =>
  t.deps.database.db.select().from(channelOutbox).where(eq(channelOutbox.conversationId, conversationId)).orderBy(asc(channelOutbox.sendId));

export const sendLogOf = (t: Deps, sendId: number) => t.deps.database.db.select().from(channelSendLog).where(eq(channelSendLog.sendId, sendId)).orderBy(asc(channelSendLog.logId));

export const eventsOf = (t: Deps, appId: number) => t.deps.database.db.select().from(channelEvent).where(eq(channelEvent.sourceId, appId)).orderBy(asc(channelEvent.eventId));

export const accountRow = async (t: Deps, accountId: number) =>
  (await t.deps.database.db.select().from(channelDouyinAccount).where(eq(channelDouyinAccount.accountId, accountId)))[0];

let customerSeq = 0;
/** A fresh customer open_id per test, so conversations of different tests never meet. */
export const newCustomer = () => `customer-open-id-${process.pid}-${++customerSeq}`;
