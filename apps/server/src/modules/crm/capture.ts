import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CHANNEL_LABELS, LEAD_SOURCE_LABELS, OPEN_LEAD_STATUSES, type CapturedField, type LeadSource, type LeadStatus } from '@acs/shared';
import type { Db } from '../../db/client';
import { aiConversation, crmCustomer, crmCustomerIdentity, crmLead } from '../../db/schema';
import { recordLeadEvents, SYSTEM_OPERATOR } from './lead-events';
import { autoAssign, type Assignment } from './distribution/engine';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction (capture then runs inside it, as a savepoint). */
export type Executor = Db | Tx;

const MOBILE = /^1[3-9]\d{9}$/;

/** 11-digit mainland mobile from what a customer typed (spaces, dashes, +86), or null. */
export function normalizeMobile(value: string): string | null {
  let digits = value.replace(/[\s-]/g, '');
  if (digits.startsWith('+86')) digits = digits.slice(3);
  else if (digits.length === 13 && digits.startsWith('86')) digits = digits.slice(2);
  return MOBILE.test(digits) ? digits : null;
}

export interface CaptureConversation {
  conversationId: number;
  agentId: number;
  /** web · douyin · boss: the platform of the visitor id. */
  channel: string;
  accountId: number | null;
  visitorId: string;
  customerId: number | null;
}

/** Where captured fields come from: a conversation, or none (an application on /home: both ids null). */
export type CaptureOrigin = Omit<CaptureConversation, 'conversationId' | 'agentId'> & { conversationId: number | null; agentId: number | null };

export interface ContactFields {
  name: string;
  phone: string;
  phoneMasked: string;
  wechat: string;
}

export interface CaptureResult {
  customerId: number;
  /** The customer's contact fields before and after the capture. */
  before: ContactFields;
  customer: ContactFields;
  customerCreated: boolean;
  /** The lead the fields went into; null while only a name (or a masked phone) is known. */
  leadId: number | null;
  leadCreated: boolean;
  /** The 'duplicate' lead recorded for this capture (linked to leadId), if one was. */
  duplicateLeadId: number | null;
  /** The distribution rule's hand-out of the new lead, if one happened: the caller announces it after commit. */
  assignment: Assignment | null;
}

interface Keys {
  phone: string | null;
  /** Every distinct real phone, in the order given (「打139…或者150…都行」): the first is `phone`. */
  phones: string[];
  phoneMasked: string | null;
  wechat: string | null;
  name: string | null;
}

function keysOf(fields: CapturedField[]): Keys {
  const first = (pick: (f: CapturedField) => string | null) => {
    for (const f of fields) {
      const v = pick(f);
      if (v) return v;
    }
    return null;
  };
  const phones = [...new Set(fields.flatMap((f) => (f.field === 'phone' && !f.masked ? [normalizeMobile(f.value)] : [])))].filter(
    (p): p is string => p !== null,
  );
  return {
    phone: phones[0] ?? null,
    phones,
    phoneMasked: first((f) => (f.field === 'phone' && f.masked ? f.value.trim() : null)),
    wechat: first((f) => (f.field === 'wechat' ? f.value.trim() : null)),
    name: first((f) => (f.field === 'name' ? f.value.trim().slice(0, 50) : null)),
  };
}

/**
 * Serialises captures that could pick or create the same customer: two messages of one visitor, or
 * two visitors giving the same number at once, would otherwise both find nobody and both insert.
 * Locks are taken in a fixed order so two captures never wait on each other crosswise.
 */
