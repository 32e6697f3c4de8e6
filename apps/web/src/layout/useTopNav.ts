import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { usePermissionStore } from '../stores/permission';
import { useSettingsStore } from '../stores/settings';
import type { ServerRoute } from '../types/route';
import { useRouteHandle } from './AppMain/useVisitedView';
import { ancestorKeys, buildMenu, type MenuEntry } from './Sidebar/menu';

interface TopNavState {
  enabled: boolean;
  entries: MenuEntry[];
  activeTop?: string;
  choose(key: string): void;
  /** What the sidebar shows: everything, or with top navigation the chosen top menu's children. */
  sidebarRoutes: ServerRoute[];
  sidebarBase: string;
}

export function useTopNav(): TopNavState {
  const enabled = useSettingsStore((s) => s.topNav);
  const routes = usePermissionStore((s) => s.sidebarRouters);
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const activeKey = handle?.activeMenu || pathname;
  const entries = useMemo(() => buildMenu(routes), [routes]);
  // A click picks a top menu until the next navigation; otherwise the menu holding the page is active.
  const [chosen, setChosen] = useState<{ key: string; at: string }>();
  const activeTop = chosen?.at === activeKey ? chosen.key : (ancestorKeys(entries, activeKey)[0] ?? activeKey);

  const topRoute = enabled ? routes.find((r) => !r.hidden && buildMenu([r])[0]?.key === activeTop) : undefined;
  return {
    enabled,
    entries,
    activeTop,
    choose: (key) => setChosen({ key, at: activeKey }),
    sidebarRoutes: enabled ? (topRoute?.children ?? []) : routes,
    sidebarBase: enabled && topRoute ? topRoute.path : '',
  };
}
