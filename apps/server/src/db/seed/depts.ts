import type { sysDept } from '../schema';

type DeptSeed = Pick<typeof sysDept.$inferInsert, 'deptId' | 'parentId' | 'ancestors' | 'deptName' | 'orderNum'>;

/** Names repeat under different parents on purpose: uniqueness is per parent. */
export const seedDepts: DeptSeed[] = [
  { deptId: 100, parentId: 0, ancestors: '0', deptName: '示例科技', orderNum: 0 },
  { deptId: 101, parentId: 100, ancestors: '0,100', deptName: '深圳总公司', orderNum: 1 },
  { deptId: 102, parentId: 100, ancestors: '0,100', deptName: '长沙分公司', orderNum: 2 },
  { deptId: 103, parentId: 101, ancestors: '0,100,101', deptName: '研发部门', orderNum: 1 },
  { deptId: 104, parentId: 101, ancestors: '0,100,101', deptName: '市场部门', orderNum: 2 },
  { deptId: 105, parentId: 101, ancestors: '0,100,101', deptName: '测试部门', orderNum: 3 },
  { deptId: 106, parentId: 101, ancestors: '0,100,101', deptName: '财务部门', orderNum: 4 },
  { deptId: 107, parentId: 101, ancestors: '0,100,101', deptName: '运维部门', orderNum: 5 },
  { deptId: 108, parentId: 102, ancestors: '0,100,102', deptName: '市场部门', orderNum: 1 },
  { deptId: 109, parentId: 102, ancestors: '0,100,102', deptName: '财务部门', orderNum: 2 },
];

export const deptContact = { leader: '管理员', phone: '15888888888', email: 'ry@qq.com' } as const;
