/** Navigation decisions of the route guard (spec §2.4), free of router and store state. */

/** Public pages reachable without a token. */
export const WHITE_LIST = ['/login', '/register', '/chat', '/dyLogin', '/dySwitch', '/home'];
export const MAX_REDIRECTS = 10;

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Token present but no roles yet: load user info and routes, then navigate again. */
  | { kind: 'load' };

export interface GuardInput {
  pathname: string;
  /** pathname + search + hash of the target. */
  fullPath: string;
  hasToken: boolean;
  rolesLoaded: boolean;
}

export function isWhiteListed(pathname: string): boolean {
  return WHITE_LIST.includes(pathname);
}

export function decideNavigation({ pathname, fullPath, hasToken, rolesLoaded }: GuardInput): GuardDecision {
  if (hasToken) {
    if (pathname === '/login') return { kind: 'redirect', to: '/' };
    if (isWhiteListed(pathname) || rolesLoaded) return { kind: 'allow' };
    return { kind: 'load' };
  }
  if (isWhiteListed(pathname)) return { kind: 'allow' };
  return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(fullPath)}` };
}

/** Counts consecutive guard redirects so a misconfiguration cannot loop forever. */
export function createRedirectCounter(max = MAX_REDIRECTS) {
  let count = 0;
  return {
    /** True when another redirect is allowed; false once `max` redirects happened in a row. */
    take(): boolean {
      if (count >= max) {
        count = 0;
        return false;
      }
      count += 1;
      return true;
    },
    reset(): void {
      count = 0;
    },
  };
}

/** Only same-origin paths are followed after login. */
export function safeRedirect(target: string | null | undefined): string {
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}
