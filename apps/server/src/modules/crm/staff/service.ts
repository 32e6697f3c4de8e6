import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { likePattern } from '../../../core/list';
import { sysDept, sysUser } from '../../../db/schema';

/** Users one picker answer holds at most: the picker searches by keyword beyond that. */
export const STAFF_LIMIT = 100;

/**
 * Users who can be given customers and leads (owner and assignee pickers): normal status, not
 * deleted, matched by part of the account or the nickname.
 */
export async function listStaff(deps: Pick<AppDeps, 'database'>, keyword: string | undefined) {
  const k = keyword ? likePattern(keyword) : undefined;
  return deps.database.db
    .select({ userId: sysUser.userId, userName: sysUser.userName, nickName: sysUser.nickName, deptName: sysDept.deptName })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.deptId, sysUser.deptId))
    .where(and(eq(sysUser.status, '0'), eq(sysUser.delFlag, '0'), k ? or(ilike(sysUser.userName, k), ilike(sysUser.nickName, k)) : undefined))
    .orderBy(asc(sysUser.userId))
    .limit(STAFF_LIMIT);
}
