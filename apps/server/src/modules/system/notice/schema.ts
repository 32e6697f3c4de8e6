import { z } from 'zod';
import { idParam, listQuery } from '../../../core/list';
import { noHtml } from '../../../core/xss';

export const noticeListQuery = listQuery.extend({
  noticeTitle: z.string().optional(),
  noticeType: z.string().optional(),
  createBy: z.string().optional(),
});
export type NoticeFilters = z.infer<typeof noticeListQuery>;

/** SysNotice's bean validation (contract §4); the content is rich text, sanitised by the service. */
export const noticeBody = z.object({
  noticeId: idParam.optional(),
  noticeTitle: z
    .string('公告标题不能为空')
    .refine((v) => v.trim() !== '', '公告标题不能为空')
    .refine((v) => v.length <= 50, '公告标题不能超过50个字符')
    .check(noHtml('公告标题不能包含脚本字符')),
  noticeType: z.enum(['1', '2'], '公告类型不能为空'),
  noticeContent: z.string().nullish(),
  status: z.enum(['0', '1'], '公告状态不正确').optional(),
  remark: z.string().max(255, '备注不能超过255个字符').nullish(),
});
export type NoticeBody = z.infer<typeof noticeBody>;

export const readUsersQuery = listQuery.extend({
  noticeId: idParam,
  searchValue: z.string().optional(),
});
export type ReadUsersQuery = z.infer<typeof readUsersQuery>;
