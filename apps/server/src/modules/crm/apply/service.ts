import { and, count, desc, eq, inArray, like, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { APPLY_STATUS_LABELS, LEAD_STATUS_LABELS } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { dayRange, likePattern, orderBy, paged, type ExcelColumn, type ListQuery } from '../../../core/list';
import type { Db } from '../../../db/client';
import { crmApply, crmLead, sysUser } from '../../../db/schema';
import { normalizeMobile } from '../capture';
import { userName } from '../lead/rows';
import { maskPhone, maskPhonesInText } from '../mask';
import type { ApplyFilters, HandleBody } from './schema';

type Deps = Pick<AppDeps, 'database' | 'now'>;

export const ApplyMsg = { NOT_FOUND: '申请记录不存在' } as const;

const leadOwner = alias(sysUser, 'apply_lead_owner');

/** A 申请记录 row with where its lead stands now (status and owner). */
const rowColumns = {
  applyId: crmApply.applyId,
  name: crmApply.name,
  phone: crmApply.phone,
  company: crmApply.company,
  need: crmApply.need,
  consent: crmApply.consent,
  status: crmApply.status,
  repeatCount: crmApply.repeatCount,
  customerId: crmApply.customerId,
  leadId: crmApply.leadId,
  leadStatus: crmLead.status,
  leadOwnerName: userName(leadOwner),
  handleNote: crmApply.handleNote,
  handledBy: crmApply.handledBy,
  handledTime: crmApply.handledTime,
  ip: crmApply.ip,
  userAgent: crmApply.userAgent,
  createTime: crmApply.createTime,
  lastApplyTime: crmApply.lastApplyTime,
};

const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(crmApply)
    .leftJoin(crmLead, eq(crmLead.leadId, crmApply.leadId))
    .leftJoin(leadOwner, eq(leadOwner.userId, crmLead.ownerId))
    .$dynamic();

type StoredRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** Numbers masked (138****5678) for viewers without crm:customer:phone: the phone and any typed into the texts. */
function present(row: StoredRow, showPhone: boolean) {
  if (showPhone) return row;
  return { ...row, phone: maskPhone(row.phone), need: maskPhonesInText(row.need), handleNote: maskPhonesInText(row.handleNote) };
}
export type ApplyRow = ReturnType<typeof present>;

/** A whole mobile number in any spelling finds that number; other text matches part of it. */
const phoneMatch = (value: string) => {
  const mobile = normalizeMobile(value);
  return mobile ? eq(crmApply.phone, mobile) : like(crmApply.phone, likePattern(value));
};

function where(q: ApplyFilters): SQL | undefined {
  return and(
    q.name ? like(crmApply.name, likePattern(q.name)) : undefined,
    q.phone ? phoneMatch(q.phone) : undefined,
    q.company ? like(crmApply.company, likePattern(q.company)) : undefined,
    q.status ? eq(crmApply.status, q.status) : undefined,
    ...dayRange(crmApply.lastApplyTime, q),
  );
}

const sortable = {
  applyId: crmApply.applyId,
  createTime: crmApply.createTime,
  lastApplyTime: crmApply.lastApplyTime,
  repeatCount: crmApply.repeatCount,
  status: crmApply.status,
};
const defaultOrder = [desc(crmApply.lastApplyTime), desc(crmApply.applyId)];

export async function listApplies(deps: Deps, q: ApplyFilters & ListQuery, showPhone: boolean) {
  const { db } = deps.database;
  const filter = where(q);
  const order = orderBy(q, sortable, defaultOrder);
  const page = await paged(
    q,
    async () => (await db.select({ n: count() }).from(crmApply).where(filter))[0].n,
    (limit, offset) =>
      selectRows(db)
        .where(filter)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
  );
  return { rows: page.rows.map((r) => present(r, showPhone)), total: page.total };
}

export async function exportApplies(deps: Deps, q: ApplyFilters, showPhone: boolean): Promise<ApplyRow[]> {
  const rows = await selectRows(deps.database.db)
    .where(where(q))
    .orderBy(...orderBy(q, sortable, defaultOrder));
  return rows.map((r) => present(r, showPhone));
}

export const APPLY_COLUMNS: ExcelColumn<ApplyRow>[] = [
  { header: '申请编号', value: (r) => r.applyId },
  { header: '姓名', value: (r) => r.name },
  { header: '手机号', value: (r) => r.phone },
  { header: '公司名称', value: (r) => r.company, width: 24 },
  { header: '需求描述', value: (r) => r.need, width: 40 },
  { header: '处理状态', value: (r) => r.status, dict: APPLY_STATUS_LABELS },
  { header: '重复申请次数', value: (r) => r.repeatCount },
  { header: '线索状态', value: (r) => r.leadStatus, dict: LEAD_STATUS_LABELS },
  { header: '线索负责人', value: (r) => r.leadOwnerName },
  { header: '处理说明', value: (r) => r.handleNote, width: 30 },
  { header: '处理人', value: (r) => r.handledBy },
  { header: '处理时间', value: (r) => r.handledTime, width: 20 },
  { header: 'IP地址', value: (r) => r.ip },
  { header: '首次申请时间', value: (r) => r.createTime, width: 20 },
  { header: '最近申请时间', value: (r) => r.lastApplyTime, width: 20 },
];

export async function getApply(deps: Deps, applyId: number, showPhone: boolean): Promise<ApplyRow> {
  const [row] = await selectRows(deps.database.db).where(eq(crmApply.applyId, applyId)).limit(1);
  if (!row) throw new ServiceError(ApplyMsg.NOT_FOUND);
  return present(row, showPhone);
}

/** 处理: the status and a note, with who set them and when. */
export async function handleApply(deps: Deps, body: HandleBody, operator: string): Promise<number> {
  const changed = await deps.database.db
    .update(crmApply)
    .set({ status: body.status, handleNote: body.handleNote, handledBy: operator, handledTime: new Date(deps.now()) })
    .where(eq(crmApply.applyId, body.applyId))
    .returning({ applyId: crmApply.applyId });
  if (changed.length === 0) throw new ServiceError(ApplyMsg.NOT_FOUND);
  return changed.length;
}

/** Deletes the records only: their customers and leads stay with the sales team. */
export async function deleteApplies(deps: Deps, applyIds: number[]): Promise<number> {
  const removed = await deps.database.db.delete(crmApply).where(inArray(crmApply.applyId, applyIds)).returning({ applyId: crmApply.applyId });
  return removed.length;
}
