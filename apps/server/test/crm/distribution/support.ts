import { eq, inArray } from 'drizzle-orm';
import { CRM_CONFIG } from '@acs/shared';
import type { Db } from '../../../src/db/client';
import { aiConversation, crmDistributionRule, crmLead, crmLeadEvent, sysUser } from '../../../src/db/schema';
import { captureLead, type CaptureResult } from '../../../src/modules/crm/capture';
import type { TestApp } from '../../helpers/app';
import { ruleFields } from '../../../src/modules/crm/distribution/schema';
import { insertRule } from '../../../src/modules/crm/distribution/service';

export { FORBIDDEN, requester } from '../../ai/agent/support';

// Monday 2 March 2026, 10:00 in China.
export const MONDAY_10AM = Date.UTC(2026, 2, 2, 2, 0);
export const MINUTE = 60_000;

let seq = 0;
const next = () => ++seq;

/** Active salespeople in 测试部门 (105), returned as their ids. */
export async function salespeople(db: Db, ...nickNames: string[]): Promise<number[]> {
  const rows = await db
    .insert(sysUser)
    .values(nickNames.map((nickName) => ({ userName: `sales${next()}_${process.pid}`, nickName, deptId: 105 })))
    .returning({ userId: sysUser.userId });
  return rows.map((r) => r.userId);
}

export interface MemberInput {
  userId: number;
  weight?: number;
  dailyCap?: number;
  workHours?: { day: number; start: string; end: string }[];
  holidays?: string[];
  enabled?: boolean;
  webhookUrl?: string;
}

export const ruleBody = (values: Record<string, unknown> & { members: MemberInput[] }) => ({
  name: `规则${next()}`,
  method: 'round_robin',
  ...values,
});

/**
 * Saves a rule as the API would (same validation and checks, no session: the tests that move the
 * clock by hours would outlive any login) and returns its id.
 */
export async function addRule(t: TestApp, values: Record<string, unknown> & { members: MemberInput[] }): Promise<number> {
  const body = ruleFields.parse(ruleBody(values));
  await insertRule(t.deps, body, 'admin');
  const [rule] = await t.deps.database.db.select().from(crmDistributionRule).where(eq(crmDistributionRule.name, body.name));
  return rule.ruleId;
}

export const setRuleStatus = (db: Db, ruleId: number, status: '0' | '1') => db.update(crmDistributionRule).set({ status }).where(eq(crmDistributionRule.ruleId, ruleId));

/** Switches every rule off, so each test starts from the rules it makes itself. */
export async function disableAllRules(db: Db): Promise<void> {
  await db.update(crmDistributionRule).set({ status: '1' });
}

export interface LeadOptions {
  channel?: string;
  agentId?: number;
}

/** Conversations of distinct visitors, made in one statement. */
export async function conversations(db: Db, count: number, opts: LeadOptions & { now: number }) {
  return db
    .insert(aiConversation)
    .values(Array.from({ length: count }, () => ({ agentId: opts.agentId ?? 1, channel: opts.channel ?? 'web', visitorId: `dv-${next()}-${process.pid}`, createTime: new Date(opts.now) })))
    .returning();
}

let phoneSeq = 0;
/** A mainland mobile no other test of the run uses. */
const freshPhone = () => `139${String(process.pid % 10_000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

/** A new lead through the real capture (a customer giving a fresh phone number). */
export async function captureNew(db: Db, conv: Parameters<typeof captureLead>[1]['conversation'], now: number): Promise<CaptureResult> {
  return captureLead(
    db,
    { conversation: conv, fields: [{ field: 'phone', value: freshPhone(), method: 'regex', evidence: '电话' }] },
    now,
    CRM_CONFIG.duplicateWindowHours.default,
  );
}

/** `count` new leads, one after another, as captured at `now`. */
export async function newLeads(t: TestApp, count: number, opts: LeadOptions = {}): Promise<number[]> {
  const db = t.deps.database.db;
  const ids: number[] = [];
  for (const conv of await conversations(db, count, { ...opts, now: t.deps.now() })) {
    const r = await captureNew(db, conv, t.deps.now());
    if (r.leadId === null) throw new Error('no lead captured');
    ids.push(r.leadId);
  }
  return ids;
}

export const leadsByIds = (db: Db, ids: number[]) => db.select().from(crmLead).where(inArray(crmLead.leadId, ids)).orderBy(crmLead.leadId);

/** userId → how many of the leads they own. */
export async function ownerCounts(db: Db, leadIds: number[]): Promise<Map<number | null, number>> {
  const counts = new Map<number | null, number>();
  for (const lead of await leadsByIds(db, leadIds)) counts.set(lead.ownerId, (counts.get(lead.ownerId) ?? 0) + 1);
  return counts;
}

export const ruleEvents = (db: Db, ruleId: number) =>
  db.select().from(crmLeadEvent).where(eq(crmLeadEvent.ruleId, ruleId)).orderBy(crmLeadEvent.eventId);
