import { z } from 'zod';
import { CHANNELS, CRM_TEXT_MAX, FOLLOWUP_RESULTS, LEAD_SOURCES, LEAD_STATUSES } from '@acs/shared';
import { exportQuery, idParam, listQuery, queryBool } from '../../../core/list';
import { boundedText, filterText, requiredBoundedText, wireDateTime } from '../../../core/rules';
import { crmLead } from '../../../db/schema';

/** A list filter id: empty means "any". */
const idFilter = (label: string) => z.union([z.literal(''), idParam], { error: `${label}必须是正整数` }).optional();

/** A list filter on a code column: one of its codes, or empty for "any". */
const codeFilter = <T extends readonly [string, ...string[]]>(codes: T, message: string) =>
  z.union([z.literal(''), z.enum(codes)], { error: message }).optional();

const filters = {
  name: filterText('姓名', crmLead.name),
  phone: filterText('手机号', crmLead.phone),
  wechat: filterText('微信号', crmLead.wechat),
  channel: codeFilter(CHANNELS, '渠道不正确'),
  agentId: idFilter('AI客服编号'),
  customerId: idFilter('客户编号'),
  ownerId: idFilter('负责人编号'),
  status: codeFilter(LEAD_STATUSES, '线索状态不正确'),
  source: codeFilter(LEAD_SOURCES, '线索来源不正确'),
  /** 我的线索: owned by the caller. */
  mine: queryBool.optional(),
  /** 公海: unowned and new. */
  pool: queryBool.optional(),
  /** Assigned, not yet contacted, past the first-contact deadline. */
  overdue: queryBool.optional(),
};
export const leadListQuery = listQuery.extend(filters);
export const leadExportQuery = exportQuery.extend(filters);
export type LeadFilters = z.infer<typeof leadExportQuery>;

export const leadParams = z.object({ leadId: idParam });

const leadIds = (max: number) =>
  z
    .array(z.number({ error: '线索编号必须是数字' }).int('线索编号必须是整数').positive('线索编号必须是正整数'), { error: '请选择线索' })
    .min(1, '请选择线索')
    .max(max, `一次最多选择${max}条线索`);

const reason = (label: string) => requiredBoundedText(label, CRM_TEXT_MAX.reason);

export const assignBody = z.object({
  leadIds: leadIds(500),
  userId: z.number({ error: '请选择负责人' }).int('负责人编号必须是整数').positive('请选择负责人'),
  reason: reason('分配原因'),
});

export const releaseBody = z.object({ leadIds: leadIds(500), reason: reason('退回原因') });

export const claimBody = z.object({ leadIds: leadIds(50) });

export const followupBody = z.object({
  result: z.enum(FOLLOWUP_RESULTS, { error: '请选择跟进结果' }),
  note: boundedText('跟进内容', CRM_TEXT_MAX.followupNote).optional(),
  nextContactTime: z.union([z.literal(''), wireDateTime('下次联系时间')], { error: '下次联系时间格式不正确' }).nullish(),
});
export type FollowupBody = z.infer<typeof followupBody>;

/** Statuses a person sets by hand; owners come with assign and claim. */
export const MANUAL_STATUSES = ['new', 'contacted', 'converted', 'invalid'] as const;

export const statusBody = z.object({
  leadId: z.number({ error: '线索编号不能为空' }).int('线索编号必须是整数').positive('线索编号必须是正整数'),
  status: z.enum(MANUAL_STATUSES, { error: '线索状态只能改为待分配、已联系、已成交或无效' }),
  reason: reason('变更原因'),
});
export type StatusBody = z.infer<typeof statusBody>;
