import type { Customer, CustomerBody } from '../../../../api/crm/customer';
import { cleanTags } from './contactRules';

/** Numbers are masked (138****5678) for users without crm:customer:phone, in phone, WeChat and remark alike. */
export const isMasked = (value: string | null | undefined): boolean => Boolean(value?.includes('****'));

const MASKABLE = ['phone', 'wechat', 'remark'] as const;

/**
 * The body of POST/PUT /crm/customer: only the fields staff edit. A masked value the user left as it
 * was is left out, so the server keeps the real number instead of storing the mask.
 */
export function customerPayload(values: Customer, loaded?: Customer): CustomerBody {
  const body: CustomerBody = {
    customerId: values.customerId,
    name: values.name?.trim() ?? '',
    phone: values.phone?.trim() ?? '',
    wechat: values.wechat?.trim() ?? '',
    tags: cleanTags(values.tags ?? []),
    ownerId: values.ownerId ?? null,
    stage: values.stage,
    remark: values.remark ?? '',
  };
  if (loaded) {
    for (const key of MASKABLE) {
      if (isMasked(loaded[key]) && values[key] === loaded[key]) delete body[key];
    }
  }
  return body;
}
