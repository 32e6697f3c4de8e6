import { z } from 'zod';
import { AGENT_STATUSES, AGENT_TEMPLATES, AI_TEXT_MAX, LEAD_FIELDS, LEAD_GOAL_MATCHES } from '@acs/shared';
import { listQuery } from '../../../core/list';
import { boundedText as text, filterText, optionalText, requiredBoundedText } from '../../../core/rules';
import { aiAgent, channelAccount } from '../../../db/schema';

/** An integer within [min, max]; one message for the wrong type and the range. */
const intIn = (label: string, min: number, max: number) => {
  const msg = `${label}取值范围为${min}~${max}`;
  return z.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`).min(min, msg).max(max, msg);
};
const numberIn = (label: string, min: number, max: number) => {
  const msg = `${label}取值范围为${min}~${max}`;
  return z.number({ error: `${label}必须是数字` }).min(min, msg).max(max, msg);
};
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const paramsSchema = z.object({
  temperature: numberIn('温度', 0, 2),
  maxTokens: intIn('最大回复长度', 1, 8000),
  historyMessages: intIn('携带历史消息数', 0, 50),
});

export const handoffSchema = z.object({
  keywords: z
    .array(requiredBoundedText('转人工关键词', AI_TEXT_MAX.handoffKeyword))
    .max(20, '转人工关键词不能超过20个'),
  explicitRequest: z.boolean({ error: '客户要求转人工必须是布尔值' }),
  failureThreshold: intIn('连续未解答转人工次数', 0, 10),
  handoffReply: text('转人工回复', AI_TEXT_MAX.handoffReply),
});

export const businessHoursSchema = z
  .object({
    enabled: z.boolean({ error: '营业时间开关必须是布尔值' }),
    days: z.array(intIn('营业日', 1, 7)).max(7, '营业日不能超过7天'),
    start: z.string().regex(HH_MM, '营业开始时间格式应为HH:mm'),
    end: z.string().regex(HH_MM, '营业结束时间格式应为HH:mm'),
    offHoursText: text('非工作时间提示', AI_TEXT_MAX.offHoursText),
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
    match: z.enum(LEAD_GOAL_MATCHES, { error: '留资目标条件只能是全部填写或任填其一' }).optional(),
    askAfterTurns: intIn('询问留资的对话轮次', 1, 20),
    askText: text('留资询问话术', AI_TEXT_MAX.leadAskText),
    thanksText: text('留资感谢语', AI_TEXT_MAX.leadThanksText),
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
  avatar: text('头像地址', aiAgent.avatar).optional(),
  providerId: z.number({ error: '模型配置编号必须是数字' }).int().positive().nullable().optional(),
  model: text('模型名称', aiAgent.model).optional(),
  params: paramsSchema.optional(),
  systemPrompt: text('系统提示词', AI_TEXT_MAX.systemPrompt).optional(),
  welcomeMessage: text('欢迎语', AI_TEXT_MAX.welcomeMessage).optional(),
  quickQuestions: z
    .array(requiredBoundedText('快捷问题', AI_TEXT_MAX.quickQuestion))
    .max(8, '快捷问题不能超过8个')
    .optional(),
  fallbackReply: text('兜底回复', AI_TEXT_MAX.fallbackReply).optional(),
  handoff: handoffSchema.optional(),
  businessHours: businessHoursSchema.optional(),
  leadGoal: leadGoalSchema.optional(),
  knowledgeThreshold: numberIn('直接回答阈值', 0, 1).optional(),
  clarifyThreshold: numberIn('澄清阈值', 0, 1).optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
};

const agentName = requiredBoundedText('客服名称', aiAgent.name);

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
  name: filterText('客服名称', aiAgent.name),
  status: filterText('状态', aiAgent.status),
});
export type AgentListQuery = z.infer<typeof agentListQuery>;

export const channelCreateBody = z.object({
  platform: z.literal('web', { error: '只能新增网页渠道' }),
  name: requiredBoundedText('渠道名称', channelAccount.name),
});

export const channelBindBody = z.object({
  accountIds: z.array(z.number({ error: '渠道账号编号必须是数字' }).int().positive()).max(200, '渠道账号不能超过200个'),
});
