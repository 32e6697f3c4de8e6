import { redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from '../types/route';
import { findPage, lazyComponent, ShellEntry } from './pages';
import RootOutlet from './RootOutlet';
import { SHELL_ROUTE_ID, type createGuardLoader } from './session';

type GuardLoader = ReturnType<typeof createGuardLoader>;

function page(name: string, handle: RouteHandle, path: string): RouteObject {
  return { path, handle, Component: lazyComponent(findPage(name)) };
}

/** Public pages outside the shell; a page whose module does not exist yet renders 404. */
const publicPages: RouteObject[] = [
  page('login/index', { title: '登录', hidden: true }, '/login'),
  page('register/index', { title: '注册', hidden: true }, '/register'),
  page('chat/index', { title: '在线客服', hidden: true }, '/chat'),
  page('dyLogin/index', { title: '抖音授权', hidden: true }, '/dyLogin'),
  page('dySwitch/index', { title: '抖音账号切换', hidden: true }, '/dySwitch'),
  page('home/index', { title: '首页', hidden: true }, '/home'),
  page('error/401', { title: '401', hidden: true }, '/401'),
];

const shellRoute: RouteObject = {
  id: SHELL_ROUTE_ID,
  path: '/',
  Component: ShellEntry,
  children: [
    { index: true, loader: () => redirect('/index') },
    page('index/index', { title: '工作台', affix: true, icon: 'dashboard' }, '/index'),
    page('system/user/profile/index', { title: '个人中心', hidden: true }, '/user/profile'),
    page('redirect/index', { hidden: true }, '/redirect/*'),
  ],
};

export function createRoutes(guardLoader: GuardLoader): RouteObject[] {
  return [
    {
      id: 'root',
      loader: guardLoader,
      shouldRevalidate: () => true,
      Component: RootOutlet,
      HydrateFallback: () => null,
      children: [...publicPages, shellRoute, page('error/404', { title: '404', hidden: true }, '*')],
    },
  ];
}
