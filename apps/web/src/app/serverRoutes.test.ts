import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import type { ServerRoute } from '../types/route';
import { flattenServerRoutes, joinPath } from './serverRoutes';
import { addUserRoutes, buildUserRoutes, registeredPaths, type PatchableRouter } from './session';

const meta = (title: string, icon = '#', link: string | null = null) => ({ title, icon, noCache: false, link });

/** Shaped like GET /getRouters of the RuoYi seed (wire contract §9.3), plus a menu frame and an inner link. */
const fixture: ServerRoute[] = [
  {
    name: 'System',
    path: '/system',
    hidden: false,
    redirect: 'noRedirect',
    component: 'Layout',
    alwaysShow: true,
    meta: meta('系统管理', 'system'),
    children: [
      { name: 'User', path: 'user', hidden: false, component: 'system/user/index', meta: meta('用户管理', 'user') },
      {
        name: 'Log',
        path: 'log',
        hidden: false,
        redirect: 'noRedirect',
        component: 'ParentView',
        alwaysShow: true,
        meta: meta('日志管理', 'log'),
        children: [
          { name: 'Operlog', path: 'operlog', hidden: false, component: 'monitor/operlog/index', meta: meta('操作日志', 'form') },
        ],
      },
      { name: 'Secret', path: 'secret', hidden: true, component: 'system/secret/index', meta: { ...meta('隐藏页'), noCache: true } },
    ],
  },
  {
    path: '/',
    hidden: false,
    component: 'Layout',
    children: [{ name: 'Report', path: 'report', hidden: false, component: 'biz/report/index', meta: meta('报表', 'chart') }],
  },
  {
    path: '/',
    hidden: false,
    component: 'Layout',
    meta: meta('文档'),
    children: [
      { name: 'Docs', path: 'docs/example/com', hidden: false, component: 'InnerLink', meta: meta('文档', 'guide', 'https://docs.example.com') },
    ],
  },
  { name: 'Https://help.example.com', path: 'https://help.example.com', hidden: false, component: 'Layout', meta: meta('帮助中心', 'guide', 'https://help.example.com') },
  {
    path: '/ops',
    hidden: false,
    component: 'Layout',
    permissions: ['ops:panel:view'],
    children: [{ path: 'panel', hidden: false, component: 'ops/panel/index', meta: meta('运维') }],
  },
  { path: 'adminonly', hidden: false, component: 'ops/admin/index', roles: ['boss'], meta: meta('老板') },
];

const plainUser = { permissions: ['system:user:list'], roles: ['common'] };

describe('joinPath', () => {
  it('joins parent and child paths without double slashes and keeps absolute children', () => {
    expect(joinPath('/system', 'user')).toBe('/system/user');
    expect(joinPath('/', 'report')).toBe('/report');
    expect(joinPath('/system', '/abs')).toBe('/abs');
  });
});

describe('flattenServerRoutes', () => {
  const flat = flattenServerRoutes(fixture, plainUser);
  const byPath = Object.fromEntries(flat.map((r) => [r.path, r]));

  it('registers leaves under their full paths; Layout and ParentView only group', () => {
    expect(flat.map((r) => r.path)).toEqual(['/system/user', '/system/log/operlog', '/system/secret', '/report', '/docs/example/com']);
  });

  it('maps a one-child parent (menu frame "/") to the child path', () => {
    expect(byPath['/report'].component).toBe('biz/report/index');
  });

  it('keeps hidden routes routable but flagged, and copies meta into the handle', () => {
    expect(byPath['/system/secret'].handle).toEqual({ title: '隐藏页', icon: '#', noCache: true, link: null, hidden: true });
    expect(byPath['/system/user'].handle).toMatchObject({ title: '用户管理', icon: 'user', hidden: false });
  });

  it('maps inner links to the InnerLink frame with the external address in the handle', () => {
    expect(byPath['/docs/example/com']).toMatchObject({ component: 'InnerLink', handle: { link: 'https://docs.example.com' } });
  });

  it('skips external links and routes whose permissions or roles the user lacks', () => {
    expect(flat.some((r) => r.path.includes('example.com') || r.path.startsWith('/ops') || r.path === '/adminonly')).toBe(false);
  });

  it('admits permission and role routes to a holder, and everything to the super user', () => {
    const holder = flattenServerRoutes(fixture, { permissions: ['ops:panel:view'], roles: ['boss'] }).map((r) => r.path);
    expect(holder).toContain('/ops/panel');
    expect(holder).toContain('/adminonly');
    const admin = flattenServerRoutes(fixture, { permissions: ['*:*:*'], roles: ['admin'] }).map((r) => r.path);
    expect(admin).toContain('/ops/panel');
    expect(admin).toContain('/adminonly');
  });
});

describe('buildUserRoutes', () => {
  it('adds only the hidden detail routes the user may open, with their handles', () => {
    const routes = buildUserRoutes([], { permissions: ['system:dict:list'], roles: ['common'] });
    expect(routes.map((r) => r.path)).toEqual(['/system/dict-data/index/:dictId']);
    expect(routes[0].handle).toEqual({ title: '字典数据', activeMenu: '/system/dict', hidden: true });
  });

  it('gives the super permission all five hidden routes', () => {
    expect(buildUserRoutes([], { permissions: ['*:*:*'], roles: [] })).toHaveLength(5);
  });
});

describe('addUserRoutes', () => {
  function fakeRouter(routes: RouteObject[]) {
    return { routes, patchRoutes: vi.fn<PatchableRouter['patchRoutes']>(), navigate: vi.fn<PatchableRouter['navigate']>() };
  }

  const existing: RouteObject[] = [
    { id: 'root', children: [{ path: '/login' }, { id: 'layout', path: '/', children: [{ path: '/index' }, { path: '/system/user' }] }] },
  ];

  it('collects the absolute paths the router knows', () => {
    expect([...registeredPaths(existing)]).toEqual(['/login', '/', '/index', '/system/user']);
  });

  it('patches new routes under the shell and skips paths already registered', () => {
    const router = fakeRouter(existing);
    addUserRoutes(router, [{ path: '/system/user' }, { path: '/system/role' }, { path: '/system/role' }]);
    expect(router.patchRoutes).toHaveBeenCalledWith('layout', [{ path: '/system/role' }]);
  });

  it('does nothing when every path is known', () => {
    const router = fakeRouter(existing);
    addUserRoutes(router, [{ path: '/index' }]);
    expect(router.patchRoutes).not.toHaveBeenCalled();
  });
});
