import type { ServerRoute } from '../types/route';
import { hasPage, isExternal, WRAPPERS } from './serverRoutes';

export interface BuiltMenu {
  routes: ServerRoute[];
  /** 'title（component）' of every entry left out because its page is not in this build. */
  missing: string[];
}

/**
 * The server menu without the entries whose page this build does not have (the seed keeps RuoYi's
 * monitor and tool menus for RuoYi clients): a directory left without children goes too, so neither the
 * sidebar nor the workbench links to a 404. External links stay.
 */
export function withBuiltPages(routes: ServerRoute[], hasPage: (component: string) => boolean): BuiltMenu {
  const missing: string[] = [];
  const keep = (list: ServerRoute[]): ServerRoute[] =>
    list.flatMap((route) => {
      if (isExternal(route.path)) return [route];
      const component = route.component ?? 'Layout';
      if (WRAPPERS.has(component)) {
        const children = keep(route.children ?? []);
        return children.length ? [{ ...route, children }] : [];
      }
      if (hasPage(component)) return [route];
      missing.push(`${route.meta?.title ?? route.path}（${component}）`);
      return [];
    });
  return { routes: keep(routes), missing };
}

/** The user's menu as this build can open it; one console warning names what was left out. */
export function menuOfThisBuild(routes: ServerRoute[]): ServerRoute[] {
  const built = withBuiltPages(routes, hasPage);
  if (built.missing.length) console.warn(`以下菜单的页面不在此版本中，已从菜单隐藏：${built.missing.join('、')}`);
  return built.routes;
}
