import { create } from 'zustand';

export interface TagViewMeta {
  title: string;
  affix?: boolean;
  noCache?: boolean;
  link?: string | null;
  icon?: string;
  activeMenu?: string;
}

/** One open tab (spec §3 "open-tab record"); tabs are unique by path, fullPath adds the search string. */
export interface TagView {
  path: string;
  fullPath: string;
  name?: string;
  title: string;
  query?: Record<string, string>;
  meta: TagViewMeta;
}

export const WORKBENCH_PATH = '/index';

/** Pinned tabs that exist from the start and cannot be closed. */
export const AFFIX_VIEWS: TagView[] = [
  { path: WORKBENCH_PATH, fullPath: WORKBENCH_PATH, name: 'Index', title: '工作台', meta: { title: '工作台', affix: true, icon: 'dashboard' } },
];

interface TagsViewState {
  visitedViews: TagView[];
  /** Paths whose pages the keep-alive outlet may keep; dropping a path here evicts its cached page. */
  cachedViews: string[];
  /** Per path, bumped by refreshView so the outlet remounts that page. */
  refreshStamps: Record<string, number>;
  addView(view: TagView): void;
  delView(view: TagView): void;
  delOthersViews(view: TagView): void;
  delLeftViews(view: TagView): void;
  delRightViews(view: TagView): void;
  delAllViews(): void;
  refreshView(view: TagView): void;
}

const isAffix = (view: TagView) => view.meta.affix === true;

/** The cache keeps only paths that still have a tab and are not marked noCache. */
function cachedFor(views: TagView[]): string[] {
  return views.filter((v) => !v.meta.noCache).map((v) => v.path);
}

export const useTagsViewStore = create<TagsViewState>()((set, get) => {
  const keep = (predicate: (view: TagView, index: number) => boolean) => {
    const visitedViews = get().visitedViews.filter((v, i) => isAffix(v) || predicate(v, i));
    set({ visitedViews, cachedViews: cachedFor(visitedViews) });
  };
  const indexOf = (view: TagView) => get().visitedViews.findIndex((v) => v.path === view.path);

  return {
    visitedViews: [...AFFIX_VIEWS],
    cachedViews: cachedFor(AFFIX_VIEWS),
    refreshStamps: {},
    addView(view) {
      const { visitedViews } = get();
      const at = visitedViews.findIndex((v) => v.path === view.path);
      let next: TagView[];
      if (at >= 0) {
        const current = visitedViews[at];
        // Revisiting with another query string keeps the tab but follows the newest address.
        if (current.fullPath === view.fullPath && current.title === view.title) return;
        next = visitedViews.map((v, i) => (i === at ? { ...v, fullPath: view.fullPath, query: view.query, title: view.title } : v));
      } else if (isAffix(view)) {
        const firstNormal = visitedViews.findIndex((v) => !isAffix(v));
        next = firstNormal < 0 ? [...visitedViews, view] : [...visitedViews.slice(0, firstNormal), view, ...visitedViews.slice(firstNormal)];
      } else {
        next = [...visitedViews, view];
      }
      set({ visitedViews: next, cachedViews: cachedFor(next) });
    },
    delView(view) {
      keep((v) => v.path !== view.path);
    },
    delOthersViews(view) {
      keep((v) => v.path === view.path);
    },
    delLeftViews(view) {
      const at = indexOf(view);
      keep((_v, i) => i >= at);
    },
    delRightViews(view) {
      const at = indexOf(view);
      keep((_v, i) => i <= at);
    },
    delAllViews() {
      keep(() => false);
    },
    refreshView(view) {
      const { refreshStamps } = get();
      set({ refreshStamps: { ...refreshStamps, [view.path]: (refreshStamps[view.path] ?? 0) + 1 } });
    },
  };
});

/**
 * Where to go after the active tab was closed (spec §2.5): the last remaining tab; with none left,
 * the redirect route when the workbench itself was closed (so it reloads), otherwise '/'.
 */
export function targetAfterClose(remaining: TagView[], closed: TagView): string {
  const last = remaining[remaining.length - 1];
  if (last) return last.fullPath;
  return closed.path === WORKBENCH_PATH ? `/redirect${closed.fullPath}` : '/';
}
