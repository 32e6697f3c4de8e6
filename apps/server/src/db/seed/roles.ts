import type { sysRole } from '../schema';

type RoleSeed = Pick<typeof sysRole.$inferInsert, 'roleId' | 'roleName' | 'roleKey' | 'roleSort' | 'dataScope' | 'remark'>;

export const seedRoles: RoleSeed[] = [
  { roleId: 1, roleName: '超级管理员', roleKey: 'admin', roleSort: 1, dataScope: '1', remark: '超级管理员' },
  { roleId: 2, roleName: '普通角色', roleKey: 'common', roleSort: 2, dataScope: '2', remark: '普通角色' },
];

/** Role 2 uses custom data scope ('2') over these departments. */
export const seedRoleDepts = [
  { roleId: 2, deptId: 100 },
  { roleId: 2, deptId: 101 },
  { roleId: 2, deptId: 105 },
];

