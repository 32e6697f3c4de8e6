import type { PostRow, RoleRow, UserDept, UserRow } from './repository';
import { SUPER_ADMIN_USER_ID } from '../../auth/repository';

export const ADMIN_ROLE_ID = 1;

/** SysDept as nested in a user row (password-free, dates serialised by the reply serializer). */
function deptJson(d: UserDept) {
  return {
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
    parentName: null,
    children: [],
  };
}

/** SysUser on the wire (contract §4): never the password; `admin` true only for user 1. */
export function userJson(u: UserRow, dept: UserDept | null, roles: ReturnType<typeof roleJson>[] = []) {
  const { password: _password, ...rest } = u;
  return {
    ...rest,
    dept: dept ? deptJson(dept) : null,
    roles,
    roleIds: null,
    postIds: null,
    roleId: null,
    admin: u.userId === SUPER_ADMIN_USER_ID,
  };
}

export function roleJson(r: RoleRow, flag = false) {
  return {
    ...r,
    flag,
    menuIds: null,
    deptIds: null,
    permissions: null,
    admin: r.roleId === ADMIN_ROLE_ID,
  };
}

export function postJson(p: PostRow) {
  return { ...p, flag: false };
}

/** Role 1 is offered only to user 1 itself (upstream removes it from every other user's choices). */
export function assignableRoles(roles: RoleRow[], userId: number | undefined): RoleRow[] {
  return userId === SUPER_ADMIN_USER_ID ? roles : roles.filter((r) => r.roleId !== ADMIN_ROLE_ID);
}

