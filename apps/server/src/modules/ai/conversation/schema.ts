import { z } from 'zod';
import { CHANNELS, CONVERSATION_STATUSES, CHAT_MESSAGE_MAX } from '@acs/shared';
import { exportQuery, idParam, listQuery } from '../../../core/list';
import { filterText, KEYWORD_MAX, requiredText } from '../../../core/rules';

const filters = {
  status: z.enum(CONVERSATION_STATUSES, { error: '会话状态不正确' }).or(z.literal('')).optional(),
  agentId: z.coerce.number<string>().int().positive().optional().or(z.literal('')),
  channel: z.enum(CHANNELS, { error: '渠道不正确' }).or(z.literal('')).optional(),
  /** Customer name, phone, WeChat, visitor id or the last message. */
  keyword: filterText('关键词', KEYWORD_MAX),
  /** Plain names as well as RuoYi's params[…] (checked alike): created-day range in China time. */
  beginTime: listQuery.shape['params[beginTime]'],
  endTime: listQuery.shape['params[endTime]'],
};
export const conversationListQuery = listQuery.extend(filters);
export const conversationExportQuery = exportQuery.extend(filters);
export type ConversationFilters = z.infer<typeof conversationExportQuery>;

export const conversationParams = z.object({ conversationId: idParam });

export const replyBody = z.object({
  content: requiredText('回复内容不能为空', CHAT_MESSAGE_MAX, `回复内容长度不能超过${CHAT_MESSAGE_MAX}个字符`).transform((v) => v.trim()),
});
