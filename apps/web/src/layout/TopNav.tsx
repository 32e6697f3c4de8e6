import { Menu } from 'antd';
import { Link } from 'react-router';
import { AppIcon } from '../components/AppIcon';
import type { MenuEntry } from './Sidebar/menu';

/** Top-level menus in the header; choosing one with children fills the sidebar with them. */
export default function TopNav({ entries, activeKey, onChoose }: { entries: MenuEntry[]; activeKey?: string; onChoose: (key: string) => void }) {
  const items = entries.map((entry) => ({
    key: entry.key,
    icon: entry.icon ? <AppIcon name={entry.icon} /> : undefined,
    label: entry.children ? (
      entry.title
    ) : entry.external ? (
      <a href={entry.key} target="_blank" rel="noopener noreferrer">
        {entry.title}
      </a>
    ) : (
      <Link to={entry.key + entry.search}>{entry.title}</Link>
    ),
  }));
  return (
    <Menu
      className="top-nav"
      mode="horizontal"
      items={items}
      selectedKeys={activeKey ? [activeKey] : []}
      onClick={({ key }) => onChoose(key)}
    />
  );
}
