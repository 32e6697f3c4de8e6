import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LoginSession } from '../../../core/auth';
import { dayRange, likePattern, orderBy, type ListQuery } from '../../../core/list';
import type { Db } from '../../../db/client';
import { aiConversation, crmCustomer, crmLead, sysUser } from '../../../db/schema';
import { maskPhone, maskPhonesInText, maySeePhone, phoneFilter } from '../mask';
import type { CustomerFilters } from './schema';

const owner = alias(sysUser, 'owner');

const conversationCount = sql<number>`(select count(*)::int from ${aiConversation} where ${aiConversation.customerId} = ${crmCustomer.customerId})`;
const leadCount = sql<number>`(select count(*)::int from ${crmLead} where ${crmLead.customerId} = ${crmCustomer.customerId})`;

/** A row of the 客户管理 list, the detail and the export. */
const rowColumns = {
  customerId: crmCustomer.customerId,
  name: crmCustomer.name,
  phone: crmCustomer.phone,
  phoneMasked: crmCustomer.phoneMasked,
  /** A second number the customer gave (capture.ts), normalised like phone. */
  phoneAlt: crmCustomer.phoneAlt,
  wechat: crmCustomer.wechat,
  source: crmCustomer.source,
  stage: crmCustomer.stage,
  tags: crmCustomer.tags,
  ownerId: crmCustomer.ownerId,
  ownerName: sql<string>`coalesce(${owner.nickName}, '')`,
  conversationCount,
  leadCount,
  lastSeenTime: crmCustomer.lastSeenTime,
  firstSeenTime: crmCustomer.firstSeenTime,
  createTime: crmCustomer.createTime,
  remark: crmCustomer.remark,
};

export const selectRows = (db: Db) => db.select(rowColumns).from(crmCustomer).leftJoin(owner, eq(owner.userId, crmCustomer.ownerId)).$dynamic();

export type CustomerRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

export interface Masks {
  /** A stored (normalised) phone number. */
  phone: (phone: string) => string;
  /** Free text that may hold a number: a WeChat id that is a mobile, a remark, a message. */
  text: (text: string) => string;
}

const unchanged = (value: string) => value;

/** The one masking rule of list, detail, timeline and export (../mask.ts): whole numbers only for crm:customer:phone. */
export const masksFor = (session: LoginSession): Masks =>
  maySeePhone(session) ? { phone: unchanged, text: unchanged } : { phone: maskPhone, text: maskPhonesInText };

/** The row as the user may see it. */
export const maskRow = <T extends Pick<CustomerRow, 'phone' | 'phoneAlt' | 'wechat' | 'remark'>>(row: T, masks: Masks): T => ({
  ...row,
  phone: masks.phone(row.phone),
  phoneAlt: masks.phone(row.phoneAlt),
  wechat: masks.text(row.wechat),
  remark: row.remark === null ? null : masks.text(row.remark),
});

/** The list's filters and the caller's data scope (modules/crm/scope.ts). */
export function where(q: CustomerFilters, scope: SQL | undefined): SQL | undefined {
  return and(
    q.name ? ilike(crmCustomer.name, likePattern(q.name)) : undefined,
    q.phone ? phoneFilter(q.phone, crmCustomer) : undefined,
    q.wechat ? ilike(crmCustomer.wechat, likePattern(q.wechat)) : undefined,
    q.source ? eq(crmCustomer.source, q.source) : undefined,
    q.stage ? eq(crmCustomer.stage, q.stage) : undefined,
    q.tag ? sql`${crmCustomer.tags} @> ${JSON.stringify([q.tag])}::jsonb` : undefined,
    q.ownerId ? eq(crmCustomer.ownerId, q.ownerId) : undefined,
    ...dayRange(crmCustomer.lastSeenTime, q),
    scope,
  );
}

const sortable = {
  customerId: crmCustomer.customerId,
  lastSeenTime: crmCustomer.lastSeenTime,
  firstSeenTime: crmCustomer.firstSeenTime,
  createTime: crmCustomer.createTime,
};
const sortableCounts: Record<string, SQL> = { conversationCount, leadCount };
/** Latest activity first. */
const defaultOrder = [desc(crmCustomer.lastSeenTime), desc(crmCustomer.customerId)];

/** The counts are expressions, which core/list's orderBy (a column whitelist) does not take. */
export function order(q: Pick<ListQuery, 'orderByColumn' | 'isAsc'>): SQL[] {
  const count = q.orderByColumn && Object.hasOwn(sortableCounts, q.orderByColumn) ? sortableCounts[q.orderByColumn] : undefined;
  if (!count) return orderBy(q, sortable, defaultOrder);
  return [q.isAsc === 'desc' || q.isAsc === 'descending' ? desc(count) : asc(count), ...defaultOrder];
}
