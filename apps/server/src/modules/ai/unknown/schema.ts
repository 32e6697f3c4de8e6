import { z } from 'zod';
import { listQuery } from '../../../core/list';
import { boundedList, filterText, KEYWORD_MAX } from '../../../core/rules';
import { knowledgeFields } from '../reply/schema';

/** pending · added (as a similar question of an entry) · created (a new entry) · ignored. */
export const UNKNOWN_STATUSES = ['pending', 'added', 'created', 'ignored'] as const;
export type UnknownStatus = (typeof UNKNOWN_STATUSES)[number];

/** The list's filter: a status, or `handled` for both added and created (已处理). */
export const UNKNOWN_STATUS_FILTERS = [...UNKNOWN_STATUSES, 'handled'] as const;

/** Most groups one batch may touch: a page of the list at its largest. */
const BATCH_MAX = 1000;

const unknownId = z.number({ error: '未知问题编号不能为空' }).int('未知问题编号必须是整数').positive('未知问题编号必须是正整数');

export const unknownListQuery = listQuery.extend({
  status: z.enum(UNKNOWN_STATUS_FILTERS, { error: '状态只能是待处理、已处理或已忽略' }).optional(),
  keyword: filterText('关键词', KEYWORD_MAX),
});
export type UnknownListQuery = z.infer<typeof unknownListQuery>;

export const unknownAttachBody = z.object({
  knowledgeId: z.number({ error: '知识编号不能为空' }).int('知识编号必须是整数').positive('知识编号必须是正整数'),
  /** Also add the group's other phrasings, not only its first question. */
  includeSamples: z.boolean({ error: '是否包含其他问法必须是布尔值' }).optional(),
});
export type UnknownAttachBody = z.infer<typeof unknownAttachBody>;

/** A new entry from a group: the question defaults to the group's first question. */
export const unknownCreateBody = z.object({
  question: knowledgeFields.question.optional(),
  similarQuestions: knowledgeFields.similarQuestions,
  answer: knowledgeFields.answer,
  status: knowledgeFields.status,
});
export type UnknownCreateBody = z.infer<typeof unknownCreateBody>;

export const unknownIdsBody = z.object({
  unknownIds: boundedList(unknownId, '未知问题', BATCH_MAX).min(1, '请选择未知问题'),
});
