import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { sysMenu } from '../../../db/schema';
import { ServiceError, warnError } from '../../../core/errors';
import { buildTreeSelect, type TreeSelect } from '../../../core/tree';
import { sortPairs } from '../../../core/sort-order';
import { hasPermi, type LoginSession } from '../../../core/auth';
import { refreshUserSessions } from '../../auth/authority.service';
import {
  checkedMenuIds,
  findMenu,
  hasChildMenu,
  isSelfOrDescendant,
  menuAssigned,
  menuNameTaken,
  menusOfUser,
  roleCheckStrictly,
  routeTaken,
  usersHoldingMenu,
  type MenuFilters,
  type MenuRow,
} from './repository';
import type { MenuBody, MenuUpdateBody } from './schema';

type Deps = AppDeps;

/** SysMenu on the wire: the int flags of the table are strings, as in upstream's entity. */
export function menuJson(m: MenuRow) {
  return {
    createBy: m.createBy,
    createTime: m.createTime,
    updateBy: m.updateBy,
    updateTime: m.updateTime,
    remark: m.remark,
    menuId: m.menuId,
    menuName: m.menuName,
    parentName: null,
    parentId: m.parentId,
    orderNum: m.orderNum,
    path: m.path,
    component: m.component,
    query: m.query,
    routeName: m.routeName,
    isFrame: String(m.isFrame),
    isCache: String(m.isCache),
    menuType: m.menuType,
    visible: m.visible,
    status: m.status,
    perms: m.perms,
    icon: m.icon,
    children: [],
  };
}

const toTree = (rows: MenuRow[]): TreeSelect[] =>
  buildTreeSelect(rows.map((m) => ({ id: m.menuId, parentId: m.parentId, label: m.menuName, disabled: false })));

export async function listMenus(deps: Deps, session: LoginSession, filters: MenuFilters) {
  return (await menusOfUser(deps.database.db, session.userId, filters)).map(menuJson);
}

export async function getMenu(deps: Deps, menuId: number) {
  const row = await findMenu(deps.database.db, menuId);
  return row ? menuJson(row) : null;
}

export async function menuTreeSelect(deps: Deps, session: LoginSession, filters: MenuFilters): Promise<TreeSelect[]> {
  return toTree(await menusOfUser(deps.database.db, session.userId, filters));
}

/** The role dialog's menu tree (what the caller may assign) and the role's checked menu ids. */
export async function roleMenuTreeSelect(deps: Deps, session: LoginSession, roleId: number) {
  const db = deps.database.db;
  const strict = await roleCheckStrictly(db, roleId);
  const checkedKeys = strict === null ? [] : await checkedMenuIds(db, roleId, strict);
  return { checkedKeys, menus: toTree(await menusOfUser(db, session.userId)) };
}

const isHttp = (path: string) => /^https?:\/\//i.test(path);

/** Row values of a submitted menu; the int flags go back to numbers. */
function columns(body: MenuBody) {
  return {
    menuName: body.menuName,
    parentId: body.parentId,
    orderNum: body.orderNum,
    path: body.path ?? '',
    component: body.component || null,
    query: body.query || null,
    routeName: body.routeName ?? '',
    isFrame: Number(body.isFrame),
    isCache: Number(body.isCache),
    menuType: body.menuType,
    visible: body.visible,
    status: body.status,
    perms: body.perms || null,
    icon: body.icon || '#',
    remark: body.remark ?? '',
  };
}

/** `area:entity:action`-style segments; the wildcard is caught before this with its own message. */
const PERMS_FORMAT = /^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)*$/;

/** The status of an enabled menu, the only kind whose perms are granted. */
const NORMAL = '0';

/** The strings of a perms value: like upstream, one menu may list several, comma-separated. */
const permsList = (perms: string | null | undefined) => (perms ? perms.split(',').map((p) => p.trim()) : []);

/**
 * A menu's perms are granted at once to every role holding the menu, the editor's own included.
 * So no wildcard (one `*:*:*` made every holder all-powerful), and no string the editor does not hold
 * already (the super admin's `*:*:*` holds them all). A string the menu carries already grants nothing
 * new only while the menu stays as it was: a disabled menu grants nothing (permissionsByRole reads
 * enabled menus only), so switching it on grants its perms as surely as typing them in would.
 */
