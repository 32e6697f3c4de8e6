import { eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CapturedField } from '@acs/shared';
import type { Db } from '../../../db/client';
import { aiAgent, crmCustomer, crmLead, sysUser } from '../../../db/schema';
import { maskPhone, maskPhonesInText } from '../mask';
import { isOverdue } from './overdue';

const owner = alias(sysUser, 'lead_owner');

/** A user's name as staff read it: the nickname, else the account. */
export const userName = (user: { nickName: AnyPgColumn; userName: AnyPgColumn }) => sql<string>`coalesce(nullif(${user.nickName}, ''), ${user.userName}, '')`;

/** A row of the 客户留资 list: the lead with its customer's, agent's and owner's names. */
const rowColumns = {
  leadId: crmLead.leadId,
  customerId: crmLead.customerId,
  customerName: sql<string>`coalesce(${crmCustomer.name}, '')`,
  name: crmLead.name,
  phone: crmLead.phone,
  phoneMasked: crmLead.phoneMasked,
  wechat: crmLead.wechat,
  fields: crmLead.fields,
  conversationId: crmLead.conversationId,
  channel: crmLead.channel,
  agentId: crmLead.agentId,
  agentName: sql<string>`coalesce(${aiAgent.name}, '')`,
  source: crmLead.source,
  status: crmLead.status,
  ownerId: crmLead.ownerId,
  ownerName: userName(owner),
  ruleId: crmLead.ruleId,
  duplicateOf: crmLead.duplicateOf,
  assignedTime: crmLead.assignedTime,
  firstContactDeadline: crmLead.firstContactDeadline,
  lastFollowupTime: crmLead.lastFollowupTime,
  nextContactTime: crmLead.nextContactTime,
  capturedTime: crmLead.capturedTime,
  remark: crmLead.remark,
};

export const selectLeads = (db: Db) =>
  db
    .select(rowColumns)
    .from(crmLead)
    .leftJoin(crmCustomer, eq(crmCustomer.customerId, crmLead.customerId))
    .leftJoin(aiAgent, eq(aiAgent.agentId, crmLead.agentId))
    .leftJoin(owner, eq(owner.userId, crmLead.ownerId))
    .$dynamic();

type StoredRow = Awaited<ReturnType<ReturnType<typeof selectLeads>['execute']>>[number];

/** How rows are shown to the caller: the time `overdue` is judged at, and whether phones are shown whole. */
export interface Viewer {
  now: number;
  showPhone: boolean;
}

const maskField = (f: CapturedField): CapturedField => ({ ...f, value: maskPhonesInText(f.value), evidence: maskPhonesInText(f.evidence) });

/**
 * Phones masked unless the viewer may see them: the phone, and numbers anywhere in the captured fields,
 * the WeChat id (often a number) and the remark; overdue judged now.
 */
export function present(row: StoredRow, viewer: Viewer) {
  const masked = viewer.showPhone
    ? {}
    : {
        phone: maskPhone(row.phone),
        wechat: maskPhonesInText(row.wechat),
        fields: row.fields.map(maskField),
        remark: row.remark === null ? null : maskPhonesInText(row.remark),
      };
  return {
    ...row,
    ...masked,
    overdue: isOverdue(row, viewer.now),
  };
}

export type LeadRow = ReturnType<typeof present>;
