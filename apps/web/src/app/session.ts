import NProgress from 'nprogress';
import { replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { getRouters, type InfoResult } from '../api/login';
import { usePermissionStore } from '../stores/permission';
import { useUserStore } from '../stores/user';
import { getToken } from '../utils/auth';
import { confirmDialog, toast } from '../utils/feedback';
import { canAccess, type UserAccess } from './access';
import { menuOfThisBuild } from './builtPages';
import { createRedirectCounter, decideNavigation } from './guard';
import { hiddenRouteObject, hiddenRoutes } from './hiddenRoutes';
import { preloadShell } from './pages';
import { flattenServerRoutes, joinPath, toRouteObject } from './serverRoutes';
import type { ServerRoute } from '../types/route';

/** The part of the data router the guard needs (patchRoutes adds the user's routes under the shell). */
export interface PatchableRouter {
  readonly routes: readonly RouteObject[];
  patchRoutes(routeId: string | null, children: RouteObject[]): void;
  navigate(to: string): Promise<void>;
}

export const SHELL_ROUTE_ID = 'layout';

/** Every absolute path the router already knows. */
export function registeredPaths(routes: readonly RouteObject[], parent = ''): Set<string> {
  const paths = new Set<string>();
  for (const route of routes) {
    const path = route.path ? joinPath(parent || '/', route.path) : parent;
    if (route.path) paths.add(path);
    if (route.children) for (const p of registeredPaths(route.children, path)) paths.add(p);
  }
  return paths;
}

/** The shell routes a user may open: the server menu plus the permitted hidden detail pages. */
export function buildUserRoutes(serverRoutes: ServerRoute[], user: UserAccess): RouteObject[] {
  return [
    ...flattenServerRoutes(serverRoutes, user).map(toRouteObject),
    ...hiddenRoutes.filter((r) => canAccess(r, user)).map(hiddenRouteObject),
  ];
}

/** Adds routes under the shell, skipping paths already registered. */
export function addUserRoutes(router: PatchableRouter, routes: RouteObject[]): void {
  const known = registeredPaths(router.routes);
  const fresh = routes.filter((r) => {
    if (!r.path || known.has(r.path)) return false;
    known.add(r.path);
    return true;
  });
  if (fresh.length) router.patchRoutes(SHELL_ROUTE_ID, fresh);
}

function promptPasswordChange(info: InfoResult, router: PatchableRouter): void {
  const content = info.isDefaultModifyPwd
    ? '您的密码还是初始密码，请修改密码！'
    : info.isPasswordExpired
      ? '您的密码已过期，请尽快修改密码！'
      : null;
  if (!content) return;
  void confirmDialog({ title: '安全提示', content }).then((ok) => {
    if (ok) void router.navigate('/user/profile?activeTab=resetPwd');
  });
}

/** `getRouter` is read only after the first await: on a page load the router is still being created. */
async function loadSession(getRouter: () => PatchableRouter): Promise<void> {
  const info = await useUserStore.getState().getInfo();
  const res = await getRouters();
  const router = getRouter();
  const serverRoutes = menuOfThisBuild(res.data ?? []);
  usePermissionStore.getState().setRoutes(serverRoutes);
  const { permissions, roles } = useUserStore.getState();
  addUserRoutes(router, buildUserRoutes(serverRoutes, { permissions, roles }));
  promptPasswordChange(info, router);
}

/**
 * The root route's loader: runs on every navigation (shouldRevalidate → true) and applies the
 * guard's decision. Redirects replace the history entry.
 */
export function createGuardLoader(getRouter: () => PatchableRouter) {
  const redirects = createRedirectCounter();

  function redirectTo(to: string): Response | null {
    if (redirects.take()) return replace(to);
    console.warn(`路由重定向次数过多，已停止重定向：${to}`);
    return null;
  }

  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
    NProgress.start();
    const url = new URL(request.url);
    const fullPath = url.pathname + url.search + url.hash;
    const decision = decideNavigation({
      pathname: url.pathname,
      fullPath,
      hasToken: Boolean(getToken()),
      rolesLoaded: useUserStore.getState().roles.length > 0,
    });
    if (decision.kind === 'redirect') return redirectTo(decision.to);
    if (decision.kind === 'allow') {
      redirects.reset();
      if (getToken()) preloadShell();
      return null;
    }
    try {
      await loadSession(getRouter);
    } catch (error) {
      await useUserStore.getState().logout();
      toast.error(error instanceof Error ? error.message : String(error));
      return redirectTo('/');
    }
    return redirectTo(fullPath);
  };
}
