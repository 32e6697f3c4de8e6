import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../stores/app';
import { DEFAULT_LAYOUT_SETTINGS, useSettingsStore } from '../../stores/settings';
import type { ServerRoute } from '../../types/route';
import Sidebar from '.';

const meta = (title: string, icon = '#') => ({ title, icon, noCache: false, link: null });
const routes: ServerRoute[] = [
  {
    path: '/system', hidden: false, alwaysShow: true, meta: meta('系统管理', 'system'),
    children: [
      { path: 'user', hidden: false, meta: meta('用户管理', 'user') },
      { path: 'dict', hidden: false, meta: meta('字典管理', 'dict') },
    ],
  },
  {
    path: '/ai', hidden: false, alwaysShow: true, meta: meta('AI客服', 'robot'),
    children: [{ path: 'agent', hidden: false, meta: meta('AI客服列表') }],
  },
  { path: 'https://example.com/help', hidden: false, meta: meta('帮助中心', 'guide') },
];

function renderSidebar(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/system/dict-data/index/:id', element: <Sidebar routes={routes} />, handle: { title: '字典数据', activeMenu: '/system/dict' } },
      { path: '*', element: <Sidebar routes={routes} /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Sidebar', () => {
  beforeEach(() => {
    useSettingsStore.setState({ ...DEFAULT_LAYOUT_SETTINGS });
    useAppStore.setState({ device: 'desktop', sidebar: { opened: true, withoutAnimation: false, hide: false } });
  });
  afterEach(cleanup);

  it('opens the branch of the current page and links entries by full path', () => {
    renderSidebar('/system/user');
    expect(screen.getByRole('link', { name: '用户管理' }).getAttribute('href')).toBe('/system/user');
    expect(screen.getByRole('link', { name: '工作台' }).getAttribute('href')).toBe('/index');
  });

  it('renders external addresses as new-tab links', () => {
    renderSidebar('/index');
    const link = screen.getByRole('link', { name: '帮助中心' });
    expect(link.getAttribute('href')).toBe('https://example.com/help');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('gives long titles a tooltip and short ones none', () => {
    renderSidebar('/ai/agent');
    expect(screen.getByRole('link', { name: 'AI客服列表' }).getAttribute('title')).toBe('AI客服列表');
    expect(screen.getByRole('link', { name: '工作台' }).getAttribute('title')).toBeNull();
  });

  it('keeps only one submenu open', async () => {
    renderSidebar('/system/user');
    fireEvent.click(screen.getByText('AI客服'));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const open = document.querySelectorAll('.ant-menu-submenu-open');
    expect([...open].map((el) => el.querySelector('.ant-menu-submenu-title')?.textContent)).toEqual(['AI客服']);
  });

  it('highlights the activeMenu entry for hidden detail pages', () => {
    renderSidebar('/system/dict-data/index/1');
    const selected = document.querySelector('.ant-menu-item-selected');
    expect(selected?.textContent).toBe('字典管理');
  });
});
