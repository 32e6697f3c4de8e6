import type { ContactFields } from '../../api/chat';

export interface ContactForm {
  name: string;
  phone: string;
  wechat: string;
  consent: boolean;
}

export type ContactErrors = Partial<Record<'phone' | 'wechat' | 'consent', string>>;

/** Mainland mobile numbers; spaces and dashes the customer typed are ignored. */
const MOBILE = /^1[3-9]\d{9}$/;
/** WeChat ids: 6–20 characters starting with a letter; a mobile number also works as one (the server's rule). */
const WECHAT = /^[A-Za-z][-_A-Za-z0-9]{5,19}$/;

export function normalisePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '').replace(/^\+?86/, '');
}

export function validateContact(form: ContactForm): ContactErrors {
  const errors: ContactErrors = {};
  const phone = normalisePhone(form.phone);
  if (phone && !MOBILE.test(phone)) errors.phone = '请输入正确的手机号码';
  const wechat = form.wechat.trim();
  if (wechat && !WECHAT.test(wechat) && !MOBILE.test(normalisePhone(wechat))) errors.wechat = '请输入正确的微信号';
  if (!phone && !wechat) errors.phone = '请至少填写手机号或微信号';
  if (!form.consent) errors.consent = '请先同意授权说明';
  return errors;
}

/** The fields sent to /chat/contact: blanks left out. */
export function contactPayload(form: ContactForm): ContactFields {
  const out: ContactFields = {};
  if (form.name.trim()) out.name = form.name.trim();
  const phone = normalisePhone(form.phone);
  if (phone) out.phone = phone;
  if (form.wechat.trim()) out.wechat = form.wechat.trim();
  return out;
}
