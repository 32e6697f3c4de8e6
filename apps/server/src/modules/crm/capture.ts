import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_LEAD_STATUSES, type CapturedField } from '@acs/shared';
import type { Db } from '../../db/client';
import { aiConversation, crmCustomer, crmCustomerIdentity, crmLead } from '../../db/schema';

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
}

interface Keys {
  phone: string | null;
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
  return {
    phone: first((f) => (f.field === 'phone' && !f.masked ? normalizeMobile(f.value) : null)),
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
  if (keys.phone) names.push(`crm:phone:${keys.phone}`);
  if (keys.wechat) names.push(`crm:wechat:${keys.wechat.toLowerCase()}`);
  names.sort();
  for (const name of names) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`);
}

async function findCustomer(tx: Tx, keys: Keys, platform: string, uid: string, known: number | null) {
  if (keys.phone) {
    const [c] = await tx.select().from(crmCustomer).where(eq(crmCustomer.phone, keys.phone)).orderBy(crmCustomer.customerId).limit(1);
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

/**
 * Files captured lead fields under a customer and a lead, in one transaction:
 * the customer is found by normalised phone, then WeChat (any case), then the platform identity of
 * the conversation, else created (source = channel); the identity is attached to it; empty fields
 * are filled (a masked phone only ever goes to phone_masked). A lead exists once a real phone or a
 * WeChat is known: the fields merge into the customer's open lead or start a new one ('new').
 * The conversation is linked to the customer. Publishing the change is the caller's job, after commit.
 */
export async function captureLead(
  db: Executor,
  input: { conversation: CaptureConversation; fields: CapturedField[] },
  now: number,
): Promise<CaptureResult> {
  const { conversation: conv, fields } = input;
  const platform = conv.channel;
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
    await tx
      .update(crmCustomer)
      .set({ ...filled, lastSeenTime: at, ...(customerCreated ? {} : { updateBy: 'system', updateTime: at }) })
      .where(eq(crmCustomer.customerId, customerId));

    if (conv.customerId !== customerId) {
      await tx.update(aiConversation).set({ customerId }).where(eq(aiConversation.conversationId, conv.conversationId));
    }

    if (!filled.phone && !filled.wechat) return { customerId, before, customer: filled, customerCreated, leadId: null, leadCreated: false };

    const [open] = await tx
      .select()
      .from(crmLead)
      .where(and(eq(crmLead.customerId, customerId), inArray(crmLead.status, [...OPEN_LEAD_STATUSES])))
      .orderBy(desc(crmLead.leadId))
      .limit(1)
      .for('update');
    if (open) {
      const merged = [...open.fields, ...fields.filter((f) => !open.fields.some((g) => sameField(f, g)))];
      await tx
        .update(crmLead)
        .set({
          name: open.name || filled.name,
          phone: open.phone || filled.phone,
          phoneMasked: open.phoneMasked || filled.phoneMasked,
          wechat: open.wechat || filled.wechat,
          fields: merged,
          updateBy: 'system',
          updateTime: at,
        })
        .where(eq(crmLead.leadId, open.leadId));
      return { customerId, before, customer: filled, customerCreated, leadId: open.leadId, leadCreated: false };
    }
    const [lead] = await tx
      .insert(crmLead)
      .values({
        customerId,
        conversationId: conv.conversationId,
        agentId: conv.agentId,
        channel: conv.channel,
        accountId: conv.accountId,
        ...filled,
        fields,
        status: 'new',
        capturedTime: at,
        createBy: 'system',
        createTime: at,
      })
      .returning({ leadId: crmLead.leadId });
    return { customerId, before, customer: filled, customerCreated, leadId: lead.leadId, leadCreated: true };
  });
}
