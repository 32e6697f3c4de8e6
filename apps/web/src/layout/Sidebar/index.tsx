import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AppIcon } from '../../components/AppIcon';
import { useAppStore } from '../../stores/app';
import { useSettingsStore } from '../../stores/settings';
import { WORKBENCH_PATH } from '../../stores/tagsView';
import type { ServerRoute } from '../../types/route';
import { useRouteHandle } from '../AppMain/useVisitedView';
import Logo from './Logo';
import { ancestorKeys, buildMenu, needsTooltip, type MenuEntry } from './menu';

type Item = Required<MenuProps>['items'][number];

function label(entry: MenuEntry) {
  const title = needsTooltip(entry.title) ? entry.title : undefined;
  if (entry.children) return <span title={title}>{entry.title}</span>;
  if (entry.external) {
    return (
      <a href={entry.key} target="_blank" rel="noopener noreferrer" title={title}>
        {entry.title}
      </a>
    );
  }
  return (
    <Link to={entry.key + entry.search} title={title}>
      {entry.title}
    </Link>
  );
}

function toItems(entries: MenuEntry[]): Item[] {
  return entries.map((entry) => ({
    key: entry.key,
    icon: entry.icon ? <AppIcon name={entry.icon} /> : undefined,
    label: label(entry),
    children: entry.children ? toItems(entry.children) : undefined,
  }));
}

const workbench: MenuEntry = { key: WORKBENCH_PATH, title: '工作台', icon: 'dashboard', external: false, search: '' };

/**
 * The side menu. `routes`/`basePath` are the whole server tree, or with top navigation on, the children of
 * the selected top-level menu.
 */
export default function Sidebar({ routes, basePath = '' }: { routes: ServerRoute[]; basePath?: string }) {
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const opened = useAppStore((s) => s.sidebar.opened);
  const device = useAppStore((s) => s.device);
  const closeSideBar = useAppStore((s) => s.closeSideBar);
  const sideTheme = useSettingsStore((s) => s.sideTheme);
  const showLogo = useSettingsStore((s) => s.sidebarLogo);

  const entries = useMemo(() => [workbench, ...buildMenu(routes, basePath)], [routes, basePath]);
  const items = useMemo(() => toItems(entries), [entries]);
  const activeKey = handle?.activeMenu || pathname;
  const collapsed = !opened && device !== 'mobile';

  // Only one branch is open at a time; it follows navigation unless the user opens another one.
  const [picked, setPicked] = useState<{ at: string; keys: string[] }>();
  const openKeys = picked?.at === activeKey ? picked.keys : ancestorKeys(entries, activeKey);
  const onOpenChange = (keys: string[]) => {
    const added = keys.find((k) => !openKeys.includes(k));
    setPicked({ at: activeKey, keys: added ? [...ancestorKeys(entries, added), added] : keys });
  };

  const onClick: MenuProps['onClick'] = () => {
    if (device === 'mobile') closeSideBar(true);
  };

  const menuTheme = sideTheme === 'theme-dark' ? 'dark' : 'light';
  return (
    <aside className={`sidebar-container ${sideTheme}`}>
      {showLogo && <Logo collapsed={collapsed} />}
      <div className="sidebar-menu">
        <Menu
          mode="inline"
          theme={menuTheme}
          items={items}
          selectedKeys={[activeKey]}
          openKeys={collapsed ? undefined : openKeys}
          onOpenChange={onOpenChange}
          onClick={onClick}
          inlineCollapsed={collapsed}
        />
      </div>
    </aside>
  );
}
