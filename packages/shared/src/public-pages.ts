/**
 * Public pages (opened by customers and account owners, often on a phone) have their own light entry,
 * `public.html` → apps/web/src/public/main.tsx: no antd, console router, stores or request layer. The server
 * answers these paths with that file instead of the console's index.html; a page joins this list when it is
 * built.
 */
export const PUBLIC_ENTRY_HTML = 'public.html';

export const PUBLIC_PAGE_PATHS = ['/chat', '/home', '/dyLogin', '/dySwitch'] as const;

export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

export function isPublicPagePath(pathname: string): pathname is PublicPagePath {
  return (PUBLIC_PAGE_PATHS as readonly string[]).includes(pathname);
}
