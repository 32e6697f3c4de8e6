import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../types/route';
import type { AccessRule } from './access';
import { findPage, lazyDigitsComponent } from './pages';

/** Permission-gated detail pages without a menu entry (spec §2.2); added after login when permitted. */
export interface HiddenRoute extends AccessRule {
  path: string;
  /** Page module under src/pages (either `<name>.tsx` or `<name>/index.tsx`). */
  page: string;
  /** Route param that must be digits. */
  param: string;
  handle: RouteHandle;
}

export const hiddenRoutes: HiddenRoute[] = [
  {
    path: '/system/user-auth/role/:userId',
    page: 'system/user/authRole',
    param: 'userId',
    permissions: ['system:user:edit'],
    handle: { title: '分配角色', activeMenu: '/system/user', hidden: true },
  },
  {
    path: '/system/role-auth/user/:roleId',
    page: 'system/role/authUser',
    param: 'roleId',
    permissions: ['system:role:edit'],
    handle: { title: '分配用户', activeMenu: '/system/role', hidden: true },
  },
  {
    path: '/system/dict-data/index/:dictId',
    page: 'system/dict/data',
    param: 'dictId',
    permissions: ['system:dict:list'],
    handle: { title: '字典数据', activeMenu: '/system/dict', hidden: true },
  },
  {
    path: '/monitor/job-log/index/:jobId',
    page: 'monitor/job/log',
    param: 'jobId',
    permissions: ['monitor:job:list'],
    handle: { title: '调度日志', activeMenu: '/monitor/job', hidden: true },
  },
  {
    path: '/tool/gen-edit/index/:tableId',
    page: 'tool/gen/editTable',
    param: 'tableId',
    permissions: ['tool:gen:edit'],
    handle: { title: '修改生成配置', activeMenu: '/tool/gen', hidden: true },
  },
];

export function hiddenRouteObject(route: HiddenRoute): RouteObject {
  return {
    id: `hidden:${route.path}`,
    path: route.path,
    handle: route.handle,
    Component: lazyDigitsComponent(findPage(route.page), route.param),
  };
}
