import { eq, like, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { hasPermi, type LoginSession } from '../../core/auth';
import { likePattern } from '../../core/list';
import { normalizeMobile } from './capture';

// Phone numbers of customers and leads: who sees them whole, how they show masked, how they are searched.

/** Who may read customers' phone numbers in full (docs/crm.md §Customers). */
export const PHONE_PERMISSION = 'crm:customer:phone';

export const maySeePhone = (session: LoginSession): boolean => hasPermi(session, PHONE_PERMISSION);

/** 13812345678 → 138****5678; anything that is not 11 characters keeps only its first three. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  if (phone.length === 11) return `${phone.slice(0, 3)}****${phone.slice(7)}`;
  return `${phone.slice(0, 3)}****`;
}

// A mainland mobile as customers type it: 138 1234 5678, 138-1234-5678, 13812345678.
const MOBILE_IN_TEXT = /(?<!\d)(1[3-9]\d)[\s-]?\d{4}[\s-]?(\d{4})(?!\d)/g;

/** Free text (a chat message, an evidence snippet) with every mobile number in it masked. */
export const maskPhonesInText = (text: string): string => text.replace(MOBILE_IN_TEXT, '$1****$2');

/**
 * A phone filter of a list: a whole mobile number in any spelling (spaces, +86) finds that number;
 * other text matches part of the stored number or of the masked one the customer showed.
 */
export function phoneFilter(value: string, columns: { phone: AnyPgColumn; phoneMasked: AnyPgColumn }): SQL | undefined {
  const mobile = normalizeMobile(value);
  if (mobile) return eq(columns.phone, mobile);
  const pattern = likePattern(value);
  return or(like(columns.phone, pattern), like(columns.phoneMasked, pattern));
}
