import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ALL_PERMISSION } from '@acs/shared';
import { sysDept, sysRoleDept } from '../db/schema';
import type { LoginSession } from './auth';

/** role.data_scope values (contract §5.3). */
export const DataScope = {
  ALL: '1',
  CUSTOM: '2',
  DEPT: '3',
  DEPT_AND_CHILD: '4',
  SELF: '5',
} as const;

export interface ScopeColumns {
  /** The dept id column of the listed rows (alias `d` upstream). */
  dept: AnyPgColumn;
  /** The user id column, when the rows belong to users (alias `u`); without it "self" sees nothing. */
  user?: AnyPgColumn;
}

const NOTHING = sql`false`;

/**
 * The data-scope predicate for a list or single-record check, as parameterised SQL.
 * `undefined` means no restriction (super admin, or a role with scope "all").
 * Only normal roles whose own permissions include `permission` count, as upstream does; when none
 * qualifies nothing is visible. Client input never reaches this (params.dataScope is ignored).
 */
export function dataScopeFilter(session: LoginSession, permission: string, cols: ScopeColumns): SQL | undefined {
  const user = session.user;
  if (user.admin || session.userId === 1) return undefined;
  const roles = user.roles.filter(
    (r) => r.status === '0' && (r.permissions ?? []).some((p) => p === permission || p === ALL_PERMISSION),
  );
  if (roles.length === 0) return NOTHING;
  const parts: SQL[] = [];
  const seen = new Set<string>();
  const customRoleIds: number[] = [];
  for (const role of roles) {
    if (role.dataScope === DataScope.ALL) return undefined;
    if (role.dataScope === DataScope.CUSTOM) {
      customRoleIds.push(role.roleId);
      continue;
    }
    if (seen.has(role.dataScope)) continue;
    seen.add(role.dataScope);
    const deptId = user.deptId ?? 0;
    if (role.dataScope === DataScope.DEPT) parts.push(eq(cols.dept, deptId));
    else if (role.dataScope === DataScope.DEPT_AND_CHILD) {
      parts.push(
        inArray(
          cols.dept,
          sql`(select ${sysDept.deptId} from ${sysDept} where ${sysDept.deptId} = ${deptId} or ${deptId}::text = any(string_to_array(${sysDept.ancestors}, ',')))`,
        ),
      );
    } else if (role.dataScope === DataScope.SELF) {
      parts.push(cols.user ? eq(cols.user, session.userId) : NOTHING);
    }
  }
  if (customRoleIds.length > 0) {
    parts.push(
      inArray(
        cols.dept,
        sql`(select ${sysRoleDept.deptId} from ${sysRoleDept} where ${inArray(sysRoleDept.roleId, customRoleIds)})`,
      ),
    );
  }
  return parts.length === 0 ? NOTHING : or(...parts);
}
