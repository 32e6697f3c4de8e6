import { and, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app';
import type { LoginSession } from '../../core/auth';
import { dataScopeFilter } from '../../core/datascope';
import { ServiceError } from '../../core/errors';
import { sysUser } from '../../db/schema';

export const NO_CRM_ACCESS = '没有权限访问客户数据！';

/**
 * Which customers or leads a user may see under `permission` (docs/crm.md §数据权限): rows owned by a
 * user the role's data scope covers (by the owner's department, as 用户管理 does; "self only" means
 * owning them), plus unowned rows, which are the shared pool (公海) everyone holding the permission may
 * see and claim. `undefined` is no restriction (super admin, scope "all").
 */
export function ownerScope(session: LoginSession, permission: string, ownerColumn: AnyPgColumn): SQL | undefined {
  const usersInScope = dataScopeFilter(session, permission, { dept: sysUser.deptId, user: sysUser.userId });
  if (!usersInScope) return undefined;
  return or(isNull(ownerColumn), inArray(ownerColumn, sql`(select ${sysUser.userId} from ${sysUser} where ${usersInScope})`));
}

/** Refuses (as RuoYi's checkUserDataScope does) rows the user may not see; missing ones read the same. */
export async function checkOwnerScope(
  deps: Pick<AppDeps, 'database'>,
  session: LoginSession,
  permission: string,
  target: { table: PgTable; id: AnyPgColumn; owner: AnyPgColumn },
  ids: number[],
): Promise<void> {
  const scope = ownerScope(session, permission, target.owner);
  if (!scope || ids.length === 0) return;
  const visible = await deps.database.db
    .select({ id: target.id })
    .from(target.table)
    .where(and(inArray(target.id, ids), scope));
  if (visible.length !== new Set(ids).size) throw new ServiceError(NO_CRM_ACCESS);
}
