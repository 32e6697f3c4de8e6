import { and, asc, desc, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { CHANNEL_LABELS, CONVERSATION_STATUS_LABELS, OPEN_LEAD_STATUSES } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { dayRange, likePattern, paged, type ExcelColumn, type ListQuery } from '../../../core/list';
import { aiConversation, aiMessage, crmCustomer, crmLead } from '../../../db/schema';
import { selectRows, type ConversationListRow } from './rows';
import type { ConversationFilters } from './schema';

type Deps = Pick<AppDeps, 'database'>;

/** Messages a conversation record shows at most (a conversation is rarely a tenth of this). */
const RECORD_MESSAGES = 2000;

/**
 * Debug-chat conversations belong to the debug dialog and never list; neither do pages opened
 * without a word said (every /chat visit opens a conversation). `scope` is the caller's data scope
 * (./scope.ts).
 */
function where(q: ConversationFilters, scope: SQL | undefined): SQL | undefined {
  const keyword = q.keyword?.trim();
  const k = keyword ? likePattern(keyword) : '';
  const range = {
    'params[beginTime]': q['params[beginTime]'] ?? q.beginTime,
    'params[endTime]': q['params[endTime]'] ?? q.endTime,
  };
  return and(
    q.channel ? eq(aiConversation.channel, q.channel) : ne(aiConversation.channel, 'debug'),
    isNotNull(aiConversation.lastMessageTime),
    q.status ? eq(aiConversation.status, q.status) : undefined,
    q.agentId ? eq(aiConversation.agentId, Number(q.agentId)) : undefined,
    keyword
      ? or(
          sql`${crmCustomer.name} like ${k}`,
          sql`${crmCustomer.phone} like ${k}`,
          sql`${crmCustomer.phoneMasked} like ${k}`,
          sql`${crmCustomer.wechat} like ${k}`,
          sql`${aiConversation.visitorId} like ${k}`,
          sql`${aiConversation.lastMessage} like ${k}`,
        )
      : undefined,
    ...dayRange(aiConversation.createTime, range),
    scope,
  );
}

/** Newest activity first: the conversations needing attention are on top. */
const order = [sql`${aiConversation.lastMessageTime} desc nulls last`, desc(aiConversation.conversationId)];

export async function listConversations(deps: Deps, q: ConversationFilters & ListQuery, scope: SQL | undefined) {
  const { db } = deps.database;
  const filter = where(q, scope);
  return paged(
    q,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(aiConversation)
          .leftJoin(crmCustomer, eq(crmCustomer.customerId, aiConversation.customerId))
          .where(filter)
      )[0].n,
    (limit, offset) => selectRows(db).where(filter).orderBy(...order).limit(limit).offset(offset),
  );
}

export function exportConversations(deps: Deps, q: ConversationFilters, scope: SQL | undefined) {
  return selectRows(deps.database.db).where(where(q, scope)).orderBy(...order);
}

export const CONVERSATION_COLUMNS: ExcelColumn<ConversationListRow>[] = [
  { header: '会话编号', value: (r) => r.conversationId },
  { header: 'AI客服', value: (r) => r.agentName },
  { header: '渠道', value: (r) => r.channel, dict: CHANNEL_LABELS },
  { header: '访客', value: (r) => r.visitorId, width: 36 },
  { header: '客户', value: (r) => r.customerName },
  { header: '手机号', value: (r) => r.phone },
  { header: '微信号', value: (r) => r.wechat },
  { header: '状态', value: (r) => r.status, dict: CONVERSATION_STATUS_LABELS },
  { header: '接待客服', value: (r) => r.assigneeName },
  { header: '转人工原因', value: (r) => r.handoffReason, width: 24 },
  { header: '消息轮次', value: (r) => r.turns },
  { header: '最后消息', value: (r) => r.lastMessage, width: 40 },
  { header: '最后消息时间', value: (r) => r.lastMessageTime, width: 20 },
  { header: '创建时间', value: (r) => r.createTime, width: 20 },
];

/** The conversation record: its row and state, every message, the customer and the customer's current lead (an open one first). */
export async function conversationDetail(deps: Deps, conversationId: number) {
  const { db } = deps.database;
  const [[row], [state]] = await Promise.all([
    selectRows(db).where(eq(aiConversation.conversationId, conversationId)).limit(1),
    db
      .select({
        failures: aiConversation.failures,
        leadAskedTurn: aiConversation.leadAskedTurn,
        leadDeclined: aiConversation.leadDeclined,
        lastSeq: aiConversation.lastSeq,
        userAgent: aiConversation.userAgent,
      })
      .from(aiConversation)
      .where(eq(aiConversation.conversationId, conversationId))
      .limit(1),
  ]);
  if (!row || !state) return null;
  const customerId = row.customerId;
  const openFirst = sql`${crmLead.status} in (${sql.join(
    OPEN_LEAD_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}) desc`;
  const [messages, customer, lead] = await Promise.all([
    db.select().from(aiMessage).where(eq(aiMessage.conversationId, conversationId)).orderBy(asc(aiMessage.seq)).limit(RECORD_MESSAGES),
    customerId === null ? [] : db.select().from(crmCustomer).where(eq(crmCustomer.customerId, customerId)).limit(1),
    customerId === null ? [] : db.select().from(crmLead).where(eq(crmLead.customerId, customerId)).orderBy(openFirst, desc(crmLead.leadId)).limit(1),
  ]);
  return { conversation: { ...row, ...state }, messages, customer: customer[0] ?? null, lead: lead[0] ?? null };
}
