import { z } from 'zod';
import { CHAT_MESSAGE_MAX, REPLY_MATCH_TYPES } from '@acs/shared';
import { exportQuery, listQuery } from '../../../core/list';
import { requiredText, statusFlag } from '../../../core/rules';
import { validateRulePattern } from '../engine/rules';

const positiveId = (missing: string) => z.number({ error: missing }).int(missing).positive(missing);

export const ruleBody = z
  .object({
    ruleId: positiveId('规则编号不能为空').optional(),
    matchType: z.enum(REPLY_MATCH_TYPES, { error: '匹配方式只能是关键词包含、完全匹配或正则' }),
    pattern: requiredText('匹配内容不能为空', 500, '匹配内容长度不能超过500个字符'),
    reply: requiredText('回复内容不能为空', 2000, '回复内容长度不能超过2000个字符'),
    priority: z
      .number({ error: '优先级必须是数字' })
      .int('优先级必须是整数')
      .min(0, '优先级取值范围为0~9999')
      .max(9999, '优先级取值范围为0~9999')
      .optional(),
    status: statusFlag.optional(),
  })
  .superRefine((v, ctx) => {
    const problem = validateRulePattern(v.matchType, v.pattern);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['pattern'] });
  });
export type RuleBody = z.infer<typeof ruleBody>;

export const ruleStatusBody = z.object({ ruleId: positiveId('规则编号不能为空'), status: statusFlag });

const ruleFilters = {
  keyword: z.string().optional(),
  matchType: z.string().optional(),
  status: z.string().optional(),
};
export const ruleListQuery = listQuery.extend(ruleFilters);
export type RuleListQuery = z.infer<typeof ruleListQuery>;

export const SIMILAR_MAX = 20;

/** Fields of a knowledge entry, shared by the dialog and the Excel import. */
export const knowledgeFields = {
  question: requiredText('问题不能为空', 500, '问题长度不能超过500个字符'),
  similarQuestions: z
    .array(requiredText('相似问法不能为空', 200, '相似问法长度不能超过200个字符'))
    .max(SIMILAR_MAX, `相似问法不能超过${SIMILAR_MAX}个`)
    .optional(),
  answer: requiredText('答案不能为空', 5000, '答案长度不能超过5000个字符'),
  status: statusFlag.optional(),
};

export const knowledgeBody = z.object({ knowledgeId: positiveId('知识编号不能为空').optional(), ...knowledgeFields });
export type KnowledgeBody = z.infer<typeof knowledgeBody>;

export const knowledgeStatusBody = z.object({ knowledgeId: positiveId('知识编号不能为空'), status: statusFlag });

const knowledgeFilters = {
  keyword: z.string().optional(),
  status: z.string().optional(),
};
export const knowledgeListQuery = listQuery.extend(knowledgeFilters);
export const knowledgeExportQuery = exportQuery.extend(knowledgeFilters);
export type KnowledgeFilters = z.infer<typeof knowledgeExportQuery>;

export const replyTestBody = z.object({
  content: requiredText('测试消息不能为空', CHAT_MESSAGE_MAX, `测试消息长度不能超过${CHAT_MESSAGE_MAX}个字符`),
});
