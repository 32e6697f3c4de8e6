import { Link } from 'react-router';
import { useSettingsStore } from '../../stores/settings';
import logoUrl from './logo.svg';

export default function Logo({ collapsed }: { collapsed: boolean }) {
  const title = useSettingsStore((s) => s.title);
  return (
    <Link to="/" className="sidebar-logo" title={title}>
      <img src={logoUrl} alt="" />
      {!collapsed && <h1>{title}</h1>}
    </Link>
  );
}
