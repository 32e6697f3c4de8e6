import { bigint, boolean, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CapturedField, DistributionScope, WorkPeriod } from '@acs/shared';
import { audit, idColumn, remark, status, ts } from './columns';

export const crmCustomer = pgTable('crm_customer', {
  customerId: idColumn('customer_id', 100),
  name: varchar('name', { length: 50 }).notNull().default(''),
  /** Normalised mainland mobile, 11 digits. */
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  /** A masked number as the customer showed it (138****5678): never a usable phone. */
  phoneMasked: varchar('phone_masked', { length: 20 }).notNull().default(''),
  /** A second mobile the customer gave (「打138…或者150…都行」), normalised like phone. */
  phoneAlt: varchar('phone_alt', { length: 20 }).notNull().default(''),
  wechat: varchar('wechat', { length: 64 }).notNull().default(''),
  /** web · douyin · boss · apply · import · manual */
  source: varchar('source', { length: 16 }).notNull(),
  /** visitor · lead · customer */
  stage: varchar('stage', { length: 16 }).notNull().default('visitor'),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  /** The salesperson who owns the customer (sys_user); data scope goes through their department. */
  ownerId: bigint('owner_id', { mode: 'number' }),
  firstSeenTime: ts('first_seen_time').notNull(),
  lastSeenTime: ts('last_seen_time').notNull(),
  ...audit,
  remark: remark(),
}, (t) => [
  index('idx_crm_customer_phone').on(t.phone),
  index('idx_crm_customer_phone_alt').on(t.phoneAlt),
  index('idx_crm_customer_wechat').on(t.wechat),
  index('idx_crm_customer_owner').on(t.ownerId),
  index('idx_crm_customer_last_seen').on(t.lastSeenTime),
]);

/** How a customer is known on a platform (web visitor id, Douyin open_id, BOSS id). */
export const crmCustomerIdentity = pgTable('crm_customer_identity', {
  platform: varchar('platform', { length: 16 }).notNull(),
  uid: varchar('uid', { length: 128 }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
}, (t) => [uniqueIndex('uk_crm_identity').on(t.platform, t.uid), index('idx_crm_identity_customer').on(t.customerId)]);

export const crmLead = pgTable('crm_lead', {
  leadId: idColumn('lead_id', 100),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  conversationId: bigint('conversation_id', { mode: 'number' }),
  agentId: bigint('agent_id', { mode: 'number' }),
  channel: varchar('channel', { length: 16 }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }),
  /** chat · apply · import · manual */
  source: varchar('source', { length: 16 }).notNull().default('chat'),
  name: varchar('name', { length: 50 }).notNull().default(''),
  phone: varchar('phone', { length: 20 }).notNull().default(''),
  phoneMasked: varchar('phone_masked', { length: 20 }).notNull().default(''),
  wechat: varchar('wechat', { length: 64 }).notNull().default(''),
  /** Every captured field with the message that evidences it. */
  fields: jsonb('fields').$type<CapturedField[]>().notNull().default([]),
  /** new · assigned · contacted · converted · invalid · duplicate */
  status: varchar('status', { length: 16 }).notNull().default('new'),
  ownerId: bigint('owner_id', { mode: 'number' }),
  /** The distribution rule that assigned it last (null: by hand, claimed or never). */
  ruleId: bigint('rule_id', { mode: 'number' }),
  /** The open lead a duplicate was linked to. */
  duplicateOf: bigint('duplicate_of', { mode: 'number' }),
  assignedTime: ts('assigned_time'),
  /** The owner must make a first contact (a follow-up) before this. */
  firstContactDeadline: ts('first_contact_deadline'),
  lastFollowupTime: ts('last_followup_time'),
  nextContactTime: ts('next_contact_time'),
  capturedTime: ts('captured_time').notNull(),
  ...audit,
  remark: remark(),
}, (t) => [
  index('idx_crm_lead_customer').on(t.customerId),
  index('idx_crm_lead_time').on(t.capturedTime),
  index('idx_crm_lead_owner_status').on(t.ownerId, t.status),
  index('idx_crm_lead_status_assigned').on(t.status, t.assignedTime),
]);

/** A lead's history: captures, assignments with their reason, reclaims, status changes, follow-ups, edits. */
export const crmLeadEvent = pgTable('crm_lead_event', {
  eventId: idColumn('event_id', 1),
  leadId: bigint('lead_id', { mode: 'number' }),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  /** capture · assign · reclaim · claim · release · status · followup · edit · duplicate · merge */
  kind: varchar('kind', { length: 16 }).notNull(),
  fromStatus: varchar('from_status', { length: 16 }).notNull().default(''),
  toStatus: varchar('to_status', { length: 16 }).notNull().default(''),
  fromOwnerId: bigint('from_owner_id', { mode: 'number' }),
  toOwnerId: bigint('to_owner_id', { mode: 'number' }),
  ruleId: bigint('rule_id', { mode: 'number' }),
  /** Why, in words staff read ("规则 X，按权重分配，成员 Y 今日 3/10"). */
  reason: varchar('reason', { length: 500 }).notNull().default(''),
  operatorId: bigint('operator_id', { mode: 'number' }),
  /** 'system' for automatic actions. */
  operatorName: varchar('operator_name', { length: 64 }).notNull().default(''),
  createTime: ts('create_time').notNull(),
}, (t) => [
  index('idx_crm_lead_event_lead').on(t.leadId, t.createTime),
  index('idx_crm_lead_event_customer').on(t.customerId, t.createTime),
  // Daily caps count assignments per member and rule since the start of the China day.
  index('idx_crm_lead_event_owner_time').on(t.toOwnerId, t.kind, t.createTime),
]);

