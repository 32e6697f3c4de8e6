import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import type { RouteHandle } from '../../types/route';
import { useTagsViewStore } from '../../stores/tagsView';

interface CachedPage {
  key: string;
  pathname: string;
  element: ReactNode;
  /** Activation counter value of the last visit, for least-recently-used eviction. */
  usedAt: number;
}

export const KEEP_ALIVE_MAX = 15;

/**
 * Renders the matched child route and keeps previously visited pages mounted but hidden with React's
 * <Activity>, so a page's state (filters, paging, form input) survives switching tabs. A page is kept while
 * its path is in the tags store's cachedViews (closing the tab evicts it), never when the route says noCache,
 * and at most `max` pages stay cached (least recently visited goes first). Pages keep their mount position, since
 * reordering would reload iframes and lose scroll. Bumping the path's refresh stamp remounts the page.
 */
export function KeepAliveOutlet({ max = KEEP_ALIVE_MAX }: { max?: number }) {
  const outlet = useOutlet();
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const cachedViews = useTagsViewStore((s) => s.cachedViews);
  const refreshStamps = useTagsViewStore((s) => s.refreshStamps);
  const [pages, setPages] = useState<CachedPage[]>([]);
  const [visit, setVisit] = useState({ key: '', count: 0 });

  const activeKey = pathname + search;
  const cacheable = !handle?.noCache && !handle?.link;

  // Bookkeeping is derived during render (React's "adjust state while rendering" pattern) so the page
  // being opened is already in the list on its first paint.
  if (visit.key !== activeKey) {
    const count = visit.count + 1;
    setVisit({ key: activeKey, count });
    setPages((prev) => {
      let next = prev.filter((p) => p.key === activeKey || cachedViews.includes(p.pathname));
      if (!cacheable) next = next.filter((p) => p.key !== activeKey);
      else if (next.some((p) => p.key === activeKey)) next = next.map((p) => (p.key === activeKey ? { ...p, usedAt: count } : p));
      else next = [...next, { key: activeKey, pathname, element: outlet, usedAt: count }];
      while (next.length > max) {
        const evictable = next.filter((p) => p.key !== activeKey);
        const oldest = evictable.reduce((o, p) => (p.usedAt < o.usedAt ? p : o));
        next = next.filter((p) => p !== oldest);
      }
      return next;
    });
  }
  const stale = pages.some((p) => p.key !== activeKey && !cachedViews.includes(p.pathname));
  if (stale) setPages((prev) => prev.filter((p) => p.key === activeKey || cachedViews.includes(p.pathname)));

  const keyFor = (key: string, path: string) => `${key}#${refreshStamps[path] ?? 0}`;

  return (
    <>
      {pages.map((page) => (
        <Activity key={keyFor(page.key, page.pathname)} mode={page.key === activeKey ? 'visible' : 'hidden'}>
          {page.key === activeKey ? outlet : page.element}
        </Activity>
      ))}
      {!cacheable && <Activity key={keyFor(activeKey, pathname)}>{outlet}</Activity>}
    </>
  );
}
