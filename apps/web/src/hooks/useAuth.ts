import { useMemo } from 'react';
import { useUserStore } from '../stores/user';
import { hasRoles, permitted } from '../utils/permission';

export interface Auth {
  hasPermi(permission: string): boolean;
  hasPermiOr(permissions: string[]): boolean;
  hasPermiAnd(permissions: string[]): boolean;
  hasRole(role: string): boolean;
  hasRoleOr(roles: string[]): boolean;
  hasRoleAnd(roles: string[]): boolean;
}

/** Permission/role checks bound to the signed-in user; re-renders when the user's grants change. */
export function useAuth(): Auth {
  const permissions = useUserStore((s) => s.permissions);
  const roles = useUserStore((s) => s.roles);
  return useMemo(
    () => ({
      // A blank single value simply fails, as in the original $auth plugin; lists must not be empty.
      hasPermi: (p) => Boolean(p) && permitted(permissions, [p]),
      hasPermiOr: (ps) => permitted(permissions, ps, 'any'),
      hasPermiAnd: (ps) => permitted(permissions, ps, 'all'),
      hasRole: (r) => Boolean(r) && hasRoles(roles, [r]),
      hasRoleOr: (rs) => hasRoles(roles, rs, 'any'),
      hasRoleAnd: (rs) => hasRoles(roles, rs, 'all'),
    }),
    [permissions, roles],
  );
}
