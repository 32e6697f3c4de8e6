import { and, desc, eq, ne } from 'drizzle-orm';
import type { BossExchangeStatus, CapturedField } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { aiConversation, channelBossCandidate, channelBossJob } from '../../../db/schema';
import { captureLead, type CaptureOrigin, type CaptureResult } from '../../crm/capture';
import { duplicateWindowHours } from '../../crm/lead/config';
import { announceCapture } from '../../crm/notify/announce';
import { publishCapture } from '../../ai/runtime/events';
import type { ConnectorAccount } from './connector-account';
import type { ProfileBody } from './connector-schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'>;

/** What a captured profile field cites as its evidence (no chat message does). */
const PROFILE_EVIDENCE = 'BOSS直聘候选人资料';

export type CandidateRow = typeof channelBossCandidate.$inferSelect;

/** The account's enabled job with this BOSS id, if the client named one we know. */
export async function jobByExternalId(deps: Pick<AppDeps, 'database'>, accountId: number, externalId: string | undefined) {
  if (!externalId) return null;
  const [job] = await deps.database.db
    .select()
    .from(channelBossJob)
    .where(and(eq(channelBossJob.accountId, accountId), eq(channelBossJob.externalId, externalId), eq(channelBossJob.status, '0')))
    .limit(1);
  return job ?? null;
}

/** The candidate's conversation on the account that is not closed, if any (a profile's lead links to it). */
async function openConversationId(deps: Pick<AppDeps, 'database'>, accountId: number, candidateId: string): Promise<{ conversationId: number; agentId: number } | null> {
  const [row] = await deps.database.db
    .select({ conversationId: aiConversation.conversationId, agentId: aiConversation.agentId, customerId: aiConversation.customerId })
    .from(aiConversation)
    .where(and(eq(aiConversation.channel, 'boss'), eq(aiConversation.accountId, accountId), eq(aiConversation.visitorId, candidateId), ne(aiConversation.status, 'closed')))
    .orderBy(desc(aiConversation.conversationId))
    .limit(1);
  return row ?? null;
}

/**
 * Files fields under the candidate's customer through the same path a chat capture takes (customer
 * found by phone, WeChat, then the BOSS identity, else created; a lead once a phone or WeChat is known),
 * then announces an assignment. With no fields it only finds or creates the customer.
 */
async function capture(deps: Deps, account: ConnectorAccount, candidateId: string, fields: CapturedField[]): Promise<CaptureResult> {
  const open = await openConversationId(deps, account.accountId, candidateId);
  const origin: CaptureOrigin = {
    conversationId: open?.conversationId ?? null,
    agentId: open?.agentId ?? null,
    channel: 'boss',
    accountId: account.accountId,
    visitorId: candidateId,
    customerId: null,
  };
  const windowHours = fields.length > 0 ? await duplicateWindowHours(deps) : 0;
  const result = await captureLead(deps.database.db, { conversation: origin, fields }, deps.now(), windowHours);
  if (open) await publishCapture(deps, open.conversationId, result);
  await announceCapture(deps, result);
  return result;
}

const profileField = (field: CapturedField['field'], value: string | undefined): CapturedField[] =>
  value ? [{ field, value, method: 'profile', evidence: PROFILE_EVIDENCE }] : [];

export interface CandidateInput {
  candidateId: string;
  name?: string;
  jobId?: number | null;
}

/**
 * The candidate's row on the account, created with its customer on first sight. `created` tells the
 * caller a new candidate arrived (a greeting may be due); a concurrent first sight creates it once.
 */
export async function ensureCandidate(deps: Deps, account: ConnectorAccount, input: CandidateInput): Promise<{ candidate: CandidateRow; created: boolean }> {
  const { db } = deps.database;
  const key = and(eq(channelBossCandidate.accountId, account.accountId), eq(channelBossCandidate.bossUid, input.candidateId));
  const at = new Date(deps.now());
  const [known] = await db.select().from(channelBossCandidate).where(key).limit(1);
  if (known) {
    const patch = { ...(input.name ? { name: input.name } : {}), ...(input.jobId ? { jobId: input.jobId } : {}) };
    if (Object.keys(patch).length === 0) return { candidate: known, created: false };
    const [updated] = await db.update(channelBossCandidate).set({ ...patch, updateTime: at }).where(key).returning();
    return { candidate: updated, created: false };
  }
  const { customerId } = await capture(deps, account, input.candidateId, profileField('name', input.name));
  const [inserted] = await db
    .insert(channelBossCandidate)
    .values({ accountId: account.accountId, bossUid: input.candidateId, customerId, jobId: input.jobId ?? null, name: input.name ?? '', updateTime: at })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { candidate: inserted, created: true };
  const [raced] = await db.select().from(channelBossCandidate).where(key).limit(1);
  return { candidate: raced, created: false };
}

/** The exchange status a profile implies when the client did not say: contact details given count. */
function exchangeOf(body: ProfileBody, current: string): BossExchangeStatus | undefined {
  if (body.exchangeStatus) return body.exchangeStatus;
  if (current !== 'none' && current !== 'requested') return undefined;
  if (body.phone) return 'phone';
  if (body.wechat) return 'wechat';
  if (body.resumeReceived) return 'resume';
  return undefined;
}

/**
 * A profile push: the candidate's row filled with what was sent (empty fields keep what is known), and a
 * phone or WeChat filed as lead fields (method 'profile'), creating or completing the BOSS lead.
 */
export async function applyProfile(deps: Deps, account: ConnectorAccount, body: ProfileBody, jobId: number | null) {
  const { candidate, created } = await ensureCandidate(deps, account, { candidateId: body.candidateId, name: body.name, jobId });
  const contact = [...profileField('phone', body.phone), ...profileField('wechat', body.wechat)];
  const captured = contact.length > 0 ? await capture(deps, account, body.candidateId, [...contact, ...profileField('name', body.name)]) : null;
  const exchangeStatus = exchangeOf(body, candidate.exchangeStatus);
  const patch = {
    ...(body.experience ? { experience: body.experience } : {}),
    ...(body.education ? { education: body.education } : {}),
    ...(body.expectedSalary ? { expectedSalary: body.expectedSalary } : {}),
    ...(body.city ? { city: body.city } : {}),
    ...(body.resumeReceived !== undefined ? { resumeReceived: body.resumeReceived } : {}),
    ...(exchangeStatus ? { exchangeStatus } : {}),
    // A phone already known under another customer moves the candidate there (captureLead merged them).
    ...(captured && captured.customerId !== candidate.customerId ? { customerId: captured.customerId } : {}),
  };
  const [row] =
    Object.keys(patch).length === 0
      ? [candidate]
      : await deps.database.db
          .update(channelBossCandidate)
          .set({ ...patch, updateTime: new Date(deps.now()) })
          .where(and(eq(channelBossCandidate.accountId, account.accountId), eq(channelBossCandidate.bossUid, body.candidateId)))
          .returning();
  return { candidate: row, created, leadId: captured?.leadId ?? null };
}

/** After a chat turn filed a phone under another customer, the candidate follows (BOSS留资 joins on it). */
export async function followCustomer(deps: Pick<AppDeps, 'database'>, accountId: number, candidateId: string, customerId: number | null): Promise<void> {
  if (customerId === null) return;
  await deps.database.db
    .update(channelBossCandidate)
    .set({ customerId })
    .where(and(eq(channelBossCandidate.accountId, accountId), eq(channelBossCandidate.bossUid, candidateId), ne(channelBossCandidate.customerId, customerId)));
}
