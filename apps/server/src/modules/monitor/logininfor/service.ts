import { and, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { likePattern, orderBy, tableList, timeRange, type ExcelColumn, type ListQuery } from '../../../core/list';
import { sysLogininfor } from '../../../db/schema';
import { clearCredentialLimits } from '../../auth/rate-limit';
import { unlockUser } from '../../auth/login-lock';
import type { LogininforFilters } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv'>;
type LogininforRow = typeof sysLogininfor.$inferSelect;

function where(q: LogininforFilters): SQL | undefined {
  return and(
    q.ipaddr ? like(sysLogininfor.ipaddr, likePattern(q.ipaddr)) : undefined,
    q.userName ? like(sysLogininfor.userName, likePattern(q.userName)) : undefined,
    q.status ? eq(sysLogininfor.status, q.status) : undefined,
    ...timeRange(sysLogininfor.loginTime, q),
  );
}

const sortable = {
  infoId: sysLogininfor.infoId,
  userName: sysLogininfor.userName,
  ipaddr: sysLogininfor.ipaddr,
  status: sysLogininfor.status,
  loginTime: sysLogininfor.loginTime,
};
const defaultOrder = [desc(sysLogininfor.infoId)];

const logs = (deps: Deps, q: LogininforFilters) => tableList(deps.database.db, sysLogininfor, where(q), orderBy(q, sortable, defaultOrder));

export const listLogininfor = (deps: Deps, q: LogininforFilters & ListQuery) => logs(deps, q).page(q);

export const exportLogininfor = (deps: Deps, q: LogininforFilters) => logs(deps, q).all();

export const LOGININFOR_COLUMNS: ExcelColumn<LogininforRow>[] = [
  { header: '序号', value: (r) => r.infoId },
  { header: '用户账号', value: (r) => r.userName },
  { header: '登录状态', value: (r) => r.status, dict: { '0': '成功', '1': '失败' } },
  { header: '登录地址', value: (r) => r.ipaddr },
  { header: '登录地点', value: (r) => r.loginLocation },
  { header: '浏览器', value: (r) => r.browser },
  { header: '操作系统', value: (r) => r.os },
  { header: '提示消息', value: (r) => r.msg },
  { header: '访问时间', value: (r) => r.loginTime, width: 20 },
];

export async function deleteLogininfor(deps: Deps, infoIds: number[]): Promise<number> {
  const removed = await deps.database.db.delete(sysLogininfor).where(inArray(sysLogininfor.infoId, infoIds)).returning({ id: sysLogininfor.infoId });
  return removed.length;
}

/** 清空: every row goes and the numbering starts again, as upstream's truncate does. */
export async function cleanLogininfor(deps: Deps): Promise<void> {
  await deps.database.db.execute(sql`truncate table ${sysLogininfor} restart identity`);
}

/**
 * 解锁: the password-error lock of the user name (upstream's `pwd_err_cnt:<userName>`), its counts per
 * address, and the credential rate limits of those addresses, so the user can sign in again at once.
 */
export async function unlockLogin(deps: Deps, userName: string): Promise<void> {
  const addresses = await unlockUser(deps.kv, userName);
  for (const ip of addresses) await clearCredentialLimits(deps.kv, ip);
}
