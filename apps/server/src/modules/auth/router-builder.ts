import type { MenuRow } from './repository';

export interface RouterMeta {
  title: string;
  icon: string;
  noCache: boolean;
  link: string | null;
}

/** RuoYi's RouterVo; optional keys are left out when empty, `hidden` and `meta` keys always stay. */
export interface RouterVo {
  name?: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component?: string;
  query?: string;
  alwaysShow?: boolean;
  meta?: RouterMeta;
  children?: RouterVo[];
}

const LAYOUT = 'Layout';
const PARENT_VIEW = 'ParentView';
const INNER_LINK = 'InnerLink';
/** is_frame 1 means "not an external link" (rendered inside the app). */
const NO_FRAME = 1;

type MenuNode = MenuRow & { children: MenuNode[] };

const isHttp = (path: string) => /^https?:\/\//.test(path);
const isTopLevel = (m: MenuRow) => m.parentId === 0;
const isMenuFrame = (m: MenuRow) => isTopLevel(m) && m.menuType === 'C' && m.isFrame === NO_FRAME;
const isInnerLink = (m: MenuRow) => m.isFrame === NO_FRAME && isHttp(m.path);
const isParentView = (m: MenuRow) => !isTopLevel(m) && m.menuType === 'M';
const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
const routeName = (name: string, path: string) => capitalize(name || path);

/** An inner-link address as a router path: scheme and www. dropped, dots and colons become slashes. */
const innerLinkPath = (path: string) => path.replace(/^https?:\/\//, '').replace(/^www\./, '').replace(/[.:]/g, '/');

function meta(m: MenuRow, link: string | null = isHttp(m.path) ? m.path : null, noCache = m.isCache === 1): RouterMeta {
  return { title: m.menuName, icon: m.icon, noCache, link };
}

function routerPath(m: MenuRow): string {
  if (isTopLevel(m) && m.menuType === 'M' && m.isFrame === NO_FRAME) return '/' + m.path;
  if (isMenuFrame(m)) return '/';
  if (!isTopLevel(m) && isInnerLink(m)) return innerLinkPath(m.path);
  return m.path;
}

function component(m: MenuRow): string {
  if (m.component && !isMenuFrame(m)) return m.component;
  if (!m.component && !isTopLevel(m) && isInnerLink(m)) return INNER_LINK;
  if (!m.component && isParentView(m)) return PARENT_VIEW;
  return LAYOUT;
}

/** Drops the keys upstream's "non-empty" JSON inclusion would leave out. */
function compact(vo: RouterVo): RouterVo {
  const out = { ...vo };
  if (!out.name) delete out.name;
  if (!out.query) delete out.query;
  if (!out.redirect) delete out.redirect;
  if (!out.alwaysShow) delete out.alwaysShow;
  if (!out.children?.length) delete out.children;
  return out;
}

function toRouter(m: MenuNode): RouterVo {
  const base: RouterVo = {
    name: isMenuFrame(m) ? '' : routeName(m.routeName, m.path),
    path: routerPath(m),
    hidden: m.visible === '1',
    component: component(m),
    query: m.query ?? undefined,
    meta: meta(m),
  };
  if (m.children.length > 0 && m.menuType === 'M') {
    return compact({ ...base, alwaysShow: true, redirect: 'noRedirect', children: m.children.map(toRouter) });
  }
  if (isMenuFrame(m)) {
    const child = compact({
      name: routeName(m.routeName, m.path),
      path: m.path,
      hidden: false,
      component: m.component ?? undefined,
      query: m.query ?? undefined,
      meta: meta(m),
    });
    return compact({ ...base, meta: undefined, children: [child] });
  }
  if (isTopLevel(m) && isInnerLink(m)) {
    const path = innerLinkPath(m.path);
    const child = compact({ name: routeName(m.routeName, path), path, hidden: false, component: INNER_LINK, meta: meta(m, m.path, false) });
    return compact({ ...base, path: '/', meta: meta(m, null, false), children: [child] });
  }
  return compact(base);
}

/** Builds the GET /getRouters tree from menus ordered by parent and order number, starting at the root. */
export function buildRouters(menus: MenuRow[]): RouterVo[] {
  const nodes = new Map<number, MenuNode>(menus.map((m) => [m.menuId, { ...m, children: [] }]));
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    if (node.parentId === 0) roots.push(node);
    else nodes.get(node.parentId)?.children.push(node);
  }
  return roots.map(toRouter);
}
