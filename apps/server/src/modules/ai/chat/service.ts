import { and, desc, eq, ne } from 'drizzle-orm';
import { CHAT_CONSENT_TEXT, renderTemplate, type CapturedField } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { aiConversation, channelAccount, crmCustomer, crmCustomerIdentity } from '../../../db/schema';
import { captureLead } from '../../crm/capture';
import { duplicateWindowHours } from '../../crm/lead/config';
import { announceCapture } from '../../crm/notify/announce';
import { loadAgentBundle, turnVariables } from '../agent/bundle';
import { isWithinBusinessHours } from '../engine/hours';
import { publishCapture, publishMessages, publishRow } from '../runtime/events';
import { appendMessages, latestMessages, publicMessage, type ConversationRow } from '../runtime/messages';
import { RuntimeMsg } from '../runtime/turn';
import { isVisitorToken, newVisitorId, visitorToken } from './visitor';
import type { ContactBody, SessionBody } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'pubsub' | 'config' | 'now'>;

/** Messages a (re)opened chat page shows before the stream continues. */
export const SESSION_MESSAGES = 100;

/**
 * Opens the chat page of a published agent for a visitor: a valid visitor id and token keep the
 * visitor (a missing or forged pair gets a fresh id, never someone else's conversations); the
 * visitor's open conversation with the agent is reused unless `newConversation` asks for another.
 */
export async function openSession(deps: Deps, body: SessionBody, client: { ip: string; userAgent: string }) {
  const bundle = await loadAgentBundle(deps, body.agentId);
  if (!bundle || bundle.row.status !== 'published') throw new ServiceError(RuntimeMsg.NO_AGENT);
  const agent = bundle.row;
  const { db } = deps.database;
  const secret = deps.config.jwtSecret;
  const keep = body.visitorId && body.visitorToken && isVisitorToken(secret, body.visitorId, body.visitorToken);
  const visitorId = keep ? (body.visitorId as string) : newVisitorId();

  let conversation: ConversationRow | undefined;
  if (keep && !body.newConversation) {
    [conversation] = await db
      .select()
      .from(aiConversation)
      .where(
        and(
          eq(aiConversation.visitorId, visitorId),
          eq(aiConversation.agentId, agent.agentId),
          eq(aiConversation.channel, 'web'),
          ne(aiConversation.status, 'closed'),
        ),
      )
      .orderBy(desc(aiConversation.conversationId))
      .limit(1);
  }
  const now = deps.now();
  if (!conversation) {
    const [[account], [identity]] = await Promise.all([
      db
        .select({ accountId: channelAccount.accountId })
        .from(channelAccount)
        .where(and(eq(channelAccount.agentId, agent.agentId), eq(channelAccount.platform, 'web'), eq(channelAccount.status, '0')))
        .orderBy(channelAccount.accountId)
        .limit(1),
      keep
        ? db
            .select({ customerId: crmCustomerIdentity.customerId })
            .from(crmCustomerIdentity)
            .where(and(eq(crmCustomerIdentity.platform, 'web'), eq(crmCustomerIdentity.uid, visitorId)))
            .limit(1)
        : [],
    ]);
    [conversation] = await db
      .insert(aiConversation)
      .values({
        agentId: agent.agentId,
        channel: 'web',
        accountId: account?.accountId ?? null,
        customerId: identity?.customerId ?? null,
        visitorId,
        ip: client.ip.slice(0, 128),
        userAgent: client.userAgent.slice(0, 300),
        createTime: new Date(now),
      })
      .returning();
  }

  const [messages, customerName] = await Promise.all([
    latestMessages(db, conversation.conversationId, SESSION_MESSAGES),
    conversation.customerId === null
      ? ''
      : db
          .select({ name: crmCustomer.name })
          .from(crmCustomer)
          .where(eq(crmCustomer.customerId, conversation.customerId))
          .then((rows) => rows[0]?.name ?? ''),
  ]);
  const hours = agent.businessHours;
  return {
    visitorId,
    visitorToken: visitorToken(secret, visitorId),
    conversation: { conversationId: conversation.conversationId, status: conversation.status, assigneeName: conversation.assigneeName },
    agent: {
      name: agent.name,
      avatar: agent.avatar,
      welcome: renderTemplate(agent.welcomeMessage, turnVariables(bundle, now, customerName)).text,
      quickQuestions: agent.quickQuestions,
      offHours: hours.enabled && !isWithinBusinessHours(hours, now),
      offHoursText: hours.offHoursText,
    },
    messages: messages.map(publicMessage),
    consentText: CHAT_CONSENT_TEXT,
  };
}

export const CONTACT_EVIDENCE = '联系方式卡片';

/** What the contact card says, as the system note the conversation record shows. */
function contactNote(body: ContactBody): string {
  const parts = [
    body.name ? `姓名：${body.name}` : '',
    body.phone ? `手机号：${body.phone}` : '',
    body.wechat ? `微信号：${body.wechat}` : '',
  ].filter(Boolean);
  return `客户提交了联系方式（${parts.join('，')}）`;
}

/**
 * The contact card: stored as a system note carrying the fields (method 'card') and filed under
 * the customer and lead in the same transaction.
 */
export async function submitContact(deps: Deps, conversation: ConversationRow, body: ContactBody) {
  if (conversation.status === 'closed') throw new ServiceError(RuntimeMsg.CLOSED);
  const fields: CapturedField[] = [];
  const add = (field: CapturedField['field'], value: string | undefined) => {
    if (value) fields.push({ field, value, method: 'card', evidence: CONTACT_EVIDENCE });
  };
  add('name', body.name);
  add('phone', body.phone);
  add('wechat', body.wechat);
  const now = deps.now();
  const windowHours = await duplicateWindowHours(deps);
  const stored = await deps.database.db.transaction(async (tx) => {
    const appended = await appendMessages(tx, conversation.conversationId, [{ sender: 'system', content: contactNote(body), leadFields: fields }], now, {
      onlyIf: 'open',
    });
    if (!appended) throw new ServiceError(RuntimeMsg.CLOSED);
    const [message] = appended.rows;
    const capture = await captureLead(
      tx,
      { conversation: appended.conversation, fields: fields.map((f) => ({ ...f, messageId: message.messageId })) },
      now,
      windowHours,
    );
    return { message, capture };
  });
  await publishMessages(deps, conversation.channel, [stored.message]);
  await publishCapture(deps, conversation.conversationId, stored.capture);
  await announceCapture(deps, stored.capture);
  await publishRow(deps, conversation.conversationId);
  return stored.capture;
}
