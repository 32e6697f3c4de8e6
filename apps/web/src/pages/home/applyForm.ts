import { CRM_TEXT_MAX } from '@acs/shared';
import { normalisePhone } from '../chat/contact';
import type { ApplyInput } from './homeApi';

/** The form as typed. */
export type ApplyForm = ApplyInput;
export type ApplyErrors = Partial<Record<'name' | 'phone' | 'consent', string>>;

export const NAME_MAX = 50;
export const COMPANY_MAX = CRM_TEXT_MAX.applyCompany;
export const NEED_MAX = CRM_TEXT_MAX.applyNeed;

export const EMPTY_FORM: ApplyForm = { name: '', phone: '', company: '', need: '', consent: false, website: '' };

const MOBILE = /^1[3-9]\d{9}$/;

/** The server's rules, checked before sending so the visitor sees the problem under the field. */
export function validateApply(form: ApplyForm): ApplyErrors {
  const errors: ApplyErrors = {};
  if (!form.name.trim()) errors.name = '请输入您的姓名';
  const phone = normalisePhone(form.phone);
  if (!phone) errors.phone = '请输入手机号码';
  else if (!MOBILE.test(phone)) errors.phone = '请输入正确的手机号码';
  if (!form.consent) errors.consent = '请阅读并同意隐私说明';
  return errors;
}

/** The body of POST /crm/apply/submit: trimmed, the phone without spaces or +86. */
export function applyPayload(form: ApplyForm): ApplyInput {
  return {
    name: form.name.trim(),
    phone: normalisePhone(form.phone),
    company: form.company.trim(),
    need: form.need.trim(),
    consent: form.consent,
    website: form.website,
  };
}
