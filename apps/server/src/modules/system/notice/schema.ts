import { z } from 'zod';
import { idParam, listQuery } from '../../../core/list';
import { boundedText, filterText } from '../../../core/rules';
import { noHtml } from '../../../core/xss';
import { sysNotice, sysUser } from '../../../db/schema';

/** notice_content is a text column: rich text of a long announcement fits easily (images are uploaded, not inlined). */
export const NOTICE_CONTENT_MAX = 65_535;

export const noticeListQuery = listQuery.extend({
  noticeTitle: filterText('公告标题', sysNotice.noticeTitle),
  noticeType: filterText('公告类型', sysNotice.noticeType),
  createBy: filterText('操作人员', sysNotice.createBy),
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
  noticeContent: boundedText('公告内容', NOTICE_CONTENT_MAX).nullish(),
  status: z.enum(['0', '1'], '公告状态不正确').optional(),
  remark: z.string().max(255, '备注不能超过255个字符').nullish(),
});
export type NoticeBody = z.infer<typeof noticeBody>;

export const readUsersQuery = listQuery.extend({
  noticeId: idParam,
  /** A user name or nickname. */
  searchValue: filterText('登录名称或用户名称', sysUser.nickName),
});
export type ReadUsersQuery = z.infer<typeof readUsersQuery>;
