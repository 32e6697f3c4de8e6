import Cookies from 'js-cookie';
import { create } from 'zustand';

/** Cookie holding the sidebar choice as '1' (open) or '0' (closed), spec §4. */
export const SIDEBAR_COOKIE = 'sidebarStatus';

export type Device = 'desktop' | 'mobile';

export interface SidebarState {
  opened: boolean;
  /** Skip the collapse animation for the next change (device switches, closing on mobile). */
  withoutAnimation: boolean;
  /** Sidebar removed entirely; toggling is then refused. */
  hide: boolean;
}

interface AppState {
  sidebar: SidebarState;
  device: Device;
  /** Component size of the layout; only 'default' exists so far. */
  size: string;
  toggleSideBar(withoutAnimation?: boolean): void;
  closeSideBar(withoutAnimation?: boolean): void;
  setSideBarHide(hide: boolean): void;
  toggleDevice(device: Device): void;
}

function persistOpened(opened: boolean) {
  Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
}

export const useAppStore = create<AppState>()((set, get) => ({
  sidebar: {
    opened: Cookies.get(SIDEBAR_COOKIE) !== '0',
    withoutAnimation: false,
    hide: false,
  },
  device: 'desktop',
  size: 'default',
  toggleSideBar(withoutAnimation = false) {
    const { sidebar } = get();
    if (sidebar.hide) return;
    const opened = !sidebar.opened;
    persistOpened(opened);
    set({ sidebar: { ...sidebar, opened, withoutAnimation } });
  },
  closeSideBar(withoutAnimation = false) {
    persistOpened(false);
    set({ sidebar: { ...get().sidebar, opened: false, withoutAnimation } });
  },
  setSideBarHide(hide) {
    set({ sidebar: { ...get().sidebar, hide } });
  },
  toggleDevice(device) {
    set({ device });
  },
}));
