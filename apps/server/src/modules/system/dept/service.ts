import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { sysDept } from '../../../db/schema';
import { ServiceError, warnError } from '../../../core/errors';
import { dataScopeFilter } from '../../../core/datascope';
import { buildTreeSelect, type TreeSelect } from '../../../core/tree';
import { sortPairs } from '../../../core/sort-order';
import type { LoginSession } from '../../../core/auth';
import { refreshUserSessions } from '../../auth/authority.service';
import {
  deptHasUsers,
  deptNameTaken,
  findDept,
  hasChildDept,
  hasNormalDescendant,
  isDescendantOf,
  selectDepts,
  softDeleteDept,
  usersOfDept,
  type DeptRow,
  type DeptWithParent,
} from './repository';
import type { DeptBody, DeptFilters, DeptUpdateBody } from './schema';

const NORMAL = '0';
const NO_ACCESS = '没有权限访问部门数据！';

/** SysDept on the wire (BaseEntity fields included; children always empty, the client builds the tree). */
export function deptJson(d: DeptRow | DeptWithParent) {
  return {
    createBy: d.createBy,
    createTime: d.createTime,
    updateBy: d.updateBy,
    updateTime: d.updateTime,
    remark: null,
    deptId: d.deptId,
    parentId: d.parentId,
    ancestors: d.ancestors,
    deptName: d.deptName,
    orderNum: d.orderNum,
    leader: d.leader,
    phone: d.phone,
    email: d.email,
    status: d.status,
    delFlag: d.delFlag,
    parentName: 'parentName' in d ? d.parentName : null,
    children: [],
  };
}

const scopeOf = (session: LoginSession, permission: string) => dataScopeFilter(session, permission, { dept: sysDept.deptId });

/** Depts the caller may see under `permission` (the permission checked by the current request). */
export async function scopedDepts(deps: AppDeps, session: LoginSession, permission: string, filters: DeptFilters = {}) {
  return selectDepts(deps.database.db, filters, scopeOf(session, permission));
}

/**
 * The dept picker tree of the user and role screens: depts visible to the caller under `permission`,
 * disabled ones marked disabled.
 */
export async function deptTreeSelect(deps: AppDeps, session: LoginSession, permission: string, filters: DeptFilters = {}): Promise<TreeSelect[]> {
  const rows = await scopedDepts(deps, session, permission, filters);
  return buildTreeSelect(rows.map((d) => ({ id: d.deptId, parentId: d.parentId, label: d.deptName, disabled: d.status !== NORMAL })));
}

/** checkDeptDataScope: refuses a dept the caller cannot see under `permission`. */
export async function assertDeptInScope(deps: AppDeps, session: LoginSession, permission: string, deptId: number): Promise<void> {
  const scope = scopeOf(session, permission);
  if (scope === undefined) return;
  const rows = await selectDepts(deps.database.db, { deptId }, scope);
  if (rows.length === 0) throw new ServiceError(NO_ACCESS);
}

export async function listDepts(deps: AppDeps, session: LoginSession, filters: DeptFilters) {
  return (await scopedDepts(deps, session, 'system:dept:list', filters)).map(deptJson);
}

/** Possible parents of a dept being edited: everything in scope except the dept and its descendants. */
export async function listDeptsExcluding(deps: AppDeps, session: LoginSession, deptId: number) {
  const rows = await selectDepts(
    deps.database.db,
    {},
    scopeOf(session, 'system:dept:list'),
    and(not(eq(sysDept.deptId, deptId)), not(isDescendantOf(deptId))),
  );
  return rows.map(deptJson);
}

export async function getDept(deps: AppDeps, session: LoginSession, deptId: number) {
  await assertDeptInScope(deps, session, 'system:dept:query', deptId);
  const row = await findDept(deps.database.db, deptId);
  return row ? deptJson(row) : null;
}

function columns(body: DeptBody) {
  return {
    parentId: body.parentId,
    deptName: body.deptName,
    orderNum: body.orderNum,
    leader: body.leader || null,
    phone: body.phone || null,
    email: body.email || null,
    status: body.status,
  };
}

const childAncestors = (p: DeptRow) => `${p.ancestors},${p.deptId}`;

