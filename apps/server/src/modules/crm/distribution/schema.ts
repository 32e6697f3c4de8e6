import { z } from 'zod';
import { CHANNELS, CRM_TEXT_MAX, DISTRIBUTION_METHODS, LEAD_SOURCES, RECLAIM_TARGETS, WEBHOOK_KINDS } from '@acs/shared';
import { listQuery } from '../../../core/list';
import { boundedList, boundedText, filterText, optionalText, requiredBoundedText, statusFlag } from '../../../core/rules';
import { crmDistributionMember, crmDistributionRule } from '../../../db/schema';

export const MEMBERS_MAX = 100;
export const SCOPE_AGENTS_MAX = 100;
export const WORK_PERIODS_MAX = 50;
export const HOLIDAYS_MAX = 366;
export const FIRST_CONTACT_MINUTES_MAX = 10_080;
export const RECLAIM_MINUTES_MAX = 43_200;
export const WEIGHT_MAX = 100;
export const DAILY_CAP_MAX = 10_000;
export const PRIORITY_MAX = 9_999;
export const SIMULATE_MAX = 1_000;

/** An integer within bounds, with one message naming the field and its range. */
const boundedInt = (label: string, min: number, max: number, unit = '') => {
  const message = `${label}必须是${min}到${max}之间的整数${unit ? `（${unit}）` : ''}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Minutes since midnight of an HH:mm ('24:00' ends a period at midnight). */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const workPeriod = z
  .object({
    day: boundedInt('工作日', 1, 7),
    start: z.string({ error: '开始时间格式应为HH:mm' }).regex(TIME, '开始时间格式应为HH:mm'),
    end: z.string({ error: '结束时间格式应为HH:mm' }).refine((v) => TIME.test(v) || v === '24:00', '结束时间格式应为HH:mm'),
  })
  .refine((p) => minutesOf(p.start) < minutesOf(p.end), '工作时间的开始时间必须早于结束时间');

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const webhookUrl = boundedText('机器人地址', CRM_TEXT_MAX.webhookUrl).refine(
  (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
  '机器人地址必须以http://或https://开头',
);

const member = z.object({
  userId: z.number({ error: '成员用户不能为空' }).int('成员用户编号必须是整数').positive('成员用户编号必须是正整数'),
  weight: boundedInt('权重', 1, WEIGHT_MAX).optional(),
  dailyCap: boundedInt('每日上限', 0, DAILY_CAP_MAX, '0为不限').optional(),
  workHours: boundedList(workPeriod, '工作时间段', WORK_PERIODS_MAX).optional(),
  holidays: boundedList(z.string({ error: '休息日格式应为YYYY-MM-DD' }).refine(isCalendarDate, '休息日格式应为YYYY-MM-DD'), '休息日', HOLIDAYS_MAX).optional(),
  webhookUrl: webhookUrl.optional(),
  enabled: z.boolean({ error: '成员启用状态必须是true或false' }).optional(),
});

const scope = z.object({
  channels: z.array(z.enum(CHANNELS, { error: '适用渠道只能是网页、抖音或BOSS直聘' })).max(CHANNELS.length).optional(),
  agentIds: boundedList(z.number({ error: '适用客服编号必须是数字' }).int().positive(), '适用客服', SCOPE_AGENTS_MAX).optional(),
  sources: z.array(z.enum(LEAD_SOURCES, { error: '线索来源只能是会话留资、官网申请、导入或手工录入' })).max(LEAD_SOURCES.length).optional(),
});

/** The rule as the dialog sends it; omitted fields take the column defaults. */
export const ruleFields = z
  .object({
    ruleId: z.number({ error: '规则编号不能为空' }).int().positive().optional(),
    name: requiredBoundedText('规则名称', crmDistributionRule.name),
    priority: boundedInt('优先级', 0, PRIORITY_MAX).optional(),
    scope: scope.optional(),
    method: z.enum(DISTRIBUTION_METHODS, { error: '分配方式只能是轮流分配、按权重分配或负载最少优先' }),
    firstContactMinutes: boundedInt('首次联系时限', 0, FIRST_CONTACT_MINUTES_MAX, '分钟，0为不限').optional(),
    reclaimMinutes: boundedInt('回收时间', 0, RECLAIM_MINUTES_MAX, '分钟，0为不回收').optional(),
    reclaimTo: z.enum(RECLAIM_TARGETS, { error: '回收去向只能是退回公海或转给下一位成员' }).optional(),
    webhookKind: z.enum([...WEBHOOK_KINDS, ''], { error: '机器人类型只能是企业微信、钉钉或飞书' }).optional(),
    webhookUrl: webhookUrl.optional(),
    members: z.array(member, { error: '请至少添加一名成员' }).min(1, '请至少添加一名成员').max(MEMBERS_MAX, `成员不能超过${MEMBERS_MAX}个`),
    status: statusFlag.optional(),
    remark: optionalText(500, '备注长度不能超过500个字符'),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.members.map((m) => m.userId)).size !== v.members.length) ctx.addIssue({ code: 'custom', message: '成员不能重复', path: ['members'] });
    const wantsWebhook = Boolean(v.webhookUrl) || v.members.some((m) => Boolean(m.webhookUrl));
    if (wantsWebhook && !v.webhookKind) ctx.addIssue({ code: 'custom', message: '填写机器人地址时请选择机器人类型', path: ['webhookKind'] });
  });
export type RuleBody = z.infer<typeof ruleFields>;

export const ruleListQuery = listQuery.extend({
  name: filterText('规则名称', crmDistributionRule.name),
  status: filterText('状态', crmDistributionRule.status),
  method: filterText('分配方式', crmDistributionRule.method),
});
export type RuleListQuery = z.infer<typeof ruleListQuery>;

export const changeStatusBody = z.object({
  ruleId: z.number({ error: '规则编号不能为空' }).int().positive(),
  status: statusFlag,
});

export const ruleLogQuery = listQuery.pick({ pageNum: true, pageSize: true }).extend({
  kind: z.enum(['assign', 'reclaim'], { error: '记录类型只能是分配或回收' }).optional(),
});

/**
 * "If N leads arrived now": of a saved rule (ruleId), of the rule being edited (rule), or, with
 * neither, of the rule the engine would pick for a lead with the given channel, agent and source.
 */
export const simulateBody = z.object({
  ruleId: z.number({ error: '规则编号必须是数字' }).int().positive().optional(),
  rule: ruleFields.optional(),
  count: boundedInt('模拟线索数', 1, SIMULATE_MAX),
  channel: z.enum(CHANNELS, { error: '适用渠道只能是网页、抖音或BOSS直聘' }).optional(),
  agentId: z.number({ error: '客服编号必须是数字' }).int().positive().optional(),
  source: z.enum(LEAD_SOURCES, { error: '线索来源只能是会话留资、官网申请、导入或手工录入' }).optional(),
});
export type SimulateBody = z.infer<typeof simulateBody>;

/** Stored member columns the body fills (the unique key is the rule and the user). */
export type MemberRow = typeof crmDistributionMember.$inferSelect;
export type RuleRow = typeof crmDistributionRule.$inferSelect;
