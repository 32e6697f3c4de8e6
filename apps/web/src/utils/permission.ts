import { ALL_PERMISSION, SUPER_ADMIN_ROLE } from '@acs/shared';
import { useUserStore } from '../stores/user';

export const PERMI_EMPTY_ERROR = '请设置操作权限标签值';
export const ROLE_EMPTY_ERROR = '请设置角色权限标签值';

export type MatchMode = 'any' | 'all';

function matches(held: readonly string[], wanted: readonly string[], wildcard: string, mode: MatchMode): boolean {
  if (held.includes(wildcard)) return true;
  return mode === 'any' ? wanted.some((w) => held.includes(w)) : wanted.every((w) => held.includes(w));
}

/** `*:*:*` grants everything; otherwise the wanted permissions are matched exactly. */
export function permitted(held: readonly string[], wanted: readonly string[], mode: MatchMode = 'any'): boolean {
  if (wanted.length === 0) throw new Error(PERMI_EMPTY_ERROR);
  return matches(held, wanted, ALL_PERMISSION, mode);
}

/** The `admin` role passes every role check. */
export function hasRoles(held: readonly string[], wanted: readonly string[], mode: MatchMode = 'any'): boolean {
  if (wanted.length === 0) throw new Error(ROLE_EMPTY_ERROR);
  return matches(held, wanted, SUPER_ADMIN_ROLE, mode);
}

/** Any-of check against the signed-in user's permissions, for code outside React render. */
export function checkPermi(list: readonly string[]): boolean {
  return permitted(useUserStore.getState().permissions, list);
}

/** Any-of check against the signed-in user's roles, for code outside React render. */
export function checkRole(list: readonly string[]): boolean {
  return hasRoles(useUserStore.getState().roles, list);
}