export async function addDept(deps: AppDeps, session: LoginSession, body: DeptBody): Promise<void> {
  const db = deps.database.db;
  if (await deptNameTaken(db, body.deptName, body.parentId)) throw new ServiceError(`新增部门'${body.deptName}'失败，部门名称已存在`);
  let ancestors = '0';
  if (body.parentId !== 0) {
    await assertDeptInScope(deps, session, 'system:dept:add', body.parentId);
    const parent = await findDept(db, body.parentId);
    if (!parent) throw new ServiceError('上级部门不存在');
    if (parent.status !== NORMAL) throw new ServiceError('部门停用，不允许新增');
    ancestors = childAncestors(parent);
  }
  await db.insert(sysDept).values({ ...columns(body), ancestors, createBy: session.userName, createTime: new Date(deps.now()) });
}

/**
 * Saves an edit in one transaction: a move rewrites the ancestors of the dept and of all its
 * descendants, and saving it as normal makes every ancestor normal too.
 */
export async function editDept(deps: AppDeps, session: LoginSession, body: DeptUpdateBody): Promise<number> {
  const db = deps.database.db;
  const { deptId } = body;
  const fail = (reason: string) => new ServiceError(`修改部门'${body.deptName}'失败，${reason}`);
  await assertDeptInScope(deps, session, 'system:dept:edit', deptId);
  const current = await findDept(db, deptId);
  if (!current) return 0;
  if (await deptNameTaken(db, body.deptName, body.parentId, deptId)) throw fail('部门名称已存在');
  if (body.parentId === deptId) throw fail('上级部门不能是自己');
  if (body.status !== NORMAL && (await hasNormalDescendant(db, deptId))) throw new ServiceError('该部门包含未停用的子部门！');

  let ancestors = current.ancestors;
  if (body.parentId !== current.parentId) {
    if (body.parentId === 0) ancestors = '0';
    else {
      await assertDeptInScope(deps, session, 'system:dept:edit', body.parentId);
      const parent = await findDept(db, body.parentId);
      if (!parent) throw new ServiceError('上级部门不存在');
      if (parent.ancestors.split(',').includes(String(deptId))) throw fail('上级部门不能是自己的下级部门');
      ancestors = childAncestors(parent);
    }
  }
  const at = new Date(deps.now());
  const changed = await db.transaction(async (tx) => {
    if (ancestors !== current.ancestors) {
      // Descendants' ancestors start with the old chain of this dept; swap that prefix for the new one.
      await tx
        .update(sysDept)
        .set({ ancestors: sql`${ancestors} || substr(${sysDept.ancestors}, ${current.ancestors.length + 1})` })
        .where(isDescendantOf(deptId));
    }
    const updated = await tx
      .update(sysDept)
      .set({ ...columns(body), ancestors, updateBy: session.userName, updateTime: at })
      .where(eq(sysDept.deptId, deptId))
      .returning({ deptId: sysDept.deptId });
    const ancestorIds = ancestors.split(',').map(Number).filter((id) => id > 0);
    if (body.status === NORMAL && ancestorIds.length > 0) {
      await tx.update(sysDept).set({ status: NORMAL, updateBy: session.userName, updateTime: at }).where(inArray(sysDept.deptId, ancestorIds));
    }
    return updated.length;
  });
  // Live sessions cache the user's dept (the navbar shows its name); members see the edit at once.
  for (const userId of await usersOfDept(db, deptId)) await refreshUserSessions(deps, userId);
  return changed;
}

export async function removeDept(deps: AppDeps, session: LoginSession, deptId: number): Promise<number> {
  const db = deps.database.db;
  await assertDeptInScope(deps, session, 'system:dept:remove', deptId);
  if (await hasChildDept(db, deptId)) throw warnError('存在下级部门,不允许删除');
  if (await deptHasUsers(db, deptId)) throw warnError('部门存在用户,不允许删除');
  return softDeleteDept(db, deptId, session.userName, new Date(deps.now()));
}

export async function saveDeptOrder(deps: AppDeps, session: LoginSession, deptIds: string, orderNums: string): Promise<void> {
  const pairs = sortPairs(deptIds, orderNums);
  for (const { id } of pairs) await assertDeptInScope(deps, session, 'system:dept:edit', id);
  const at = new Date(deps.now());
  await deps.database.db.transaction(async (tx) => {
    for (const { id, orderNum } of pairs) {
      await tx.update(sysDept).set({ orderNum, updateBy: session.userName, updateTime: at }).where(eq(sysDept.deptId, id));
    }
  });
}
