import { describe, expect, it } from 'vitest';
import type { ServerRoute } from '../../types/route';
import { ancestorKeys, buildMenu, needsTooltip, resolvePath } from './menu';

const meta = (title: string, icon = '#', link: string | null = null) => ({ title, icon, noCache: false, link });

/** Shaped like GET /getRouters for admin (wire contract §9.3) plus the cases the rules name. */
const fixture: ServerRoute[] = [
  {
    name: 'System', path: '/system', hidden: false, redirect: 'noRedirect', component: 'Layout', alwaysShow: true, meta: meta('系统管理', 'system'),
    children: [
      { name: 'User', path: 'user', hidden: false, component: 'system/user/index', meta: meta('用户管理', 'user') },
      { name: 'Secret', path: 'secret', hidden: true, component: 'system/secret/index', meta: meta('隐藏菜单') },
      {
        name: 'Log', path: 'log', hidden: false, redirect: 'noRedirect', component: 'ParentView', alwaysShow: true, meta: meta('日志管理', 'log'),
        children: [{ name: 'Operlog', path: 'operlog', hidden: false, component: 'monitor/operlog/index', meta: meta('操作日志', 'form') }],
      },
    ],
  },
  {
    path: '/', hidden: false, component: 'Layout',
    children: [{ name: 'Customer', path: 'customer', hidden: false, component: 'crm/customer/index', query: '{"tab":"all"}', meta: meta('客户管理', 'customer') }],
  },
  {
    path: '/', hidden: false, component: 'Layout', meta: meta('文档中心', 'guide'),
    children: [{ name: 'Doc', path: 'docs/example/com', hidden: false, component: 'InnerLink', meta: meta('文档中心', '#', 'https://docs.example.com') }],
  },
  { name: 'Https://help.example.com', path: 'https://help.example.com', hidden: false, component: 'Layout', meta: meta('帮助中心', 'guide', 'https://help.example.com') },
  { name: 'Mail', path: 'mailto:ops@example.com', hidden: false, component: 'Layout', meta: meta('联系运维') },
  {
    name: 'Ai', path: '/ai', hidden: false, component: 'Layout', meta: meta('AI客服', 'robot'),
    children: [
      { name: 'Agent', path: 'agent', hidden: false, component: 'ai/agent/index', meta: meta('AI客服列表') },
      { name: 'AgentEdit', path: 'agent-edit', hidden: true, component: 'ai/agent/edit', meta: meta('编辑客服') },
    ],
  },
  { name: 'Gone', path: '/gone', hidden: true, component: 'Layout', meta: meta('已隐藏') },
];

describe('buildMenu', () => {
  const menu = buildMenu(fixture);

  it('joins parent and child paths into full paths and skips hidden routes', () => {
    const system = menu[0];
    expect(system.key).toBe('/system');
    expect(system.children?.map((c) => c.key)).toEqual(['/system/user', '/system/log']);
    expect(system.children?.[1].children?.map((c) => c.key)).toEqual(['/system/log/operlog']);
    expect(menu.some((e) => e.key === '/gone')).toBe(false);
  });

  it('keeps alwaysShow parents as submenus even with one visible child', () => {
    expect(menu[0].children?.[1].children).toHaveLength(1);
  });

  it('collapses a parent with exactly one visible child into that child, with its query', () => {
    expect(menu[1]).toMatchObject({ key: '/customer', title: '客户管理', icon: 'customer', search: '?tab=all', external: false });
    expect(menu[1].children).toBeUndefined();
    // The hidden sibling does not count, so /ai collapses to its single visible child.
    expect(menu[5]).toMatchObject({ key: '/ai/agent', title: 'AI客服列表', icon: 'robot' });
  });

  it('uses the parent icon when the single child has none, and maps inner links to internal paths', () => {
    expect(menu[2]).toMatchObject({ key: '/docs/example/com', icon: 'guide', external: false });
  });

  it('marks http/https/mailto/tel addresses as external links', () => {
    expect(menu[3]).toMatchObject({ key: 'https://help.example.com', external: true });
    expect(menu[4]).toMatchObject({ key: 'mailto:ops@example.com', external: true });
    expect(resolvePath('/x', 'tel:10086')).toBe('tel:10086');
  });

  it('finds the submenus to open for a nested key', () => {
    expect(ancestorKeys(menu, '/system/log/operlog')).toEqual(['/system', '/system/log']);
    expect(ancestorKeys(menu, '/customer')).toEqual([]);
  });
});

describe('needsTooltip', () => {
  it('is true only for titles longer than 5 characters', () => {
    expect(needsTooltip('用户管理')).toBe(false);
    expect(needsTooltip('AI客服列表')).toBe(true);
    expect(needsTooltip('12345')).toBe(false);
    expect(needsTooltip('123456')).toBe(true);
  });
});
