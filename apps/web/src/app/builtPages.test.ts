import { describe, expect, it, vi } from 'vitest';
import type { ServerRoute } from '../types/route';
import { menuOfThisBuild, withBuiltPages } from './builtPages';
import { hasPage } from './serverRoutes';

const meta = (title: string) => ({ title, icon: '#', noCache: false, link: null });
const page = (path: string, title: string, component: string): ServerRoute => ({ path, hidden: false, component, meta: meta(title) });
const dir = (path: string, title: string, children: ServerRoute[], component = 'Layout'): ServerRoute => ({
  path, hidden: false, component, alwaysShow: true, meta: meta(title), children,
});

/** The seeded tree in short: built screens, an unbuilt one, a directory of unbuilt screens, links. */
const fixture: ServerRoute[] = [
  dir('/system', '系统管理', [
    page('user', '用户管理', 'system/user/index'),
    dir('log', '日志管理', [page('operlog', '操作日志', 'monitor/operlog/index')], 'ParentView'),
  ]),
  dir('/tool', '系统工具', [
    page('build', '表单构建', 'tool/build/index'),
    page('gen', '代码生成', 'tool/gen/index'),
    page('legacy', '旧版工具', 'tool/legacy/index'),
  ]),
  { path: '/', hidden: false, component: 'Layout', children: [page('docs', '文档', 'InnerLink')] },
  { path: 'https://example.com', hidden: false, component: 'Layout', meta: meta('帮助') },
];

describe('withBuiltPages', () => {
  const built = new Set(['system/user/index']);
  const { routes, missing } = withBuiltPages(fixture, (c) => c === 'InnerLink' || built.has(c));

  it('drops entries without a page and directories left empty, keeps links and inner links', () => {
    expect(routes.map((r) => r.path)).toEqual(['/system', '/', 'https://example.com']);
    expect(routes[0].children?.map((r) => r.path)).toEqual(['user']);
    expect(routes[1].children?.map((r) => r.path)).toEqual(['docs']);
  });

  it('names every left-out page with its component, for one console warning', () => {
    expect(missing).toEqual(['操作日志（monitor/operlog/index）', '表单构建（tool/build/index）', '代码生成（tool/gen/index）', '旧版工具（tool/legacy/index）']);
  });

  it('knows the pages of this build by their server component names', () => {
    expect(hasPage('system/user/index')).toBe(true);
    expect(hasPage('ai/agent/index')).toBe(true);
    expect(hasPage('InnerLink')).toBe(true);
    expect(hasPage('monitor/druid/index')).toBe(true);
    expect(hasPage('monitor/cache/list')).toBe(true);
    expect(hasPage('tool/build/index')).toBe(true);
    expect(hasPage('tool/gen/index')).toBe(true);
    expect(hasPage('tool/gen/editTable')).toBe(true);
    expect(hasPage('tool/legacy/index')).toBe(false);
    expect(hasPage('tool/swagger/index')).toBe(true);
  });
});

describe('menuOfThisBuild', () => {
  it('keeps the built screens and warns once about the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const routes = menuOfThisBuild(fixture);
    expect(routes.map((r) => r.path)).toEqual(['/system', '/tool', '/', 'https://example.com']);
    expect(routes[1].children?.map((r) => r.path)).toEqual(['build', 'gen']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('旧版工具（tool/legacy/index）');
    expect(warn.mock.calls[0][0]).not.toContain('代码生成');
    warn.mockRestore();
  });
});
