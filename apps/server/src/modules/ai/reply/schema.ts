import { z } from 'zod';
import { AI_TEXT_MAX, CHAT_MESSAGE_MAX, REPLY_MATCH_TYPES } from '@acs/shared';
import { exportQuery, listQuery } from '../../../core/list';
import { filterText, KEYWORD_MAX, requiredBoundedText, statusFlag } from '../../../core/rules';
import { aiKnowledge, aiReplyRule } from '../../../db/schema';
import { validateRulePattern } from '../engine/rules';

const positiveId = (missing: string) => z.number({ error: missing }).int(missing).positive(missing);

export const ruleBody = z
  .object({
    ruleId: positiveId('规则编号不能为空').optional(),
    matchType: z.enum(REPLY_MATCH_TYPES, { error: '匹配方式只能是关键词包含、完全匹配或正则' }),
    pattern: requiredBoundedText('匹配内容', aiReplyRule.pattern),
    reply: requiredBoundedText('回复内容', AI_TEXT_MAX.ruleReply),
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

const keyword = filterText('关键词', KEYWORD_MAX);

const ruleFilters = {
  keyword,
  matchType: filterText('匹配方式', aiReplyRule.matchType),
  status: filterText('状态', aiReplyRule.status),
};
export const ruleListQuery = listQuery.extend(ruleFilters);
export type RuleListQuery = z.infer<typeof ruleListQuery>;

export const SIMILAR_MAX = 20;

/** Fields of a knowledge entry, shared by the dialog and the Excel import. */
export const knowledgeFields = {
  question: requiredBoundedText('问题', aiKnowledge.question),
  similarQuestions: z
    .array(requiredBoundedText('相似问法', AI_TEXT_MAX.similarQuestion))
    .max(SIMILAR_MAX, `相似问法不能超过${SIMILAR_MAX}个`)
    .optional(),
  answer: requiredBoundedText('答案', AI_TEXT_MAX.knowledgeAnswer),
  status: statusFlag.optional(),
};

export const knowledgeBody = z.object({ knowledgeId: positiveId('知识编号不能为空').optional(), ...knowledgeFields });
export type KnowledgeBody = z.infer<typeof knowledgeBody>;

export const knowledgeStatusBody = z.object({ knowledgeId: positiveId('知识编号不能为空'), status: statusFlag });

const knowledgeFilters = {
  keyword,
  status: filterText('状态', aiKnowledge.status),
};
export const knowledgeListQuery = listQuery.extend(knowledgeFilters);
export const knowledgeExportQuery = exportQuery.extend(knowledgeFilters);
export type KnowledgeFilters = z.infer<typeof knowledgeExportQuery>;

export const replyTestBody = z.object({
  content: requiredBoundedText('测试消息', CHAT_MESSAGE_MAX),
});
