import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { optionalText, requiredNumber, requiredText, statusFlag } from '../../../core/rules';

/** SysPost as the add/edit dialog sends it (contract §4). */
export const postBody = z.object({
  postId: z.number().int().positive().optional(),
  postCode: requiredText('岗位编码不能为空', 64, '岗位编码长度不能超过64个字符'),
  postName: requiredText('岗位名称不能为空', 50, '岗位名称长度不能超过50个字符'),
  postSort: requiredNumber('显示顺序不能为空'),
  status: statusFlag.optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type PostBody = z.infer<typeof postBody>;

const filters = {
  postCode: z.string().optional(),
  postName: z.string().optional(),
  status: z.string().optional(),
};
export const postListQuery = listQuery.extend(filters);
export const postExportQuery = exportQuery.extend(filters);
export type PostFilters = z.infer<typeof postExportQuery>;
