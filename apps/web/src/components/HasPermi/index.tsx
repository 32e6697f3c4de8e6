import type { ReactNode } from 'react';
import { useUserStore } from '../../stores/user';
import { hasRoles, permitted, type MatchMode } from '../../utils/permission';

interface MarkerProps {
  value: string[];
  /** any = the user needs one of the values (default), all = every value. */
  match?: MatchMode;
  /** Keep the element in the layout but invisible instead of removing it. */
  show?: boolean;
  children: ReactNode;
}

function Gate({ allowed, show, children }: { allowed: boolean; show?: boolean; children: ReactNode }) {
  if (allowed) return <>{children}</>;
  if (!show) return null;
  // visibility is inherited, so a box-less wrapper hides the children without moving anything around them.
  return (
    <span aria-hidden style={{ display: 'contents', visibility: 'hidden' }}>
      {children}
    </span>
  );
}

/** Renders children only when the user holds the permission(s); throws 请设置操作权限标签值 on an empty list. */
export function HasPermi({ value, match = 'any', show, children }: MarkerProps) {
  const permissions = useUserStore((s) => s.permissions);
  return (
    <Gate allowed={permitted(permissions, value, match)} show={show}>
      {children}
    </Gate>
  );
}

/** Renders children only when the user holds the role(s); throws 请设置角色权限标签值 on an empty list. */
export function HasRole({ value, match = 'any', show, children }: MarkerProps) {
  const roles = useUserStore((s) => s.roles);
  return (
    <Gate allowed={hasRoles(roles, value, match)} show={show}>
      {children}
    </Gate>
  );
}
