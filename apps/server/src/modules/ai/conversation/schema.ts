import { z } from 'zod';
import { CHANNELS, CONVERSATION_STATUSES, CHAT_MESSAGE_MAX } from '@acs/shared';
import { exportQuery, idParam, listQuery } from '../../../core/list';
import { requiredText } from '../../../core/rules';

const filters = {
  status: z.enum(CONVERSATION_STATUSES, { error: '会话状态不正确' }).or(z.literal('')).optional(),
  agentId: z.coerce.number<string>().int().positive().optional().or(z.literal('')),
  channel: z.enum(CHANNELS, { error: '渠道不正确' }).or(z.literal('')).optional(),
  /** Customer name, phone, WeChat, visitor id or the last message. */
  keyword: z.string().max(100, '关键词长度不能超过100个字符').optional(),
  /** Plain names as well as RuoYi's params[…]: created-day range in China time. */
  beginTime: z.string().optional(),
  endTime: z.string().optional(),
};
export const conversationListQuery = listQuery.extend(filters);
export const conversationExportQuery = exportQuery.extend(filters);
export type ConversationFilters = z.infer<typeof conversationExportQuery>;

export const conversationParams = z.object({ conversationId: idParam });

export const replyBody = z.object({
  content: requiredText('回复内容不能为空', CHAT_MESSAGE_MAX, `回复内容长度不能超过${CHAT_MESSAGE_MAX}个字符`).transform((v) => v.trim()),
});
