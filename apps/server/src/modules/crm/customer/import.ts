import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { CUSTOMER_STAGE_LABELS } from '@acs/shared';
import type { AppDeps } from '../../../app';
import type { LoginSession } from '../../../core/auth';
import { ServiceError } from '../../../core/errors';
import { IMPORT_MAX_ROWS_KEY, importRowLimit, importWorkbook, type ImportOutcome } from '../../../core/list';
import { filterText } from '../../../core/rules';
import type { Db } from '../../../db/client';
import { crmCustomer, sysUser } from '../../../db/schema';
import { getConfigValue } from '../../system/config/service';
import { reverseDict } from '../../system/user/excel';
import type { Operator } from '../lead-events';
import { announceAssignments, type LeadAssignment } from '../notify/announce';
import { NO_CRM_ACCESS, ownerScope } from '../scope';
import { lockContactKeys } from './contacts';
import { Col, TAG_SPLIT } from './excel';
import { leadForNewCustomer } from './lead';
import { customerFields, type CustomerBody } from './schema';
import { applyEdit, editableOf, insertValues, operatorOf, Perm, saveEdit } from './service';

const importRow = z.object({
  name: customerFields.name,
  phone: customerFields.phone,
  wechat: customerFields.wechat,
  tags: customerFields.tags,
  stage: customerFields.stage,
  remark: customerFields.remark,
  owner: filterText('负责人账号', sysUser.userName),
});

/** A row's cells; a blank cell is no value (kept on update), as in 用户管理's import. */
function parseRow(cells: Record<string, string>) {
  const cell = (title: string) => cells[title]?.trim() || undefined;
  const tags = cell(Col.TAGS);
  const parsed = importRow.safeParse({
    name: cell(Col.NAME),
    phone: cell(Col.PHONE),
    wechat: cell(Col.WECHAT),
    tags: tags?.split(TAG_SPLIT),
    stage: reverseDict(CUSTOMER_STAGE_LABELS, cell(Col.STAGE)),
    remark: cell(Col.REMARK),
    owner: cell(Col.OWNER),
  });
  if (!parsed.success) throw new ServiceError(parsed.error.issues[0]?.message ?? '数据格式不正确');
  return parsed.data;
}

interface ImportContext {
  session: LoginSession;
  operator: Operator;
  updateSupport: boolean;
  at: Date;
  /** Phones and WeChat ids of earlier rows: a second row for the same person is a mistake, not an update. */
  seen: Set<string>;
  /** Who the new customers' leads went to, announced once the whole import is committed. */
  assignments: LeadAssignment[];
}

async function ownerIdByName(db: Db, userName: string): Promise<number> {
  const [user] = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.userName, userName), eq(sysUser.status, '0'), eq(sysUser.delFlag, '0')))
    .limit(1);
  if (!user) throw new ServiceError(`负责人账号${userName}不存在或已停用`);
  return user.userId;
}

/** The customer a row is about: by phone, then WeChat id (any case), as capture finds customers. */
async function findExisting(db: Db, phone: string, wechat: string) {
  const by = async (match: SQL) =>
    (await db.select().from(crmCustomer).where(match).orderBy(crmCustomer.customerId).limit(1).for('update'))[0];
  return (phone ? await by(sql`${crmCustomer.phone} = ${phone}`) : undefined) ?? (wechat ? await by(sql`lower(${crmCustomer.wechat}) = ${wechat.toLowerCase()}`) : undefined);
}

function markSeen(ctx: ImportContext, phone: string, wechat: string) {
  if (phone && ctx.seen.has(`p:${phone}`)) throw new ServiceError('与文件中前面的行手机号重复');
  if (wechat && ctx.seen.has(`w:${wechat.toLowerCase()}`)) throw new ServiceError('与文件中前面的行微信号重复');
  if (phone) ctx.seen.add(`p:${phone}`);
  if (wechat) ctx.seen.add(`w:${wechat.toLowerCase()}`);
}

async function importOne(db: Db, ctx: ImportContext, cells: Record<string, string>): Promise<ImportOutcome> {
  const { owner, ...row } = parseRow(cells);
  const phone = row.phone ?? '';
  const wechat = row.wechat ?? '';
  if (!phone && !wechat) throw new ServiceError('请至少填写手机号或微信号');
  markSeen(ctx, phone, wechat);
  const body: CustomerBody = { ...row, ownerId: owner ? await ownerIdByName(db, owner) : undefined };
  await lockContactKeys(db, { phones: [phone], wechats: [wechat] });
  const existing = await findExisting(db, phone, wechat);
  if (!existing) {
    const values = insertValues(body, 'import', ctx.operator.name, ctx.at);
    const [row] = await db.insert(crmCustomer).values(values).returning({ customerId: crmCustomer.customerId });
    const assignment = await leadForNewCustomer(db, { customerId: row.customerId, ...values }, { source: 'import', operator: ctx.operator, now: ctx.at.getTime() });
    if (assignment) ctx.assignments.push(assignment);
    return 'inserted';
  }
  if (!ctx.updateSupport) return 'exists';
  const scope = ownerScope(ctx.session, Perm.IMPORT, crmCustomer.ownerId);
  if (scope && (await db.select({ id: crmCustomer.customerId }).from(crmCustomer).where(and(eq(crmCustomer.customerId, existing.customerId), scope))).length === 0) {
    throw new ServiceError(NO_CRM_ACCESS);
  }
  await saveEdit(db, existing, applyEdit(editableOf(existing), body), { operator: ctx.operator, at: ctx.at, reason: '导入更新' });
  return 'updated';
}

/**
 * POST /crm/customer/importData, through the import path of 用户管理 (core/list importWorkbook): a
 * bounded read of the file, one transaction, a report per row. A new customer gets its lead
 * (./lead.ts); a row whose phone or WeChat id is a known customer's updates that customer with
 * updateSupport (no new lead) and is refused without.
 */
export async function importCustomers(deps: AppDeps, session: LoginSession, data: Buffer, updateSupport: boolean): Promise<string> {
  const ctx: ImportContext = { session, operator: operatorOf(session), updateSupport, at: new Date(deps.now()), seen: new Set(), assignments: [] };
  const report = await importWorkbook(deps.database.db, data, {
    label: (cells) => `客户 ${cells[Col.NAME] || cells[Col.PHONE] || cells[Col.WECHAT] || ''}`,
    importOne: (db, cells) => importOne(db, ctx, cells),
    emptyMessage: '导入客户数据不能为空！',
    maxRows: importRowLimit(await getConfigValue(deps, IMPORT_MAX_ROWS_KEY)),
  });
  await announceAssignments(deps, ctx.assignments);
  return report;
}
