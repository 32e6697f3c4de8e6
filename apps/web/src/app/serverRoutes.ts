import type { RouteObject } from 'react-router';
import type { RouteHandle, ServerRoute } from '../types/route';
import { canAccess, type UserAccess } from './access';
import { findPage, innerLinkLoader, lazyComponent, type PageLoader } from './pages';

/** A leaf of the server menu tree, registered as one route under the shell. */
export interface MenuRoute {
  /** Absolute path: parent path + '/' + child path. */
  path: string;
  component: string;
  handle: RouteHandle;
}

/** Components that only group their children. */
export const WRAPPERS = new Set(['Layout', 'ParentView']);

export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

/**
 * Flattens the /getRouters tree into routable leaves. Layout/ParentView nodes only group their
 * children (their path prefixes the children's); external addresses are links, not routes; nodes with
 * declared permissions/roles the user lacks are dropped together with their subtree.
 */
export function flattenServerRoutes(routes: ServerRoute[], user: UserAccess, parentPath = ''): MenuRoute[] {
  const out: MenuRoute[] = [];
  for (const route of routes) {
    if (isExternal(route.path) || !canAccess(route, user)) continue;
    const path = joinPath(parentPath || '/', route.path);
    const component = route.component ?? 'Layout';
    if (route.children?.length) out.push(...flattenServerRoutes(route.children, user, path));
    if (WRAPPERS.has(component)) continue;
    out.push({
      path,
      component,
      handle: {
        title: route.meta?.title,
        icon: route.meta?.icon,
        noCache: route.meta?.noCache,
        link: route.meta?.link,
        hidden: route.hidden,
      },
    });
  }
  return out;
}

function loaderFor(component: string): PageLoader | undefined {
  return component === 'InnerLink' ? innerLinkLoader : findPage(component);
}

/** Whether this build has the page a server component string names. */
export const hasPage = (component: string): boolean => loaderFor(component) !== undefined;

export function toRouteObject(route: MenuRoute): RouteObject {
  return { id: `menu:${route.path}`, path: route.path, handle: route.handle, Component: lazyComponent(loaderFor(route.component)) };
}
