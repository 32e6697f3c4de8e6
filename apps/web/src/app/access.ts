import { ALL_PERMISSION, SUPER_ADMIN_ROLE } from '@acs/shared';

export interface UserAccess {
  permissions: string[];
  roles: string[];
}

export interface AccessRule {
  permissions?: string[];
  roles?: string[];
}

/** A route with declared permissions or roles is open only to a user holding one of them. */
export function canAccess(rule: AccessRule, user: UserAccess): boolean {
  if (rule.permissions?.length) {
    return user.permissions.includes(ALL_PERMISSION) || rule.permissions.some((p) => user.permissions.includes(p));
  }
  if (rule.roles?.length) {
    return user.roles.includes(SUPER_ADMIN_ROLE) || rule.roles.some((r) => user.roles.includes(r));
  }
  return true;
}