export const crmFollowup = pgTable('crm_followup', {
  followupId: idColumn('followup_id', 1),
  leadId: bigint('lead_id', { mode: 'number' }).notNull(),
  customerId: bigint('customer_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  userName: varchar('user_name', { length: 64 }).notNull(),
  /** contacted · no_answer · interested · converted · invalid */
  result: varchar('result', { length: 16 }).notNull(),
  note: varchar('note', { length: 1000 }).notNull().default(''),
  nextContactTime: ts('next_contact_time'),
  createTime: ts('create_time').notNull(),
}, (t) => [index('idx_crm_followup_lead').on(t.leadId, t.createTime)]);

export const crmDistributionRule = pgTable('crm_distribution_rule', {
  ruleId: idColumn('rule_id', 1),
  name: varchar('name', { length: 50 }).notNull(),
  /** Lower first; the first enabled rule whose scope matches a lead assigns it. */
  priority: integer('priority').notNull().default(0),
  scope: jsonb('scope').$type<DistributionScope>().notNull(),
  /** round_robin · weighted · least_loaded */
  method: varchar('method', { length: 16 }).notNull(),
  /** Minutes the owner has for a first contact (0: no deadline). */
  firstContactMinutes: integer('first_contact_minutes').notNull().default(0),
  /** Minutes without a follow-up after which the lead is reclaimed (0: never). */
  reclaimMinutes: integer('reclaim_minutes').notNull().default(0),
  /** pool · next */
  reclaimTo: varchar('reclaim_to', { length: 8 }).notNull().default('pool'),
  /** wecom · dingtalk · feishu, with the group robot's address (empty: none). */
  webhookKind: varchar('webhook_kind', { length: 16 }).notNull().default(''),
  webhookUrl: varchar('webhook_url', { length: 500 }).notNull().default(''),
  /** The last notification failure, shown on the rule; cleared by the next success. */
  webhookError: varchar('webhook_error', { length: 500 }).notNull().default(''),
  webhookErrorTime: ts('webhook_error_time'),
  /** Assignments made by the rule so far: the round-robin position. */
  assignedCount: bigint('assigned_count', { mode: 'number' }).notNull().default(0),
  status: status(),
  ...audit,
  remark: remark(),
});

export const crmDistributionMember = pgTable('crm_distribution_member', {
  ruleId: bigint('rule_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  sort: integer('sort').notNull().default(0),
  weight: integer('weight').notNull().default(1),
  /** Leads per China day from this rule (0: no cap). */
  dailyCap: integer('daily_cap').notNull().default(0),
  /** Empty: always working. */
  workHours: jsonb('work_hours').$type<WorkPeriod[]>().notNull().default([]),
  /** China dates (YYYY-MM-DD) the member does not work. */
  holidays: jsonb('holidays').$type<string[]>().notNull().default([]),
  webhookUrl: varchar('webhook_url', { length: 500 }).notNull().default(''),
  enabled: boolean('enabled').notNull().default(true),
}, (t) => [uniqueIndex('uk_crm_distribution_member').on(t.ruleId, t.userId), index('idx_crm_distribution_member_user').on(t.userId)]);

/** Applications sent through the /home landing page form (申请记录). */
export const crmApply = pgTable('crm_apply', {
  applyId: idColumn('apply_id', 1),
  name: varchar('name', { length: 50 }).notNull(),
  phone: varchar('phone', { length: 20 }).notNull(),
  company: varchar('company', { length: 100 }).notNull().default(''),
  need: varchar('need', { length: 500 }).notNull().default(''),
  consent: boolean('consent').notNull(),
  /** new · handled · invalid */
  status: varchar('status', { length: 16 }).notNull().default('new'),
  /** Further applications of the same phone within 24 hours, merged into this record. */
  repeatCount: integer('repeat_count').notNull().default(0),
  customerId: bigint('customer_id', { mode: 'number' }),
  leadId: bigint('lead_id', { mode: 'number' }),
  handleNote: varchar('handle_note', { length: 500 }).notNull().default(''),
  handledBy: varchar('handled_by', { length: 64 }).notNull().default(''),
  handledTime: ts('handled_time'),
  ip: varchar('ip', { length: 128 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  createTime: ts('create_time').notNull(),
  lastApplyTime: ts('last_apply_time').notNull(),
}, (t) => [index('idx_crm_apply_phone_time').on(t.phone, t.lastApplyTime), index('idx_crm_apply_time').on(t.createTime)]);

/** What admins edit of the public /home landing page: one JSON document per key ('home'). */
export const crmSiteContent = pgTable('crm_site_content', {
  contentKey: varchar('content_key', { length: 32 }).primaryKey(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  updateBy: varchar('update_by', { length: 64 }).notNull().default(''),
  updateTime: ts('update_time'),
});
