import type { sysUser, sysUserPost, sysUserRole } from '../schema';

/** BCrypt ($2a$10$) of "admin123", the RuoYi seed hash, so RuoYi installs and ours share credentials. */
export const SEED_PASSWORD_HASH = '$2a$10$7JB720yubVSZvUI0rEqK/.VqGOZTH.ulu33dHOiBE8ByOhJIrdAu2';

type UserSeed = Pick<
  typeof sysUser.$inferInsert,
  'userId' | 'deptId' | 'userName' | 'nickName' | 'email' | 'phonenumber' | 'sex' | 'remark'
>;

export const seedUsers: UserSeed[] = [
  { userId: 1, deptId: 103, userName: 'admin', nickName: '管理员', email: 'ry@163.com', phonenumber: '15888888888', sex: '1', remark: '管理员' },
  { userId: 2, deptId: 105, userName: 'ry', nickName: '测试员', email: 'ry@qq.com', phonenumber: '15666666666', sex: '1', remark: '测试员' },
];

export const seedUserRoles: (typeof sysUserRole.$inferInsert)[] = [
  { userId: 1, roleId: 1 },
  { userId: 2, roleId: 2 },
];

export const seedUserPosts: (typeof sysUserPost.$inferInsert)[] = [
  { userId: 1, postId: 1 },
  { userId: 2, postId: 2 },
];
