import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import type { Db } from '../../../db/client';
import { aiAgent, aiConversation, crmCustomer } from '../../../db/schema';

/** A row of the 在线会话 list: the conversation with its agent's and customer's names. */
export const rowColumns = {
  conversationId: aiConversation.conversationId,
  agentId: aiConversation.agentId,
  agentName: sql<string>`coalesce(${aiAgent.name}, '')`,
  channel: aiConversation.channel,
  accountId: aiConversation.accountId,
  visitorId: aiConversation.visitorId,
  customerId: aiConversation.customerId,
  customerName: sql<string>`coalesce(${crmCustomer.name}, '')`,
  /** The real number, else the masked one the customer showed. */
  phone: sql<string>`coalesce(nullif(${crmCustomer.phone}, ''), ${crmCustomer.phoneMasked}, '')`,
  wechat: sql<string>`coalesce(${crmCustomer.wechat}, '')`,
  status: aiConversation.status,
  assigneeId: aiConversation.assigneeId,
  assigneeName: aiConversation.assigneeName,
  handoffReason: aiConversation.handoffReason,
  turns: aiConversation.turns,
  lastMessage: aiConversation.lastMessage,
  lastMessageTime: aiConversation.lastMessageTime,
  ip: aiConversation.ip,
  createTime: aiConversation.createTime,
  closeTime: aiConversation.closeTime,
};

export const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(aiConversation)
    .leftJoin(aiAgent, eq(aiAgent.agentId, aiConversation.agentId))
    .leftJoin(crmCustomer, eq(crmCustomer.customerId, aiConversation.customerId))
    .$dynamic();

export type ConversationListRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

export async function conversationRow(deps: Pick<AppDeps, 'database'>, conversationId: number): Promise<ConversationListRow | null> {
  const [row] = await selectRows(deps.database.db).where(eq(aiConversation.conversationId, conversationId)).limit(1);
  return row ?? null;
}
