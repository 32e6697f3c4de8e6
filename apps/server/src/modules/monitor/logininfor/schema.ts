import { z } from 'zod';
import { exportQuery, listQuery } from '../../../core/list';
import { filterText } from '../../../core/rules';
import { sysLogininfor } from '../../../db/schema';

const filters = {
  ipaddr: filterText('登录地址', sysLogininfor.ipaddr),
  userName: filterText('用户名称', sysLogininfor.userName),
  status: filterText('登录状态', sysLogininfor.status),
};
export const logininforListQuery = listQuery.extend(filters);
export const logininforExportQuery = exportQuery.extend(filters);
export type LogininforFilters = z.infer<typeof logininforExportQuery>;

/** The user name as the login form takes it (trimmed there too), at most as long as the log column. */
export const unlockParams = z.object({
  userName: z.string().trim().min(1, '用户名称不能为空').max(50, '用户名称长度不能超过50个字符'),
});
