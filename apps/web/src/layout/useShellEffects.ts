import { MOBILE_BREAKPOINT } from '@acs/shared';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '../stores/app';
import { useSettingsStore } from '../stores/settings';
import { applyThemeVariables } from '../utils/theme';
import { useRouteHandle } from './AppMain/useVisitedView';

/** Below 992 px the device is mobile and the sidebar starts closed (and closes again after navigating). */
export function useResponsiveDevice(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const apply = () => {
      const { device, toggleDevice, closeSideBar } = useAppStore.getState();
      const mobile = window.innerWidth < MOBILE_BREAKPOINT;
      if (mobile === (device === 'mobile')) return;
      toggleDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSideBar(true);
    };
    apply();
    window.addEventListener('resize', apply);
    return () => window.removeEventListener('resize', apply);
  }, []);
  useEffect(() => {
    const { device, sidebar, closeSideBar } = useAppStore.getState();
    if (device === 'mobile' && sidebar.opened) closeSideBar(false);
  }, [pathname]);
}

/** Page title rule (spec §4) and the end of the progress bar the route guard started. */
export function useDocumentTitle(): void {
  const location = useLocation();
  const handle = useRouteHandle();
  const title = useSettingsStore((s) => s.title);
  const dynamicTitle = useSettingsStore((s) => s.dynamicTitle);
  useEffect(() => {
    document.title = dynamicTitle && handle?.title ? `${handle.title} - ${title}` : title;
  }, [dynamicTitle, handle?.title, title]);
  useEffect(() => {
    NProgress.done();
  }, [location.key]);
}

/** Theme colour shades as CSS variables for the parts antd's theme does not reach. */
export function useThemeVariables(): void {
  const theme = useSettingsStore((s) => s.theme);
  useEffect(() => applyThemeVariables(theme), [theme]);
}
