import { z } from 'zod';
import { APPLY_STATUSES, CRM_TEXT_MAX } from '@acs/shared';
import { exportQuery, idParam, listQuery } from '../../../core/list';
import { boundedText, filterText, requiredBoundedText } from '../../../core/rules';
import { crmApply } from '../../../db/schema';
import { normalizeMobile } from '../capture';

export const PHONE_MESSAGE = '请输入正确的手机号码';
export const CONSENT_MESSAGE = '请阅读并同意隐私说明';

/** The honeypot's longest value: a bot's filler, never stored. */
const HONEYPOT_MAX = 200;

/** The /home application form. */
export const submitBody = z.object({
  name: requiredBoundedText('姓名', crmApply.name).trim(),
  phone: boundedText('手机号', crmApply.phone).transform((v, ctx) => {
    const mobile = normalizeMobile(v);
    if (!mobile) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return mobile;
  }),
  company: boundedText('公司名称', CRM_TEXT_MAX.applyCompany).trim().default(''),
  need: boundedText('需求描述', CRM_TEXT_MAX.applyNeed).trim().default(''),
  consent: z.literal(true, { error: CONSENT_MESSAGE }),
  /** Hidden from people by the page: only a form-filling bot puts anything here. */
  website: boundedText('网址', HONEYPOT_MAX).default(''),
});
export type SubmitBody = z.infer<typeof submitBody>;

const filters = {
  name: filterText('姓名', crmApply.name),
  phone: filterText('手机号', crmApply.phone),
  company: filterText('公司名称', crmApply.company),
  status: z.union([z.literal(''), z.enum(APPLY_STATUSES)], { error: '处理状态不正确' }).optional(),
};
export const applyListQuery = listQuery.extend(filters);
export const applyExportQuery = exportQuery.extend(filters);
export type ApplyFilters = z.infer<typeof applyExportQuery>;

export const applyParams = z.object({ applyId: idParam });

export const handleBody = z.object({
  applyId: z.number({ error: '申请编号不能为空' }).int('申请编号必须是整数').positive('申请编号必须是正整数'),
  status: z.enum(APPLY_STATUSES, { error: '处理状态只能是待处理、已处理或无效' }),
  handleNote: boundedText('处理说明', crmApply.handleNote).trim().default(''),
});
export type HandleBody = z.infer<typeof handleBody>;
