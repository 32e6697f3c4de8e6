import { and, asc, eq, ilike, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sysMenu, sysRole, sysRoleMenu, sysUserRole } from '../../../db/schema';
import { likePattern } from '../../../core/list';

export type MenuRow = typeof sysMenu.$inferSelect;

export interface MenuFilters {
  menuName?: string;
  visible?: string;
  status?: string;
}

/** Upstream's super administrator sees every menu; everyone else only the menus of their roles. */
const SUPER_ADMIN_USER_ID = 1;

const ORDER = [asc(sysMenu.parentId), asc(sysMenu.orderNum), asc(sysMenu.menuId)];

function filterPredicates(f: MenuFilters): SQL[] {
  const where: SQL[] = [];
  if (f.menuName) where.push(ilike(sysMenu.menuName, likePattern(f.menuName)));
  if (f.visible) where.push(eq(sysMenu.visible, f.visible));
  if (f.status) where.push(eq(sysMenu.status, f.status));
  return where;
}

/** Menus the user may see and assign, ordered parent first then by order number. */
export async function menusOfUser(db: Db, userId: number, filters: MenuFilters = {}): Promise<MenuRow[]> {
  const where = filterPredicates(filters);
  if (userId === SUPER_ADMIN_USER_ID) {
    return db.select().from(sysMenu).where(and(...where)).orderBy(...ORDER);
  }
  const granted = db
    .select({ menuId: sysRoleMenu.menuId })
    .from(sysRoleMenu)
    .innerJoin(sysUserRole, eq(sysUserRole.roleId, sysRoleMenu.roleId))
    .innerJoin(sysRole, eq(sysRole.roleId, sysRoleMenu.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.delFlag, '0')));
  return db
    .select()
    .from(sysMenu)
    .where(and(inArray(sysMenu.menuId, granted), ...where))
    .orderBy(...ORDER);
}

export async function findMenu(db: Db, menuId: number): Promise<MenuRow | null> {
  const [row] = await db.select().from(sysMenu).where(eq(sysMenu.menuId, menuId)).limit(1);
  return row ?? null;
}

/**
 * Menu ids granted to a role. With `checkStrictly` (parent and child linked in the tree), a menu
 * that is the parent of another granted menu is left out so the client's tree derives it
 * as half- or fully-checked from its children.
 */
export async function checkedMenuIds(db: Db, roleId: number, checkStrictly: boolean): Promise<number[]> {
  const ofRole = eq(sysRoleMenu.roleId, roleId);
  const parentsOfGranted = db
    .select({ parentId: sysMenu.parentId })
    .from(sysMenu)
    .innerJoin(sysRoleMenu, and(eq(sysRoleMenu.menuId, sysMenu.menuId), ofRole));
  const rows = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .innerJoin(sysRoleMenu, and(eq(sysRoleMenu.menuId, sysMenu.menuId), ofRole))
    .where(checkStrictly ? notInArray(sysMenu.menuId, parentsOfGranted) : undefined)
    .orderBy(...ORDER);
  return rows.map((r) => r.menuId);
}

export async function roleCheckStrictly(db: Db, roleId: number): Promise<boolean | null> {
  const [row] = await db
    .select({ strict: sysRole.menuCheckStrictly })
    .from(sysRole)
    .where(and(eq(sysRole.roleId, roleId), eq(sysRole.delFlag, '0')))
    .limit(1);
  return row ? row.strict : null;
}

export async function menuNameTaken(db: Db, menuName: string, parentId: number, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(and(eq(sysMenu.menuName, menuName), eq(sysMenu.parentId, parentId), exceptId ? ne(sysMenu.menuId, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

/**
 * Another directory or menu with the same route: same path under the same parent, the same path at
 * the top level, or the same route name (route name, else path) anywhere; all case-insensitive.
 */
export async function routeTaken(
  db: Db,
  menu: { path: string; routeName: string; parentId: number },
  exceptId?: number,
): Promise<boolean> {
  const name = (menu.routeName || menu.path).toLowerCase();
  const path = menu.path.toLowerCase();
  const effectiveName = sql`lower(case when ${sysMenu.routeName} = '' then ${sysMenu.path} else ${sysMenu.routeName} end)`;
  const samePath = sql`lower(${sysMenu.path}) = ${path}`;
  const [row] = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(
      and(
        inArray(sysMenu.menuType, ['M', 'C']),
        exceptId ? ne(sysMenu.menuId, exceptId) : undefined,
        sql`(${and(samePath, menu.parentId === 0 ? undefined : eq(sysMenu.parentId, menu.parentId))} or ${effectiveName} = ${name})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function hasChildMenu(db: Db, menuId: number): Promise<boolean> {
  const [row] = await db.select({ menuId: sysMenu.menuId }).from(sysMenu).where(eq(sysMenu.parentId, menuId)).limit(1);
  return Boolean(row);
}

export async function menuAssigned(db: Db, menuId: number): Promise<boolean> {
  const [row] = await db.select({ roleId: sysRoleMenu.roleId }).from(sysRoleMenu).where(eq(sysRoleMenu.menuId, menuId)).limit(1);
  return Boolean(row);
}

/** Users holding the menu through a role, whose live sessions must pick up a permission change. */
export async function usersHoldingMenu(db: Db, menuId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: sysUserRole.userId })
    .from(sysUserRole)
    .innerJoin(sysRoleMenu, eq(sysRoleMenu.roleId, sysUserRole.roleId))
    .where(eq(sysRoleMenu.menuId, menuId));
  return rows.map((r) => r.userId);
}

/** True when `candidateId` is `menuId` itself or one of its descendants (walking up from the candidate). */
export async function isSelfOrDescendant(db: Db, menuId: number, candidateId: number): Promise<boolean> {
  const seen = new Set<number>();
  for (let id = candidateId; id !== 0 && !seen.has(id); ) {
    if (id === menuId) return true;
    seen.add(id);
    const [row] = await db.select({ parentId: sysMenu.parentId }).from(sysMenu).where(eq(sysMenu.menuId, id)).limit(1);
    if (!row) return false;
    id = row.parentId;
  }
  return false;
}
