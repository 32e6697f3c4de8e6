import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { ReplyPolicy } from '@acs/shared';
import type { AppDeps } from '../../app';
import { aiConversation, crmCustomerIdentity } from '../../db/schema';
import { loadAgentBundle } from '../ai/agent/bundle';
import { isWithinBusinessHours } from '../ai/engine/hours';
import type { ConversationRow } from '../ai/runtime/messages';
import { holdForStaff } from '../ai/runtime/transitions';
import { acceptCustomerMessage, answerCustomerMessage, type TurnResult } from '../ai/runtime/turn';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'> & { log?: { error: (obj: object, msg: string) => void } };

/** A customer's message that arrived on a platform account (a Douyin private message, a BOSS chat). */
export interface PlatformMessage {
  platform: 'douyin' | 'boss';
  accountId: number;
  /** The agent that answers on this account (or for this job). */
  agentId: number;
  /** The customer's platform id: Douyin open_id, BOSS candidate id. Also the conversation's visitor id. */
  uid: string;
  /** The platform's id of the message (≤ 64 characters): a redelivery of the same id is stored once. */
  externalMsgId: string;
  text: string;
  replyPolicy: ReplyPolicy;
  /** false: stored for staff and the reply policy applied, but not answered (a picture the AI cannot read). */
  answer?: boolean;
}

export const PolicyReason = {
  HUMAN_ONLY: '账号设置为仅人工回复',
  WORKING_HOURS: '工作时间由人工回复',
} as const;

/**
 * The customer's open conversation with the agent on this account, or a new one. Creation is serialised
 * per customer and account with a transaction-scoped advisory lock, so two messages processed at once on
 * two instances still share one conversation.
 */
export async function openConversation(deps: Deps, msg: Pick<PlatformMessage, 'platform' | 'accountId' | 'agentId' | 'uid'>): Promise<ConversationRow> {
  const { db } = deps.database;
  const current = and(
    eq(aiConversation.channel, msg.platform),
    eq(aiConversation.accountId, msg.accountId),
    eq(aiConversation.visitorId, msg.uid),
    eq(aiConversation.agentId, msg.agentId),
    ne(aiConversation.status, 'closed'),
  );
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${msg.platform}:${msg.accountId}:${msg.uid}`}))`);
    const [open] = await tx.select().from(aiConversation).where(current).orderBy(desc(aiConversation.conversationId)).limit(1);
    if (open) return open;
    const [identity] = await tx
      .select({ customerId: crmCustomerIdentity.customerId })
      .from(crmCustomerIdentity)
      .where(and(eq(crmCustomerIdentity.platform, msg.platform), eq(crmCustomerIdentity.uid, msg.uid)))
      .limit(1);
    const [created] = await tx
      .insert(aiConversation)
      .values({
        agentId: msg.agentId,
        channel: msg.platform,
        accountId: msg.accountId,
        customerId: identity?.customerId ?? null,
        visitorId: msg.uid.slice(0, 64),
        createTime: new Date(deps.now()),
      })
      .returning();
    return created;
  });
}

/** Whether the account's policy wants a person to answer now (the agent's business hours decide 'ai_off_hours'). */
export async function wantsStaff(deps: Deps, policy: ReplyPolicy, agentId: number): Promise<string | null> {
  if (policy === 'human') return PolicyReason.HUMAN_ONLY;
  if (policy === 'ai') return null;
  const bundle = await loadAgentBundle(deps, agentId);
  const hours = bundle?.row.businessHours;
  return hours?.enabled && isWithinBusinessHours(hours, deps.now()) ? PolicyReason.WORKING_HOURS : null;
}

/**
 * One platform message end to end: the conversation found or opened, the message stored once (its
 * platform id is the client message id), the account's reply policy applied, then the AI's turn; the
 * answer goes out through the outbox (channel/outbox.ts). A redelivered message changes nothing.
 */
export async function receivePlatformMessage(deps: Deps, msg: PlatformMessage): Promise<TurnResult> {
  const conversation = await openConversation(deps, msg);
  const accepted = await acceptCustomerMessage(deps, { conversationId: conversation.conversationId, content: msg.text, clientMsgId: msg.externalMsgId, conversation });
  const result = { message: accepted.message, duplicate: accepted.duplicate, found: accepted.found };
  if (accepted.duplicate) return { ...result, conversation: accepted.conversation, replies: [] };
  const reason = await wantsStaff(deps, msg.replyPolicy, msg.agentId);
  if (reason && accepted.conversation.status === 'ai') {
    const held = await holdForStaff(deps, conversation.conversationId, reason);
    return { ...result, conversation: held.conversation, replies: [] };
  }
  if (msg.answer === false) return { ...result, conversation: accepted.conversation, replies: [] };
  const answer = await answerCustomerMessage(deps, accepted);
  return { ...result, ...answer };
}
