import { and, asc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client';
import { sysDept, sysUser } from '../../../db/schema';
import { likePattern } from '../../../core/list';
import type { DeptFilters } from './schema';

export type DeptRow = typeof sysDept.$inferSelect;
export type DeptWithParent = DeptRow & { parentName: string | null };

const EXISTS = '0';
const DELETED = '2';
const NORMAL = '0';

const parent = alias(sysDept, 'parent');

/** `ancestors` holds the ids from the root down, comma-separated ("0,100,101"). */
export const isDescendantOf = (deptId: number) => sql`${String(deptId)} = any(string_to_array(${sysDept.ancestors}, ','))`;

/** Non-deleted depts matching the filters and the caller's scope, parents first then by order. */
export async function selectDepts(db: Db, filters: DeptFilters, scope: SQL | undefined, extra?: SQL): Promise<DeptRow[]> {
  const where: (SQL | undefined)[] = [eq(sysDept.delFlag, EXISTS), scope, extra];
  if (filters.deptId !== undefined) where.push(eq(sysDept.deptId, filters.deptId));
  if (filters.parentId !== undefined) where.push(eq(sysDept.parentId, filters.parentId));
  if (filters.deptName) where.push(ilike(sysDept.deptName, likePattern(filters.deptName)));
  if (filters.status) where.push(eq(sysDept.status, filters.status));
  return db
    .select()
    .from(sysDept)
    .where(and(...where))
    .orderBy(asc(sysDept.parentId), asc(sysDept.orderNum), asc(sysDept.deptId));
}

/** One non-deleted dept with its parent's name, as the edit dialog loads it. */
export async function findDept(db: Db, deptId: number): Promise<DeptWithParent | null> {
  const [row] = await db
    .select({ dept: sysDept, parentName: parent.deptName })
    .from(sysDept)
    .leftJoin(parent, eq(parent.deptId, sysDept.parentId))
    .where(and(eq(sysDept.deptId, deptId), eq(sysDept.delFlag, EXISTS)))
    .limit(1);
  return row ? { ...row.dept, parentName: row.parentName } : null;
}

export async function deptNameTaken(db: Db, deptName: string, parentId: number, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ deptId: sysDept.deptId })
    .from(sysDept)
    .where(
      and(
        eq(sysDept.deptName, deptName),
        eq(sysDept.parentId, parentId),
        eq(sysDept.delFlag, EXISTS),
        exceptId ? ne(sysDept.deptId, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function hasNormalDescendant(db: Db, deptId: number): Promise<boolean> {
  const [row] = await db
    .select({ deptId: sysDept.deptId })
    .from(sysDept)
    .where(and(isDescendantOf(deptId), eq(sysDept.status, NORMAL), eq(sysDept.delFlag, EXISTS)))
    .limit(1);
  return Boolean(row);
}

export async function hasChildDept(db: Db, deptId: number): Promise<boolean> {
  const [row] = await db
    .select({ deptId: sysDept.deptId })
    .from(sysDept)
    .where(and(eq(sysDept.parentId, deptId), eq(sysDept.delFlag, EXISTS)))
    .limit(1);
  return Boolean(row);
}

export async function deptHasUsers(db: Db, deptId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.deptId, deptId), eq(sysUser.delFlag, EXISTS)))
    .limit(1);
  return Boolean(row);
}

export async function softDeleteDept(db: Db, deptId: number, by: string, at: Date): Promise<number> {
  const rows = await db
    .update(sysDept)
    .set({ delFlag: DELETED, updateBy: by, updateTime: at })
    .where(eq(sysDept.deptId, deptId))
    .returning({ deptId: sysDept.deptId });
  return rows.length;
}

export async function usersOfDept(db: Db, deptId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: sysUser.userId })
    .from(sysUser)
    .where(and(eq(sysUser.deptId, deptId), eq(sysUser.delFlag, EXISTS)));
  return rows.map((r) => r.userId);
}
