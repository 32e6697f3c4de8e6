import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BOSS_EXCHANGE_STATUS_LABELS, LEAD_STATUS_LABELS } from '@acs/shared';
import type { AppDeps } from '../../../app';
import type { Db } from '../../../db/client';
import { dayRange, likePattern, orderBy, paged, type ExcelColumn, type ListQuery } from '../../../core/list';
import { channelBossAccount, channelBossCandidate, channelBossJob, crmLead, sysUser } from '../../../db/schema';
import { maskPhone, maskPhonesInText, phoneFilter } from '../../crm/mask';
import { userName } from '../../crm/lead/rows';
import type { BossLeaveFilters } from './schema';

type Deps = Pick<AppDeps, 'database'>;

/** Who lists: their data scope over lead owners (crm/scope.ts) and whether phones show whole. */
export interface BossLeaveContext {
  scope: SQL | undefined;
  showPhone: boolean;
}

const owner = alias(sysUser, 'boss_lead_owner');

/**
 * The candidate behind a lead: the lead's customer on the lead's account (the newest, should a customer
 * have written from two BOSS ids). Lateral, so the join yields one row per lead.
 */
function candidateOf(db: Db) {
  return db
    .select({
      bossUid: channelBossCandidate.bossUid,
      jobId: channelBossCandidate.jobId,
      candidateName: channelBossCandidate.name,
      experience: channelBossCandidate.experience,
      education: channelBossCandidate.education,
      expectedSalary: channelBossCandidate.expectedSalary,
      city: channelBossCandidate.city,
      resumeReceived: channelBossCandidate.resumeReceived,
      exchangeStatus: channelBossCandidate.exchangeStatus,
    })
    .from(channelBossCandidate)
    .where(and(eq(channelBossCandidate.accountId, crmLead.accountId), eq(channelBossCandidate.customerId, crmLead.customerId)))
    .orderBy(desc(channelBossCandidate.updateTime))
    .limit(1)
    .as('candidate');
}

function selectRows(db: Db) {
  const candidate = candidateOf(db);
  const query = db
    .select({
      leadId: crmLead.leadId,
      customerId: crmLead.customerId,
      conversationId: crmLead.conversationId,
      accountId: crmLead.accountId,
      recruiterName: sql<string>`coalesce(${channelBossAccount.recruiterName}, '')`,
      jobId: candidate.jobId,
      jobTitle: sql<string>`coalesce(${channelBossJob.title}, '')`,
      bossUid: sql<string>`coalesce(${candidate.bossUid}, '')`,
      name: sql<string>`coalesce(nullif(${crmLead.name}, ''), ${candidate.candidateName}, '')`,
      phone: crmLead.phone,
      phoneMasked: crmLead.phoneMasked,
      wechat: crmLead.wechat,
      experience: sql<string>`coalesce(${candidate.experience}, '')`,
      education: sql<string>`coalesce(${candidate.education}, '')`,
      expectedSalary: sql<string>`coalesce(${candidate.expectedSalary}, '')`,
      city: sql<string>`coalesce(${candidate.city}, '')`,
      resumeReceived: sql<boolean>`coalesce(${candidate.resumeReceived}, false)`,
      exchangeStatus: sql<string>`coalesce(${candidate.exchangeStatus}, 'none')`,
      status: crmLead.status,
      ownerId: crmLead.ownerId,
      ownerName: userName(owner),
      capturedTime: crmLead.capturedTime,
    })
    .from(crmLead)
    .leftJoinLateral(candidate, sql`true`)
    .leftJoin(channelBossAccount, eq(channelBossAccount.accountId, crmLead.accountId))
    .leftJoin(channelBossJob, eq(channelBossJob.jobId, candidate.jobId))
    .leftJoin(owner, eq(owner.userId, crmLead.ownerId))
    .$dynamic();
  return { query, candidate };
}

type Candidate = ReturnType<typeof candidateOf>;

function where(q: BossLeaveFilters, ctx: BossLeaveContext, candidate: Candidate): SQL | undefined {
  return and(
    eq(crmLead.channel, 'boss'),
    q.name ? ilike(crmLead.name, likePattern(q.name)) : undefined,
    q.phone ? phoneFilter(q.phone, crmLead) : undefined,
    q.accountId ? eq(crmLead.accountId, q.accountId) : undefined,
    q.jobId ? eq(candidate.jobId, q.jobId) : undefined,
    q.status ? eq(crmLead.status, q.status) : undefined,
    q.exchangeStatus ? sql`coalesce(${candidate.exchangeStatus}, 'none') = ${q.exchangeStatus}` : undefined,
    ...dayRange(crmLead.capturedTime, q),
    ctx.scope,
  );
}

const sortable = { leadId: crmLead.leadId, capturedTime: crmLead.capturedTime, status: crmLead.status };
const defaultOrder = [desc(crmLead.capturedTime), desc(crmLead.leadId)];

type StoredRow = Awaited<ReturnType<ReturnType<typeof selectRows>['query']['execute']>>[number];

/** Phones whole only for viewers allowed to see them (crm:customer:phone), as in 客户留资. */
function present(row: StoredRow, ctx: BossLeaveContext) {
  return ctx.showPhone ? row : { ...row, phone: maskPhone(row.phone), wechat: maskPhonesInText(row.wechat) };
}

export type BossLeaveRow = ReturnType<typeof present>;

export async function listBossLeads(deps: Deps, q: BossLeaveFilters & ListQuery, ctx: BossLeaveContext) {
  const { db } = deps.database;
  const { query, candidate } = selectRows(db);
  const filter = where(q, ctx, candidate);
  const order = orderBy(q, sortable, defaultOrder);
  const page = await paged(
    q,
    async () => (await db.select({ n: count() }).from(crmLead).leftJoinLateral(candidate, sql`true`).where(filter))[0].n,
    (limit, offset) => query.where(filter).orderBy(...order).limit(limit).offset(offset),
  );
  return { rows: page.rows.map((r) => present(r, ctx)), total: page.total };
}

export async function exportBossLeads(deps: Deps, q: BossLeaveFilters, ctx: BossLeaveContext): Promise<BossLeaveRow[]> {
  const { query, candidate } = selectRows(deps.database.db);
  const rows = await query.where(where(q, ctx, candidate)).orderBy(...orderBy(q, sortable, defaultOrder));
  return rows.map((r) => present(r, ctx));
}

export const BOSS_LEAD_COLUMNS: ExcelColumn<BossLeaveRow>[] = [
  { header: '线索编号', value: (r) => r.leadId },
  { header: '姓名', value: (r) => r.name },
  { header: '应聘职位', value: (r) => r.jobTitle, width: 20 },
  { header: '招聘账号', value: (r) => r.recruiterName },
  { header: 'BOSS编号', value: (r) => r.bossUid, width: 20 },
  { header: '手机号', value: (r) => r.phone || r.phoneMasked },
  { header: '微信号', value: (r) => r.wechat },
  { header: '工作经验', value: (r) => r.experience },
  { header: '学历', value: (r) => r.education },
  { header: '期望薪资', value: (r) => r.expectedSalary },
  { header: '城市', value: (r) => r.city },
  { header: '已收简历', value: (r) => (r.resumeReceived ? '是' : '否') },
  { header: '交换状态', value: (r) => r.exchangeStatus, dict: BOSS_EXCHANGE_STATUS_LABELS },
  { header: '线索状态', value: (r) => r.status, dict: LEAD_STATUS_LABELS },
  { header: '负责人', value: (r) => r.ownerName },
  { header: '留资时间', value: (r) => r.capturedTime, width: 20 },
];
