import { z } from 'zod';
import { BOSS_SESSION_HEALTHS } from '@acs/shared';
import { idParam, listQuery } from '../../../core/list';
import { boundedText, filterText, requiredBoundedText, statusFlag } from '../../../core/rules';
import { channelAccount, channelBossAccount, channelBossJob, channelBossTemplate } from '../../../db/schema';

/** The most a daily cap may be: far above what BOSS直聘 tolerates from one recruiter, so only typos are refused. */
export const BOSS_CAP_MAX = 10_000;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

const cap = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(0, `${label}必须在0到${BOSS_CAP_MAX}之间`)
    .max(BOSS_CAP_MAX, `${label}必须在0到${BOSS_CAP_MAX}之间`);

const clockTime = (label: string) => z.string({ error: `${label}不能为空` }).regex(HH_MM, `${label}格式应为HH:mm`);

export const runConfigSchema = z.object(
  {
    dailyGreetings: cap('每日打招呼上限'),
    dailyReplies: cap('每日回复上限'),
    windowStart: clockTime('运行开始时间'),
    windowEnd: clockTime('运行结束时间'),
    weekdays: z
      .array(z.number({ error: '运行日必须是1到7的数字' }).int('运行日必须是1到7的数字').min(1, '运行日必须是1到7的数字').max(7, '运行日必须是1到7的数字'), {
        error: '请选择运行日',
      })
      .min(1, '请至少选择一个运行日')
      .max(7, '运行日不能超过7个')
      .refine((days) => new Set(days).size === days.length, '运行日不能重复')
      .transform((days) => [...days].sort((a, b) => a - b)),
  },
  { error: '运行配置格式不正确' },
);

/** An optional id that may be cleared (null) — the agent of an account or a job. */
const optionalId = (label: string) => z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).positive(`${label}必须是正整数`).nullish();
const requiredId = (label: string) => z.number({ error: `${label}不能为空` }).int(`${label}必须是整数`).positive(`${label}必须是正整数`);

const remark = boundedText('备注', channelAccount.remark).nullish();

export const accountCreateBody = z.object({
  recruiterName: requiredBoundedText('招聘者姓名', channelBossAccount.recruiterName),
  company: boundedText('公司', channelBossAccount.company).nullish(),
  agentId: optionalId('AI客服编号'),
  runConfig: runConfigSchema.optional(),
  status: statusFlag.optional(),
  remark,
});
export type AccountCreateBody = z.infer<typeof accountCreateBody>;

export const accountUpdateBody = accountCreateBody.extend({ accountId: requiredId('账号编号'), runConfig: runConfigSchema });
export type AccountUpdateBody = z.infer<typeof accountUpdateBody>;

export const accountListQuery = listQuery.extend({
  recruiterName: filterText('招聘者姓名', channelBossAccount.recruiterName),
  company: filterText('公司', channelBossAccount.company),
  sessionHealth: z.union([z.literal(''), z.enum(BOSS_SESSION_HEALTHS)], { error: '会话状态不正确' }).optional(),
  status: z.union([z.literal(''), statusFlag]).optional(),
});
export type AccountFilters = z.infer<typeof accountListQuery>;

export const pauseBody = z.object({ paused: z.boolean({ error: '请指定暂停或恢复' }) });

export const accountParams = z.object({ accountId: idParam });

export const jobBody = z.object({
  accountId: requiredId('账号编号'),
  externalId: boundedText('BOSS职位编号', channelBossJob.externalId).nullish(),
  title: requiredBoundedText('职位名称', channelBossJob.title),
  city: boundedText('城市', channelBossJob.city).nullish(),
  salary: boundedText('薪资', channelBossJob.salary).nullish(),
  requirements: boundedText('职位要求', channelBossJob.requirements).nullish(),
  agentId: optionalId('AI客服编号'),
  status: statusFlag.optional(),
  remark: boundedText('备注', channelBossJob.remark).nullish(),
});
export type JobBody = z.infer<typeof jobBody>;
export const jobUpdateBody = jobBody.extend({ jobId: requiredId('职位编号') });
export type JobUpdateBody = z.infer<typeof jobUpdateBody>;

/** A list's account filter: empty means every account. */
const accountFilter = z.union([z.literal(''), idParam], { error: '账号编号必须是正整数' }).optional();

export const jobListQuery = listQuery.extend({
  accountId: accountFilter,
  title: filterText('职位名称', channelBossJob.title),
});
export type JobFilters = z.infer<typeof jobListQuery>;

export const templateBody = z.object({
  /** Empty: a template every account may use. */
  accountId: optionalId('账号编号'),
  name: requiredBoundedText('模板名称', channelBossTemplate.name),
  content: requiredBoundedText('模板内容', channelBossTemplate.content),
  isDefault: z.boolean({ error: '是否默认必须是布尔值' }).optional(),
  status: statusFlag.optional(),
  remark: boundedText('备注', channelBossTemplate.remark).nullish(),
});
export type TemplateBody = z.infer<typeof templateBody>;
export const templateUpdateBody = templateBody.extend({ templateId: requiredId('模板编号') });
export type TemplateUpdateBody = z.infer<typeof templateUpdateBody>;

export const templateListQuery = listQuery.extend({ accountId: accountFilter });
export type TemplateFilters = z.infer<typeof templateListQuery>;

export const previewBody = z.object({
  content: requiredBoundedText('模板内容', channelBossTemplate.content),
  jobId: optionalId('职位编号'),
});
