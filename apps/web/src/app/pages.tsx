import type { ComponentType } from 'react';
import { useParams, type LazyRouteFunction, type RouteObject } from 'react-router';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** Every page is its own lazy chunk; server component strings name them ('system/user/index'). */
const pageModules = import.meta.glob<PageModule>([
  '../pages/**/*.tsx',
  '!../pages/**/*.test.tsx',
  '!../pages/**/components/**',
]);

const layoutModules = import.meta.glob<PageModule>(['../layout/index.tsx', '../layout/InnerLink/index.tsx']);

/** 'system/user/index' or 'system/user' → the page module, if it exists. */
export function findPage(component: string): PageLoader | undefined {
  const name = component.replace(/^\/+/, '').replace(/\.tsx$/, '');
  return pageModules[`../pages/${name}.tsx`] ?? pageModules[`../pages/${name}/index.tsx`];
}

export const layoutLoader = layoutModules['../layout/index.tsx'];
export const innerLinkLoader = layoutModules['../layout/InnerLink/index.tsx'];

const notFoundLoader = findPage('error/404');

async function loadComponent(loader: PageLoader | undefined): Promise<ComponentType> {
  const mod = await (loader ?? notFoundLoader)?.();
  if (!mod) throw new Error('页面不存在');
  return mod.default;
}

/** Lazy route properties for a page; a missing module renders the 404 page. */
export function lazyPage(loader: PageLoader | undefined): LazyRouteFunction<RouteObject> {
  return async () => ({ Component: await loadComponent(loader) });
}

/** Like lazyPage, but the route param must be digits (react-router paths have no regex), else 404. */
export function lazyDigitsPage(loader: PageLoader | undefined, param: string): LazyRouteFunction<RouteObject> {
  return async () => {
    const [Page, NotFound] = await Promise.all([loadComponent(loader), loadComponent(notFoundLoader)]);
    function DigitsOnly() {
      const value = useParams()[param] ?? '';
      return /^\d+$/.test(value) ? <Page /> : <NotFound />;
    }
    return { Component: DigitsOnly };
  };
}
