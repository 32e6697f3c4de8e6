import { lazy, Suspense, type ComponentType } from 'react';
import { useParams } from 'react-router';

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

const layoutLoader = layoutModules['../layout/index.tsx'];
export const innerLinkLoader = layoutModules['../layout/InnerLink/index.tsx'];
const notFoundLoader = findPage('error/404');

async function loadModule(loader: PageLoader | undefined): Promise<PageModule> {
  const mod = await (loader ?? notFoundLoader)?.();
  if (!mod) throw new Error('页面不存在');
  return mod;
}

/**
 * A route component that fetches its page chunk when it first renders; a missing module renders 404.
 * React.lazy rather than route `lazy`: a route `lazy` starts downloading as soon as a path matches,
 * so an anonymous visit to a shell path would fetch the shell (antd and all) on its way to /login.
 */
export function lazyComponent(loader: PageLoader | undefined): ComponentType {
  const Page = lazy(() => loadModule(loader));
  function LazyPage() {
    return (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  }
  return LazyPage;
}

/** Like lazyComponent, but the route param must be digits (react-router paths have no regex), else 404. */
export function lazyDigitsComponent(loader: PageLoader | undefined, param: string): ComponentType {
  const Page = lazyComponent(loader);
  const NotFound = lazyComponent(notFoundLoader);
  function DigitsOnly() {
    return /^\d+$/.test(useParams()[param] ?? '') ? <Page /> : <NotFound />;
  }
  return DigitsOnly;
}

export const ShellEntry = lazyComponent(layoutLoader);

/** Starts fetching the shell early (the guard calls it once a signed-in user is admitted). */
export function preloadShell(): void {
  void layoutLoader?.();
}
