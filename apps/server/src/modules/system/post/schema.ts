import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { filterText, optionalText, requiredBoundedText, requiredNumber, statusFlag } from '../../../core/rules';
import { sysPost } from '../../../db/schema';

/** SysPost as the add/edit dialog sends it (contract §4). */
export const postBody = z.object({
  postId: z.number().int().positive().optional(),
  postCode: requiredBoundedText('岗位编码', sysPost.postCode),
  postName: requiredBoundedText('岗位名称', sysPost.postName),
  postSort: requiredNumber('显示顺序不能为空'),
  status: statusFlag.optional(),
  remark: optionalText(500, '备注长度不能超过500个字符'),
});
export type PostBody = z.infer<typeof postBody>;

const filters = {
  postCode: filterText('岗位编码', sysPost.postCode),
  postName: filterText('岗位名称', sysPost.postName),
  status: filterText('状态', sysPost.status),
};
export const postListQuery = listQuery.extend(filters);
export const postExportQuery = exportQuery.extend(filters);
export type PostFilters = z.infer<typeof postExportQuery>;
