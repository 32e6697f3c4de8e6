import { MENU_BG, MENU_SUB_BG_DARK, SIDEBAR_WIDTH } from '@acs/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, Suspense, type CSSProperties } from 'react';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import AppMain from './AppMain';
import { useVisitedView } from './AppMain/useVisitedView';
import Feedback from './Feedback';
import Navbar from './Navbar';
import Sidebar from './Sidebar';
import TagsView from './TagsView';
import TopNav from './TopNav';
import { useDocumentTitle, useResponsiveDevice, useThemeVariables } from './useShellEffects';
import { useOpenedOnce } from './useOpenedOnce';
import { useTopNav } from './useTopNav';
import './layout.css';

dayjs.locale('zh-cn');

/** The settings drawer (with antd's colour picker) is rarely opened, so it loads on first use. */
const SettingsDrawer = lazy(() => import('./Settings'));

export const COLLAPSED_SIDEBAR_WIDTH = 64;

/** The sidebar widths for layout.css, from the shared constants. */
const sizeVariables = {
  '--sidebar-width': `${SIDEBAR_WIDTH}px`,
  '--sidebar-collapsed-width': `${COLLAPSED_SIDEBAR_WIDTH}px`,
} as CSSProperties;

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

function Shell() {
  const sidebar = useAppStore((s) => s.sidebar);
  const device = useAppStore((s) => s.device);
  const closeSideBar = useAppStore((s) => s.closeSideBar);
  const tagsView = useSettingsStore((s) => s.tagsView);
  const fixedHeader = useSettingsStore((s) => s.fixedHeader);
  const settingsMounted = useOpenedOnce(useSettingsStore((s) => s.showSettings));
  const topNav = useTopNav();

  useVisitedView();
  useResponsiveDevice();
  useDocumentTitle();
  useThemeVariables();

  const mobile = device === 'mobile';
  const classes = [
    'app-wrapper',
    sidebar.opened ? 'openSidebar' : 'hideSidebar',
    sidebar.withoutAnimation ? 'withoutAnimation' : '',
    mobile ? 'mobile' : '',
    sidebar.hide ? 'noSidebar' : '',
    tagsView ? 'hasTagsView' : '',
    fixedHeader ? 'hasFixedHeader' : '',
  ].filter(Boolean);

  return (
    <div className={classes.join(' ')} style={sizeVariables}>
      {mobile && sidebar.opened && <div className="drawer-bg" onClick={() => closeSideBar(false)} aria-hidden="true" />}
      {!sidebar.hide && <Sidebar routes={topNav.sidebarRoutes} basePath={topNav.sidebarBase} />}
      <div className="main-container">
        <div className={fixedHeader ? 'fixed-header' : 'static-header'}>
          <Navbar
            center={topNav.enabled && !mobile ? <TopNav entries={topNav.entries} activeKey={topNav.activeTop} onChoose={topNav.choose} /> : undefined}
          />
          {tagsView && <TagsView />}
        </div>
        <AppMain />
      </div>
      {settingsMounted && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
    </div>
  );
}

/** The authenticated shell: antd theme and locale, feedback, server-state cache and the page frame. */
export default function Layout() {
  const themeColor = useSettingsStore((s) => s.theme);
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{
        token: { colorPrimary: themeColor },
        components: {
          Menu: {
            darkItemBg: MENU_BG,
            darkSubMenuItemBg: MENU_SUB_BG_DARK,
            darkPopupBg: MENU_BG,
            collapsedWidth: COLLAPSED_SIDEBAR_WIDTH,
            itemMarginInline: 0,
            itemBorderRadius: 0,
          },
        },
      }}
    >
      <QueryClientProvider client={queryClient}>
        <Shell />
      </QueryClientProvider>
      <Feedback />
    </ConfigProvider>
  );
}
