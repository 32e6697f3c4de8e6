import { lazy, Suspense, type ComponentType } from 'react';
import {
  ApartmentOutlined,
  ApiOutlined,
  BookOutlined,
  BuildOutlined,
  CloudOutlined,
  ClusterOutlined,
  CodeOutlined,
  CompassOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EditOutlined,
  FileTextOutlined,
  FormOutlined,
  HddOutlined,
  IdcardOutlined,
  LinkOutlined,
  LoginOutlined,
  MessageOutlined,
  PartitionOutlined,
  ScheduleOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { RARE_ICON_NAMES, type RareIconName } from './rareNames';

/**
 * Menu icon names stored in sys_menu.icon (RuoYi's SVG sprite names plus the AI-business menus), each
 * mapped to one explicitly imported antd icon so the bundle carries only these and never the whole set.
 * The icons of the seeded menus and the workbench ship with the shell; the rest (rareIcons.tsx) download
 * together the first time one is shown.
 */
const commonIcons: Record<string, ComponentType> = {
  build: BuildOutlined,
  code: CodeOutlined,
  dashboard: DashboardOutlined,
  dict: BookOutlined,
  druid: DatabaseOutlined,
  edit: EditOutlined,
  form: FormOutlined,
  guide: CompassOutlined,
  job: ScheduleOutlined,
  link: LinkOutlined,
  log: FileTextOutlined,
  logininfor: LoginOutlined,
  message: MessageOutlined,
  monitor: DesktopOutlined,
  online: WifiOutlined,
  peoples: TeamOutlined,
  post: IdcardOutlined,
  redis: CloudOutlined,
  'redis-list': HddOutlined,
  server: ClusterOutlined,
  swagger: ApiOutlined,
  system: SettingOutlined,
  tool: ToolOutlined,
  tree: PartitionOutlined,
  'tree-table': ApartmentOutlined,
  user: UserOutlined,
};

const RareIcon = lazy(() => import('./rareIcons'));

export const iconNames: string[] = [...Object.keys(commonIcons), ...RARE_ICON_NAMES].sort((a, b) => a.localeCompare(b));

function isRare(name: string): name is RareIconName {
  return (RARE_ICON_NAMES as readonly string[]).includes(name);
}

/** Holds an icon's 1em box while its chunk downloads, so the text beside it does not shift. */
function IconSpace() {
  return (
    <span className="anticon" aria-hidden="true">
      <svg width="1em" height="1em" />
    </span>
  );
}

/** Renders a menu icon by its stored name; unknown names and '#' (RuoYi's "no icon") render nothing. */
export function AppIcon({ name }: { name?: string }) {
  if (!name) return null;
  const Icon = commonIcons[name];
  if (Icon) return <Icon />;
  if (!isRare(name)) return null;
  return (
    <Suspense fallback={<IconSpace />}>
      <RareIcon name={name} />
    </Suspense>
  );
}
