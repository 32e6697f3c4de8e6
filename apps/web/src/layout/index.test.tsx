import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../stores/app';
import { usePermissionStore } from '../stores/permission';
import { DEFAULT_LAYOUT_SETTINGS, useSettingsStore } from '../stores/settings';
import { AFFIX_VIEWS, useTagsViewStore } from '../stores/tagsView';
import { useUserStore } from '../stores/user';
import type { ServerRoute } from '../types/route';
import Layout from '.';

vi.mock('../api/system/notice', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/system/notice')>()),
  listTopNotice: () => Promise.resolve({ code: 200, msg: '', unreadCount: 1, data: [{ noticeId: 1, noticeTitle: '维护通知：今晚升级', noticeType: '1', status: '0', isRead: false }] }),
}));

const serverRoutes: ServerRoute[] = [
  {
    name: 'System', path: '/system', hidden: false, alwaysShow: true, component: 'Layout', meta: { title: '系统管理', icon: 'system' },
    children: [
      { name: 'User', path: 'user', hidden: false, component: 'system/user/index', meta: { title: '用户管理', icon: 'user' } },
      { name: 'Role', path: 'role', hidden: false, component: 'system/role/index', meta: { title: '角色管理', icon: 'peoples' } },
    ],
  },
];

function renderShell(path = '/index') {
  const page = (title: string) => () => <p>{title}页面</p>;
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        children: [
          { path: 'index', Component: page('工作台'), handle: { title: '工作台', affix: true } },
          { path: 'system/user', Component: page('用户管理'), handle: { title: '用户管理' } },
          { path: 'system/role', Component: page('角色管理'), handle: { title: '角色管理' } },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Layout', () => {
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as typeof window.matchMedia;
  });
  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    usePermissionStore.setState({ routes: serverRoutes, sidebarRouters: serverRoutes });
    useUserStore.setState({ name: 'admin', nickName: '若依', deptName: '研发部门' });
    useSettingsStore.setState({ ...DEFAULT_LAYOUT_SETTINGS, showSettings: false });
    useTagsViewStore.setState({ visitedViews: [...AFFIX_VIEWS], cachedViews: ['/index'], refreshStamps: {} });
    useAppStore.setState({ device: 'desktop', sidebar: { opened: true, withoutAnimation: false, hide: false } });
  });
  afterEach(cleanup);

  it('shows the menu, the welcome text, the department and a tab per visited page', async () => {
    const router = renderShell();
    const side = screen.getByRole('complementary');
    expect(within(side).getByRole('link', { name: '工作台' })).toBeTruthy();
    expect(within(side).getByText('AI客服系统')).toBeTruthy();
    expect(screen.getByText('若依')).toBeTruthy();
    expect(screen.getByText('研发部门')).toBeTruthy();
    expect(await screen.findByText('维护通知：今晚升级')).toBeTruthy();

    await act(() => router.navigate('/system/user'));
    const tabs = within(screen.getByRole('navigation', { name: '已打开的页面' })).getAllByRole('link');
    expect(tabs.map((t) => t.textContent)).toEqual(['工作台', '用户管理']);
    expect(document.title).toBe('用户管理 - AI客服系统');
  });

  it('uses the product title alone when dynamic titles are off', async () => {
    useSettingsStore.setState({ dynamicTitle: false });
    const router = renderShell();
    await act(() => router.navigate('/system/role'));
    expect(document.title).toBe('AI客服系统');
  });

  it('closing the active tab goes to the last remaining one', async () => {
    const router = renderShell();
    await act(() => router.navigate('/system/user'));
    await act(() => router.navigate('/system/role'));
    fireEvent.click(screen.getByLabelText('关闭 角色管理'));
    expect(router.state.location.pathname).toBe('/system/user');
  });

  it('hides the tags bar when tagsView is off', () => {
    useSettingsStore.setState({ tagsView: false });
    renderShell();
    expect(screen.queryByRole('navigation', { name: '已打开的页面' })).toBeNull();
  });

  it('on a narrow screen starts with the sidebar closed and opens it as an overlay', () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    renderShell();
    expect(useAppStore.getState().device).toBe('mobile');
    expect(document.querySelector('.drawer-bg')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开菜单' }));
    const backdrop = document.querySelector('.drawer-bg') as HTMLElement;
    expect(backdrop).toBeTruthy();
    fireEvent.click(backdrop);
    expect(document.querySelector('.drawer-bg')).toBeNull();
  });
});
