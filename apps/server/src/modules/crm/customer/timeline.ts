import { desc, eq, inArray } from 'drizzle-orm';
import type { CapturedField } from '@acs/shared';
import type { LoginSession } from '../../../core/auth';
import { aiAgent, aiConversation, aiMessage, crmFollowup, crmLead, crmLeadEvent } from '../../../db/schema';
import { checkOwnerScope } from '../scope';
import { userNames } from './contacts';
import { masksFor } from './rows';
import { CUSTOMERS, Perm, type Deps } from './service';

/** Entries of each kind (messages, conversations, leads, history, follow-ups) the timeline holds at most: the newest. */
export const TIMELINE_LIMIT = 500;

const messageColumns = {
  messageId: aiMessage.messageId,
  conversationId: aiMessage.conversationId,
  seq: aiMessage.seq,
  sender: aiMessage.sender,
  senderName: aiMessage.senderName,
  content: aiMessage.content,
  leadFields: aiMessage.leadFields,
  createTime: aiMessage.createTime,
};

/** The newest TIMELINE_LIMIT rows, and whether there were more. */
async function bounded<T>(query: { limit(n: number): Promise<T[]> }): Promise<{ rows: T[]; cut: boolean }> {
  const rows = await query.limit(TIMELINE_LIMIT + 1);
  return { rows: rows.slice(0, TIMELINE_LIMIT), cut: rows.length > TIMELINE_LIMIT };
}

async function readCustomerHistory(deps: Deps, customerId: number) {
  const { db } = deps.database;
  const [conversations, messages, leads, events, followups] = await Promise.all([
    bounded(
      db
        .select({
          conversationId: aiConversation.conversationId,
          channel: aiConversation.channel,
          agentId: aiConversation.agentId,
          agentName: aiAgent.name,
          status: aiConversation.status,
          createTime: aiConversation.createTime,
          closeTime: aiConversation.closeTime,
        })
        .from(aiConversation)
        .leftJoin(aiAgent, eq(aiAgent.agentId, aiConversation.agentId))
        .where(eq(aiConversation.customerId, customerId))
        .orderBy(desc(aiConversation.createTime), desc(aiConversation.conversationId)),
    ),
    bounded(
      db
        .select(messageColumns)
        .from(aiMessage)
        .innerJoin(aiConversation, eq(aiConversation.conversationId, aiMessage.conversationId))
        .where(eq(aiConversation.customerId, customerId))
        .orderBy(desc(aiMessage.createTime), desc(aiMessage.messageId)),
    ),
    bounded(db.select().from(crmLead).where(eq(crmLead.customerId, customerId)).orderBy(desc(crmLead.capturedTime), desc(crmLead.leadId))),
    bounded(db.select().from(crmLeadEvent).where(eq(crmLeadEvent.customerId, customerId)).orderBy(desc(crmLeadEvent.createTime), desc(crmLeadEvent.eventId))),
    bounded(db.select().from(crmFollowup).where(eq(crmFollowup.customerId, customerId)).orderBy(desc(crmFollowup.createTime), desc(crmFollowup.followupId))),
  ]);
  return { conversations, messages, leads, events, followups };
}

/** The messages evidencing captured fields, including those older than the messages shown. */
async function evidenceMessages(deps: Deps, fields: CapturedField[], known: Map<number, MessageRow>) {
  const missing = [...new Set(fields.map((f) => f.messageId).filter((id): id is number => id !== undefined && !known.has(id)))];
  const found = new Map(known);
  if (missing.length === 0) return found;
  const rows = await deps.database.db.select(messageColumns).from(aiMessage).where(inArray(aiMessage.messageId, missing));
  for (const row of rows) found.set(row.messageId, row);
  return found;
}

type MessageRow = Awaited<ReturnType<typeof readCustomerHistory>>['messages']['rows'][number];

/**
 * 客户详情 › 时间线: one list across channels, newest first, of the customer's conversations (each
 * with its messages in order), leads, captured fields (each with the message that evidences it),
 * history entries and follow-ups. Each kind holds its newest TIMELINE_LIMIT entries; `truncated`
 * says that some kind had more. Phone numbers are masked as in the list.
 */
export async function customerTimeline(deps: Deps, session: LoginSession, customerId: number) {
  await checkOwnerScope(deps, session, Perm.QUERY, CUSTOMERS, [customerId]);
  const history = await readCustomerHistory(deps, customerId);
  const { conversations, messages, leads, events, followups } = history;
  const { phone: maskPhone, text: mask } = masksFor(session);
  const maskFields = (fields: CapturedField[]) => fields.map((f) => ({ ...f, value: mask(f.value), evidence: mask(f.evidence) }));
  const maskMessage = (m: MessageRow) => ({ ...m, content: mask(m.content), leadFields: maskFields(m.leadFields) });

  const byId = new Map(messages.rows.map((m) => [m.messageId, m]));
  const evidence = await evidenceMessages(deps, leads.rows.flatMap((l) => l.fields), byId);
  const names = await userNames(deps.database.db, [
    ...leads.rows.map((l) => l.ownerId),
    ...events.rows.flatMap((e) => [e.fromOwnerId, e.toOwnerId]),
  ]);
  const nameOf = (id: number | null) => (id === null ? '' : (names.get(id) ?? ''));

  const messagesOf = new Map<number, ReturnType<typeof maskMessage>[]>();
  for (const m of messages.rows.toSorted((a, b) => a.seq - b.seq)) {
    const list = messagesOf.get(m.conversationId);
    if (list) list.push(maskMessage(m));
    else messagesOf.set(m.conversationId, [maskMessage(m)]);
  }

  const items = [
    ...conversations.rows.map((c) => ({
      type: 'conversation' as const,
      time: c.createTime,
      ...c,
      agentName: c.agentName ?? '',
      messages: messagesOf.get(c.conversationId) ?? [],
    })),
    ...leads.rows.map((l) => ({
      type: 'lead' as const,
      time: l.capturedTime,
      leadId: l.leadId,
      conversationId: l.conversationId,
      channel: l.channel,
      source: l.source,
      status: l.status,
      ownerId: l.ownerId,
      ownerName: nameOf(l.ownerId),
      duplicateOf: l.duplicateOf,
      name: l.name,
      phone: maskPhone(l.phone),
      phoneMasked: l.phoneMasked,
      wechat: mask(l.wechat),
      fields: maskFields(l.fields),
    })),
    ...leads.rows.flatMap((l) =>
      maskFields(l.fields).map((f) => {
        const message = f.messageId === undefined ? undefined : evidence.get(f.messageId);
        return { type: 'field' as const, time: message?.createTime ?? l.capturedTime, leadId: l.leadId, ...f, message: message ? maskMessage(message) : null };
      }),
    ),
    ...events.rows.map((e) => ({
      type: 'event' as const,
      time: e.createTime,
      ...e,
      reason: mask(e.reason),
      fromOwnerName: nameOf(e.fromOwnerId),
      toOwnerName: nameOf(e.toOwnerId),
    })),
    ...followups.rows.map((f) => ({ type: 'followup' as const, time: f.createTime, ...f, note: mask(f.note) })),
  ];
  items.sort((a, b) => b.time.getTime() - a.time.getTime());
  const truncated = Object.values(history).some((kind) => kind.cut);
  return { items, truncated, limit: TIMELINE_LIMIT };
}
