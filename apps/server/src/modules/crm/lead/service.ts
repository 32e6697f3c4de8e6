import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { CHANNEL_LABELS, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { dayRange, likePattern, orderBy, paged, type ExcelColumn, type ListQuery } from '../../../core/list';
import { aiMessage, crmFollowup, crmLead, crmLeadEvent } from '../../../db/schema';
import { selectLeadEvents } from '../lead-events';
import { maskPhonesInText, phoneFilter } from '../mask';
import { overdueWhere } from './overdue';
import { present, selectLeads, type LeadRow, type Viewer } from './rows';
import type { LeadFilters } from './schema';

type Deps = Pick<AppDeps, 'database'>;

export const LeadMsg = {
  NOT_FOUND: '线索不存在',
} as const;

/** Who lists: their data scope (modules/crm/scope.ts), their id (我的线索) and how rows are shown. */
export interface ListContext extends Viewer {
  userId: number;
  scope: SQL | undefined;
}

function where(q: LeadFilters, ctx: ListContext): SQL | undefined {
  return and(
    q.name ? ilike(crmLead.name, likePattern(q.name)) : undefined,
    q.phone ? phoneFilter(q.phone, crmLead) : undefined,
    q.wechat ? ilike(crmLead.wechat, likePattern(q.wechat)) : undefined,
    q.channel ? eq(crmLead.channel, q.channel) : undefined,
    q.agentId ? eq(crmLead.agentId, q.agentId) : undefined,
    q.customerId ? eq(crmLead.customerId, q.customerId) : undefined,
    q.ownerId ? eq(crmLead.ownerId, q.ownerId) : undefined,
    q.status ? eq(crmLead.status, q.status) : undefined,
    q.source ? eq(crmLead.source, q.source) : undefined,
    q.mine ? eq(crmLead.ownerId, ctx.userId) : undefined,
    q.pool ? and(isNull(crmLead.ownerId), eq(crmLead.status, 'new')) : undefined,
    q.overdue ? overdueWhere(ctx.now) : undefined,
    ...dayRange(crmLead.capturedTime, q),
    ctx.scope,
  );
}

const sortable = {
  leadId: crmLead.leadId,
  capturedTime: crmLead.capturedTime,
  firstContactDeadline: crmLead.firstContactDeadline,
  status: crmLead.status,
  lastFollowupTime: crmLead.lastFollowupTime,
};
const defaultOrder = [desc(crmLead.capturedTime), desc(crmLead.leadId)];

export async function listLeads(deps: Deps, q: LeadFilters & ListQuery, ctx: ListContext) {
  const { db } = deps.database;
  const filter = where(q, ctx);
  const order = orderBy(q, sortable, defaultOrder);
  const page = await paged(
    q,
    async () => (await db.select({ n: count() }).from(crmLead).where(filter))[0].n,
    (limit, offset) =>
      selectLeads(db)
        .where(filter)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { rows: page.rows.map((r) => present(r, ctx)), total: page.total };
}

export async function exportLeads(deps: Deps, q: LeadFilters, ctx: ListContext): Promise<LeadRow[]> {
  const rows = await selectLeads(deps.database.db)
    .where(where(q, ctx))
    .orderBy(...orderBy(q, sortable, defaultOrder));
  return rows.map((r) => present(r, ctx));
}

const FIELD_LABELS: Record<string, string> = { name: '姓名', phone: '手机号', wechat: '微信号' };

export const LEAD_COLUMNS: ExcelColumn<LeadRow>[] = [
  { header: '线索编号', value: (r) => r.leadId },
  { header: '客户编号', value: (r) => r.customerId },
  { header: '客户', value: (r) => r.customerName },
  { header: '姓名', value: (r) => r.name },
  { header: '手机号', value: (r) => r.phone || r.phoneMasked },
  { header: '微信号', value: (r) => r.wechat },
  { header: '留资内容', value: (r) => r.fields.map((f) => `${FIELD_LABELS[f.field] ?? f.field}：${f.value}`).join('\n'), width: 30 },
  { header: '渠道', value: (r) => r.channel, dict: CHANNEL_LABELS },
  { header: 'AI客服', value: (r) => r.agentName },
  { header: '来源', value: (r) => r.source, dict: LEAD_SOURCE_LABELS },
  { header: '状态', value: (r) => r.status, dict: LEAD_STATUS_LABELS },
  { header: '负责人', value: (r) => r.ownerName },
  { header: '重复于线索', value: (r) => r.duplicateOf },
  { header: '分配时间', value: (r) => r.assignedTime, width: 20 },
  { header: '首次联系截止', value: (r) => r.firstContactDeadline, width: 20 },
  { header: '是否超时', value: (r) => (r.overdue ? '是' : '否') },
  { header: '最近跟进', value: (r) => r.lastFollowupTime, width: 20 },
  { header: '下次联系', value: (r) => r.nextContactTime, width: 20 },
  { header: '留资时间', value: (r) => r.capturedTime, width: 20 },
  { header: '备注', value: (r) => r.remark, width: 24 },
];

export async function requireLeadRow(deps: Deps, leadId: number, viewer: Viewer): Promise<LeadRow> {
  const [row] = await selectLeads(deps.database.db).where(eq(crmLead.leadId, leadId)).limit(1);
  if (!row) throw new ServiceError(LeadMsg.NOT_FOUND);
  return present(row, viewer);
}

/** The lead with its history (who moved it where, and why) and its follow-ups, oldest first. */
export async function leadDetail(deps: Deps, leadId: number, viewer: Viewer) {
  const { db } = deps.database;
  const lead = await requireLeadRow(deps, leadId, viewer);
  const [events, followups] = await Promise.all([
    selectLeadEvents(db)
      .where(eq(crmLeadEvent.leadId, leadId))
      .orderBy(asc(crmLeadEvent.createTime), asc(crmLeadEvent.eventId)),
    db.select().from(crmFollowup).where(eq(crmFollowup.leadId, leadId)).orderBy(asc(crmFollowup.createTime), asc(crmFollowup.followupId)),
  ]);
  const shown = viewer.showPhone ? followups : followups.map((f) => ({ ...f, note: maskPhonesInText(f.note) }));
  return { ...lead, events, followups: shown };
}

/** Messages the 聊天记录 dialog shows: at most this many, around the first evidencing message. */
const CHAT_WINDOW = 200;

/**
 * The lead's conversation around the evidence: up to half the window before the first message that
 * evidences a captured field, the rest from it on; each message marked when it is evidence.
 */
export async function leadChat(deps: Deps, leadId: number, viewer: Viewer) {
  const { db } = deps.database;
  const lead = await requireLeadRow(deps, leadId, viewer);
  if (lead.conversationId === null) return { leadId, conversationId: null, messages: [] };
  const conversationId = lead.conversationId;
  const evidenceIds = [...new Set(lead.fields.map((f) => f.messageId).filter((id): id is number => id !== undefined))];
  const [anchor] =
    evidenceIds.length === 0
      ? []
      : await db
          .select({ seq: aiMessage.seq })
          .from(aiMessage)
          .where(and(eq(aiMessage.conversationId, conversationId), inArray(aiMessage.messageId, evidenceIds)))
          .orderBy(asc(aiMessage.seq))
          .limit(1);
  const fromSeq = anchor?.seq ?? 0;
  const before = await db
    .select()
    .from(aiMessage)
    .where(and(eq(aiMessage.conversationId, conversationId), lt(aiMessage.seq, fromSeq)))
    .orderBy(desc(aiMessage.seq))
    .limit(CHAT_WINDOW / 2);
  const after = await db
    .select()
    .from(aiMessage)
    .where(and(eq(aiMessage.conversationId, conversationId), gte(aiMessage.seq, fromSeq)))
    .orderBy(asc(aiMessage.seq))
    .limit(CHAT_WINDOW - before.length);
  const evidence = new Set(evidenceIds);
  const messages = [...before.reverse(), ...after].map((m) => ({
    messageId: m.messageId,
    seq: m.seq,
    sender: m.sender,
    senderName: m.senderName,
    content: viewer.showPhone ? m.content : maskPhonesInText(m.content),
    createTime: m.createTime,
    evidence: evidence.has(m.messageId),
  }));
  return { leadId, conversationId, messages };
}