async function lockKeys(tx: Tx, keys: Keys, platform: string, uid: string) {
  const names = [`crm:id:${platform}:${uid}`];
  for (const phone of keys.phones) names.push(`crm:phone:${phone}`);
  if (keys.wechat) names.push(`crm:wechat:${keys.wechat.toLowerCase()}`);
  names.sort();
  for (const name of names) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

async function findCustomer(tx: Tx, keys: Keys, platform: string, uid: string, known: number | null) {
  // Any number the customer gave, as someone's first number before anyone's second: 「打138…或者150…」
  // is the customer who gave 150… first, or whose second number it was.
  for (const column of [crmCustomer.phone, crmCustomer.phoneAlt]) {
    if (keys.phones.length === 0) break;
    const [c] = await tx.select().from(crmCustomer).where(inArray(column, keys.phones)).orderBy(crmCustomer.customerId).limit(1);
    if (c) return c;
  }
  if (keys.wechat) {
    const [c] = await tx
      .select()
      .from(crmCustomer)
      .where(sql`lower(${crmCustomer.wechat}) = ${keys.wechat.toLowerCase()}`)
      .orderBy(crmCustomer.customerId)
      .limit(1);
    if (c) return c;
  }
  const [byIdentity] = await tx
    .select({ customer: crmCustomer })
    .from(crmCustomerIdentity)
    .innerJoin(crmCustomer, eq(crmCustomer.customerId, crmCustomerIdentity.customerId))
    .where(and(eq(crmCustomerIdentity.platform, platform), eq(crmCustomerIdentity.uid, uid)))
    .limit(1);
  if (byIdentity) return byIdentity.customer;
  if (known !== null) {
    const [c] = await tx.select().from(crmCustomer).where(eq(crmCustomer.customerId, known)).limit(1);
    if (c) return c;
  }
  return null;
}

const sameField = (a: CapturedField, b: CapturedField) => a.field === b.field && a.value === b.value && Boolean(a.masked) === Boolean(b.masked);
const mergeFields = (into: CapturedField[], fields: CapturedField[]) => [...into, ...fields.filter((f) => !into.some((g) => sameField(f, g)))];

type LeadRow = typeof crmLead.$inferSelect;
const HOUR_MS = 3_600_000;

/** Adds the new fields to a lead and fills its empty contact fields. */
async function mergeInto(tx: Tx, lead: LeadRow, filled: ContactFields, fields: CapturedField[], at: Date) {
  await tx
    .update(crmLead)
    .set({
      name: lead.name || filled.name,
      phone: lead.phone || filled.phone,
      phoneMasked: lead.phoneMasked || filled.phoneMasked,
      wechat: lead.wechat || filled.wechat,
      fields: mergeFields(lead.fields, fields),
      updateBy: 'system',
      updateTime: at,
    })
    .where(eq(crmLead.leadId, lead.leadId));
}

export interface NewLead {
  customerId: number;
  conv: CaptureOrigin;
  source: LeadSource;
  filled: ContactFields;
  fields: CapturedField[];
  status: LeadStatus;
  duplicateOf: number | null;
}

/**
 * Inserts a lead with its first history entry ('capture', or 'duplicate' for a linked one) and makes
 * its customer a 线索 if it was only a 访客.
 */
export async function insertLead(tx: Tx, lead: NewLead, now: number): Promise<{ leadId: number; status: LeadStatus }> {
  const { conv, customerId } = lead;
  const at = new Date(now);
  const [row] = await tx
    .insert(crmLead)
    .values({
      customerId,
      conversationId: conv.conversationId,
      agentId: conv.agentId,
      channel: conv.channel,
      accountId: conv.accountId,
      source: lead.source,
      ...lead.filled,
      fields: lead.fields,
      status: lead.status,
      duplicateOf: lead.duplicateOf,
      capturedTime: at,
      createBy: 'system',
      createTime: at,
    })
    .returning({ leadId: crmLead.leadId });
  const origin =
    lead.source === 'chat' ? `${CHANNEL_LABELS[conv.channel as keyof typeof CHANNEL_LABELS] ?? conv.channel}会话留资` : LEAD_SOURCE_LABELS[lead.source];
  await recordLeadEvents(
    tx,
    SYSTEM_OPERATOR,
    [
      lead.duplicateOf === null
        ? { kind: 'capture', customerId, leadId: row.leadId, toStatus: lead.status, reason: origin }
        : {
            kind: 'duplicate',
            customerId,
            leadId: row.leadId,
            toStatus: lead.status,
            reason: `${origin}，客户已有跟进中的线索#${lead.duplicateOf}，新信息已并入该线索`,
          },
    ],
    now,
  );
  await tx.update(crmCustomer).set({ stage: 'lead' }).where(and(eq(crmCustomer.customerId, customerId), eq(crmCustomer.stage, 'visitor')));
  return { leadId: row.leadId, status: lead.status };
}

/**
 * What a capture does with the customer's open lead (docs/crm.md §Duplicates): from the lead's own
 * conversation, or with detection off (window 0), the fields go into it; from another conversation
 * within the window they go into it too and a 'duplicate' lead linked to it records the capture (one
 * per conversation: later captures there go into that one as well); past the window a new lead starts.
 */
function placeCapture(
  open: LeadRow | undefined,
  conversationId: number | null,
  windowHours: number,
  now: number,
): { kind: 'new' } | { kind: 'merge' | 'duplicate'; open: LeadRow } {
  if (!open) return { kind: 'new' };
  if (windowHours === 0 || open.conversationId === conversationId) return { kind: 'merge', open };
  return open.capturedTime.getTime() > now - windowHours * HOUR_MS ? { kind: 'duplicate', open } : { kind: 'new' };
}

/**
 * Files captured lead fields under a customer and a lead, in one transaction:
 * the customer is found by normalised phone (any number given, as a first number, then as a second), then WeChat (any case), then the platform identity of
 * the conversation, else created (source = the identity platform); the identity is attached to it; empty fields
 * are filled (a masked phone only ever goes to phone_masked; a second distinct phone to phone_alt). A lead exists once a real phone or a
 * WeChat is known: the fields go into the customer's open lead, or a duplicate of it, or a new lead
 * ('new'), as placeCapture decides with `duplicateWindowHours` (crm.lead.duplicateWindowHours).
 * The conversation is linked to the customer. Publishing the change and announcing the assignment
 * (notify/announce.ts) are the caller's job, after commit.
 */
export async function captureLead(
  db: Executor,
  // source: where the lead came from ('chat' when left out). Other sources are not a channel's visitor:
  // their identity platform is the source itself (an application: 'apply' with the phone as visitorId).
  input: { conversation: CaptureOrigin; fields: CapturedField[]; source?: LeadSource },
  now: number,
  duplicateWindowHours: number,
): Promise<CaptureResult> {
  const { conversation: conv, fields } = input;
  const source = input.source ?? 'chat';
  const platform = source === 'chat' ? conv.channel : source;
  const uid = conv.visitorId;
  const at = new Date(now);
  const keys = keysOf(fields);

  return db.transaction(async (tx) => {
    await lockKeys(tx, keys, platform, uid);
    let customer = await findCustomer(tx, keys, platform, uid, conv.customerId);
    const customerCreated = !customer;
    if (!customer) {
      [customer] = await tx
        .insert(crmCustomer)
        .values({ source: platform, firstSeenTime: at, lastSeenTime: at, createBy: 'system', createTime: at })
        .returning();
    }
    const customerId = customer.customerId;

    await tx
      .insert(crmCustomerIdentity)
      .values({ platform, uid, customerId })
      .onConflictDoUpdate({ target: [crmCustomerIdentity.platform, crmCustomerIdentity.uid], set: { customerId } });

    const before: ContactFields = { name: customer.name, phone: customer.phone, phoneMasked: customer.phoneMasked, wechat: customer.wechat };
    const filled: ContactFields = {
      name: customer.name || keys.name || '',
      phone: customer.phone || keys.phone || '',
      phoneMasked: customer.phoneMasked || keys.phoneMasked || '',
      wechat: customer.wechat || keys.wechat || '',
    };
    // A second number the customer gave (now or later) is kept beside the first, not dropped.
    const phoneAlt = customer.phoneAlt || keys.phones.find((p) => p !== filled.phone) || '';
    await tx
      .update(crmCustomer)
      .set({ ...filled, phoneAlt, lastSeenTime: at, ...(customerCreated ? {} : { updateBy: 'system', updateTime: at }) })
      .where(eq(crmCustomer.customerId, customerId));

    if (conv.conversationId !== null && conv.customerId !== customerId) {
      await tx.update(aiConversation).set({ customerId }).where(eq(aiConversation.conversationId, conv.conversationId));
    }

    const result: CaptureResult = { customerId, before, customer: filled, customerCreated, leadId: null, leadCreated: false, duplicateLeadId: null, assignment: null };
    if (!filled.phone && !filled.wechat) return result;

    const [open] = await tx
      .select()
      .from(crmLead)
      .where(and(eq(crmLead.customerId, customerId), inArray(crmLead.status, [...OPEN_LEAD_STATUSES])))
      .orderBy(desc(crmLead.leadId))
      .limit(1)
      .for('update');
    const place = placeCapture(open, conv.conversationId, duplicateWindowHours, now);
    if (place.kind === 'new') {
      const lead = await insertLead(tx, { customerId, conv, source, filled, fields, status: 'new', duplicateOf: null }, now);
      const assignment = await autoAssign(tx, { leadId: lead.leadId, customerId, channel: conv.channel, agentId: conv.agentId, source }, now);
      return { ...result, leadId: lead.leadId, leadCreated: true, assignment };
    }
    await mergeInto(tx, place.open, filled, fields, at);
    if (place.kind === 'merge') return { ...result, leadId: place.open.leadId };
    const { open: target } = place;
    const [earlier] = await tx
      .select()
      .from(crmLead)
      .where(
        and(
          eq(crmLead.duplicateOf, target.leadId),
          conv.conversationId === null ? isNull(crmLead.conversationId) : eq(crmLead.conversationId, conv.conversationId),
        ),
      )
      .orderBy(desc(crmLead.leadId))
      .limit(1)
      .for('update');
    if (earlier) {
      await mergeInto(tx, earlier, filled, fields, at);
      return { ...result, leadId: target.leadId, duplicateLeadId: earlier.leadId };
    }
    const duplicate = await insertLead(tx, { customerId, conv, source, filled, fields, status: 'duplicate', duplicateOf: target.leadId }, now);
    return { ...result, leadId: target.leadId, duplicateLeadId: duplicate.leadId };
  });
}
