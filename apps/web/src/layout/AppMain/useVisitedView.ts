import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '../../types/route';
import { useTagsViewStore, type TagView } from '../../stores/tagsView';

/** The handle of the deepest matched route: title, noCache, link, activeMenu… */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return matches[matches.length - 1]?.handle as RouteHandle | undefined;
}

/** Records the current page as a tab (and cache candidate); /redirect/* is a reload helper, not a page. */
export function useVisitedView(): void {
  const location = useLocation();
  const matches = useMatches();
  const addView = useTagsViewStore((s) => s.addView);
  const last = matches[matches.length - 1];
  const handle = last?.handle as RouteHandle | undefined;

  useEffect(() => {
    if (!last || location.pathname.startsWith('/redirect')) return;
    const title = handle?.title || 'no-name';
    const view: TagView = {
      path: location.pathname,
      fullPath: location.pathname + location.search,
      name: last.id,
      title,
      query: Object.fromEntries(new URLSearchParams(location.search)),
      meta: {
        title,
        affix: handle?.affix,
        noCache: handle?.noCache,
        link: handle?.link,
        icon: handle?.icon,
        activeMenu: handle?.activeMenu,
      },
    };
    addView(view);
  }, [addView, last, handle, location.pathname, location.search]);
}
