import { lazy, Suspense, type ComponentType } from 'react';
import type { PublicPagePath } from '@acs/shared';

/** One lazy chunk per public page, so each page downloads only its own code. */
const PAGES: Record<PublicPagePath, ComponentType> = {
  '/chat': lazy(() => import('../pages/chat')),
  '/home': lazy(() => import('../pages/home')),
  '/dyLogin': lazy(() => import('../pages/dyLogin')),
  '/dySwitch': lazy(() => import('../pages/dySwitch')),
};

function NotFound() {
  return (
    <main style={{ padding: '20vh 16px', textAlign: 'center', color: '#8a919f' }}>
      <h1>404</h1>
      <p>页面不存在</p>
    </main>
  );
}

/**
 * The light entry of the public pages (public.html): React and the page, nothing of the console. The server
 * sends this entry only for the paths in PUBLIC_PAGE_PATHS; each page reads its own query string.
 */
export default function PublicApp({ pathname = window.location.pathname }: { pathname?: string }) {
  const Page = (PAGES as Record<string, ComponentType | undefined>)[pathname] ?? NotFound;
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
