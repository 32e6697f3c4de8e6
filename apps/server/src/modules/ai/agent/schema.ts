import { z } from 'zod';
import { AGENT_STATUSES, AGENT_TEMPLATES, LEAD_FIELDS } from '@acs/shared';
import { listQuery } from '../../../core/list';
import { optionalText, requiredText } from '../../../core/rules';

/** An integer within [min, max]; one message for the wrong type and the range. */
const intIn = (label: string, min: number, max: number) => {
  const msg = `${label}取值范围为${min}~${max}`;
  return z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(min, msg).max(max, msg);
};
const numberIn = (label: string, min: number, max: number) => {
  const msg = `${label}取值范围为${min}~${max}`;
  return z.number({ error: `${label}必须是数字` }).min(min, msg).max(max, msg);
};
const text = (label: string, max: number) => z.string({ error: `${label}必须是文本` }).max(max, `${label}长度不能超过${max}个字符`);
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const paramsSchema = z.object({
  temperature: numberIn('温度', 0, 2),
  maxTokens: intIn('最大回复长度', 1, 8000),
  historyMessages: intIn('携带历史消息数', 0, 50),
});

export const handoffSchema = z.object({
  keywords: z
    .array(requiredText('转人工关键词不能为空', 20, '转人工关键词长度不能超过20个字符'))
    .max(20, '转人工关键词不能超过20个'),
  explicitRequest: z.boolean({ error: '客户要求转人工必须是布尔值' }),
  failureThreshold: intIn('连续未解答转人工次数', 0, 10),
  handoffReply: text('转人工回复', 500),
});

export const businessHoursSchema = z
  .object({
    enabled: z.boolean({ error: '营业时间开关必须是布尔值' }),
    days: z.array(intIn('营业日', 1, 7)).max(7, '营业日不能超过7天'),
    start: z.string().regex(HH_MM, '营业开始时间格式应为HH:mm'),
    end: z.string().regex(HH_MM, '营业结束时间格式应为HH:mm'),
    offHoursText: text('非工作时间提示', 500),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (v.days.length === 0) ctx.addIssue({ code: 'custom', message: '启用营业时间时请选择营业日', path: ['days'] });
    if (v.start === v.end) ctx.addIssue({ code: 'custom', message: '营业开始时间和结束时间不能相同', path: ['end'] });
    if (!v.offHoursText.trim()) ctx.addIssue({ code: 'custom', message: '非工作时间提示不能为空', path: ['offHoursText'] });
  });

export const leadGoalSchema = z
  .object({
    enabled: z.boolean({ error: '留资目标开关必须是布尔值' }),
    fields: z.array(z.enum(LEAD_FIELDS, { error: '留资字段只能是手机号、微信号或姓名' })).max(LEAD_FIELDS.length, '留资字段重复'),
    askAfterTurns: intIn('询问留资的对话轮次', 1, 20),
    askText: text('留资询问话术', 500),
    thanksText: text('留资感谢语', 500),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.fields).size !== v.fields.length) ctx.addIssue({ code: 'custom', message: '留资字段重复', path: ['fields'] });
    if (!v.enabled) return;
    if (v.fields.length === 0) ctx.addIssue({ code: 'custom', message: '启用留资目标时请选择要收集的字段', path: ['fields'] });
    if (!v.askText.trim()) ctx.addIssue({ code: 'custom', message: '留资询问话术不能为空', path: ['askText'] });
    if (!v.thanksText.trim()) ctx.addIssue({ code: 'custom', message: '留资感谢语不能为空', path: ['thanksText'] });
  });

/** Every setting of an agent; on create a missing one comes from the template, on edit the stored one stays. */
export const settingsFields = {
  avatar: text('头像地址', 200).optional(),
  providerId: z.number({ error: '模型配置编号必须是数字' }).int().positive().nullable().optional(),
  model: text('模型名称', 100).optional(),
  params: paramsSchema.optional(),
  systemPrompt: text('系统提示词', 4000).optional(),
  welcomeMessage: text('欢迎语', 1000).optional(),
  quickQuestions: z
    .array(requiredText('快捷问题不能为空', 50, '快捷问题长度不能超过50个字符'))
    .max(8, '快捷问题不能超过8个')
    .optional(),
  fallbackReply: text('兜底回复', 1000).optional(),
  handoff: handoffSchema.optional(),
  businessHours: businessHoursSchema.optional(),
  leadGoal: leadGoalSchema.optional(),
  knowledgeThreshold: numberIn('知识库匹配阈值', 0, 1).optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
};

const agentName = requiredText('客服名称不能为空', 50, '客服名称长度不能超过50个字符');

export const agentCreateBody = z.object({
  name: agentName,
  template: z.enum(AGENT_TEMPLATES, { error: '模板只能是空白、通用客服、招聘或留资获客' }).optional(),
  ...settingsFields,
});
export type AgentCreateBody = z.infer<typeof agentCreateBody>;

export const agentUpdateBody = z.object({
  agentId: z.number({ error: '客服编号不能为空' }).int().positive(),
  name: agentName,
  ...settingsFields,
});
export type AgentUpdateBody = z.infer<typeof agentUpdateBody>;
export type AgentSettingsInput = Omit<AgentUpdateBody, 'agentId' | 'name'>;

export const agentStatusBody = z.object({
  status: z.enum(AGENT_STATUSES, { error: '状态只能是草稿、已发布或已停用' }),
});

export const agentListQuery = listQuery.extend({
  name: z.string().optional(),
  status: z.string().optional(),
});
export type AgentListQuery = z.infer<typeof agentListQuery>;

export const channelCreateBody = z.object({
  platform: z.literal('web', { error: '只能新增网页渠道' }),
  name: requiredText('渠道名称不能为空', 50, '渠道名称长度不能超过50个字符'),
});

export const channelBindBody = z.object({
  accountIds: z.array(z.number({ error: '渠道账号编号必须是数字' }).int().positive()).max(200, '渠道账号不能超过200个'),
});
