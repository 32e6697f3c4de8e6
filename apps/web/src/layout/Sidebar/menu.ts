import { MENU_TOOLTIP_MIN_CHARS } from '@acs/shared';
import type { ServerRoute } from '../../types/route';

/** One sidebar entry, already resolved to its full path (or external address). */
export interface MenuEntry {
  key: string;
  title: string;
  icon?: string;
  external: boolean;
  /** Search string from the route's `query` JSON, e.g. "?id=1", or ''. */
  search: string;
  children?: MenuEntry[];
}

const EXTERNAL = /^(https?:|mailto:|tel:)/;

export function isExternal(path: string): boolean {
  return EXTERNAL.test(path);
}

/** Joins a parent path and a child path the way the router registers them. */
export function resolvePath(base: string, path: string): string {
  if (isExternal(path)) return path;
  if (isExternal(base)) return base;
  if (path.startsWith('/')) return path;
  const joined = path ? `${base}/${path}` : base;
  return `/${joined.split('/').filter(Boolean).join('/')}`;
}

/** Native tooltips only for titles longer than 5 characters (spec §2.5). */
export function needsTooltip(title: string): boolean {
  return title.length > MENU_TOOLTIP_MIN_CHARS;
}

function searchOf(query: string | undefined): string {
  if (!query) return '';
  try {
    const parsed = JSON.parse(query) as Record<string, unknown>;
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(parsed)) params.set(name, String(value));
    const text = params.toString();
    return text ? `?${text}` : '';
  } catch {
    return '';
  }
}

function leaf(route: ServerRoute, key: string, fallbackIcon?: string): MenuEntry | null {
  if (!route.meta?.title) return null;
  return {
    key,
    title: route.meta.title,
    icon: route.meta.icon && route.meta.icon !== '#' ? route.meta.icon : fallbackIcon,
    external: isExternal(key),
    search: searchOf(route.query),
  };
}

/**
 * Turns the /getRouters tree into sidebar entries: hidden routes are skipped, a parent with exactly one
 * visible leaf child (and no alwaysShow) becomes that child, and every key is the full path.
 */
export function buildMenu(routes: ServerRoute[], basePath = ''): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const fullPath = resolvePath(basePath, route.path);
    const visible = (route.children ?? []).filter((child) => !child.hidden);
    let entry: MenuEntry | null;
    if (visible.length === 0) {
      entry = leaf(route, fullPath);
    } else if (visible.length === 1 && !route.alwaysShow && !(visible[0].children ?? []).some((c) => !c.hidden)) {
      entry = leaf(visible[0], resolvePath(fullPath, visible[0].path), route.meta?.icon);
    } else {
      const children = buildMenu(visible, fullPath);
      const self = leaf(route, fullPath);
      entry = self && children.length ? { ...self, external: false, search: '', children } : null;
    }
    if (entry) entries.push(entry);
  }
  return entries;
}

/** Keys of the submenus that contain `key`, outermost first (for opening the active branch). */
export function ancestorKeys(entries: MenuEntry[], key: string): string[] {
  return findBranch(entries, key) ?? [];
}

function findBranch(entries: MenuEntry[], key: string): string[] | null {
  for (const entry of entries) {
    if (entry.key === key) return [];
    const below = entry.children ? findBranch(entry.children, key) : null;
    if (below) return [entry.key, ...below];
  }
  return null;
}
