import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { SIDEBAR_COOKIE, useAppStore } from './app';

const sidebar = () => useAppStore.getState().sidebar;

describe('app store', () => {
  beforeEach(() => {
    Cookies.remove(SIDEBAR_COOKIE);
    useAppStore.setState({ sidebar: { opened: true, withoutAnimation: false, hide: false }, device: 'desktop', size: 'default' });
  });

  it('toggles the sidebar and remembers the choice as 1/0 in the sidebarStatus cookie', () => {
    useAppStore.getState().toggleSideBar();
    expect(sidebar().opened).toBe(false);
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
    useAppStore.getState().toggleSideBar(true);
    expect(sidebar()).toMatchObject({ opened: true, withoutAnimation: true });
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('1');
  });

  it('refuses to toggle a hidden sidebar', () => {
    useAppStore.getState().setSideBarHide(true);
    useAppStore.getState().toggleSideBar();
    expect(sidebar().opened).toBe(true);
    expect(Cookies.get(SIDEBAR_COOKIE)).toBeUndefined();
  });

  it('closes without animation and switches device', () => {
    useAppStore.getState().toggleDevice('mobile');
    useAppStore.getState().closeSideBar(true);
    expect(useAppStore.getState().device).toBe('mobile');
    expect(sidebar()).toMatchObject({ opened: false, withoutAnimation: true });
  });

  it('defaults to the default size', () => {
    expect(useAppStore.getState().size).toBe('default');
  });
});