async function checkPerms(deps: Deps, session: LoginSession, body: MenuBody, menuId?: number): Promise<void> {
  const wanted = permsList(body.perms);
  if (wanted.some((p) => p.includes('*'))) throw new ServiceError('权限字符不能包含通配符');
  if (wanted.some((p) => !PERMS_FORMAT.test(p))) throw new ServiceError('权限字符只能由字母、数字、下划线和短横线组成，以冒号分隔');
  const notHeld = wanted.filter((p) => !hasPermi(session, p));
  if (notHeld.length === 0) return;
  const stored = menuId === undefined ? null : await findMenu(deps.database.db, menuId);
  if (notHeld.some((p) => !permsList(stored?.perms).includes(p))) throw new ServiceError('不能设置自己没有的权限字符');
  if (body.status === NORMAL && stored?.status !== NORMAL) throw new ServiceError('不能启用含有自己没有的权限字符的菜单');
}

/** The add/edit rules in upstream's order, then the perms rules; `action` is 新增 or 修改 as the messages say. */
async function checkMenu(deps: Deps, session: LoginSession, body: MenuBody, action: '新增' | '修改', menuId?: number) {
  const db = deps.database.db;
  const fail = (reason: string) => new ServiceError(`${action}菜单'${body.menuName}'失败，${reason}`);
  if (await menuNameTaken(db, body.menuName, body.parentId, menuId)) throw fail('菜单名称已存在');
  if (body.isFrame === '0' && !isHttp(body.path ?? '')) throw fail('地址必须以http(s)://开头');
  if (body.menuType !== 'F' && (await routeTaken(db, { path: body.path ?? '', routeName: body.routeName ?? '', parentId: body.parentId }, menuId))) {
    throw fail('路由名称或地址已存在');
  }
  if (menuId !== undefined && body.parentId === menuId) throw fail('上级菜单不能选择自己');
  // A parent below the menu itself would cut the branch off the tree (upstream does not check this).
  if (menuId !== undefined && (await isSelfOrDescendant(db, menuId, body.parentId))) throw fail('上级菜单不能选择自己的下级菜单');
  await checkPerms(deps, session, body, menuId);
}

export async function addMenu(deps: Deps, session: LoginSession, body: MenuBody): Promise<void> {
  await checkMenu(deps, session, body, '新增');
  await deps.database.db.insert(sysMenu).values({ ...columns(body), createBy: session.userName, createTime: new Date(deps.now()) });
}

/**
 * Saves an edit. Users holding the menu get their live sessions refreshed, since its permission
 * string or status may have changed what they are allowed to do (the sidebar itself is read per request).
 */
export async function editMenu(deps: Deps, session: LoginSession, body: MenuUpdateBody): Promise<number> {
  await checkMenu(deps, session, body, '修改', body.menuId);
  const updated = await deps.database.db
    .update(sysMenu)
    .set({ ...columns(body), updateBy: session.userName, updateTime: new Date(deps.now()) })
    .where(eq(sysMenu.menuId, body.menuId))
    .returning({ menuId: sysMenu.menuId });
  for (const userId of await usersHoldingMenu(deps.database.db, body.menuId)) await refreshUserSessions(deps, userId);
  return updated.length;
}

export async function removeMenu(deps: Deps, menuId: number): Promise<number> {
  const db = deps.database.db;
  if (await hasChildMenu(db, menuId)) throw warnError('存在子菜单,不允许删除');
  if (await menuAssigned(db, menuId)) throw warnError('菜单已分配,不允许删除');
  const deleted = await db.delete(sysMenu).where(eq(sysMenu.menuId, menuId)).returning({ menuId: sysMenu.menuId });
  return deleted.length;
}

export async function saveMenuOrder(deps: Deps, session: LoginSession, menuIds: string, orderNums: string): Promise<void> {
  const pairs = sortPairs(menuIds, orderNums);
  const at = new Date(deps.now());
  await deps.database.db.transaction(async (tx) => {
    for (const { id, orderNum } of pairs) {
      await tx.update(sysMenu).set({ orderNum, updateBy: session.userName, updateTime: at }).where(eq(sysMenu.menuId, id));
    }
  });
}
