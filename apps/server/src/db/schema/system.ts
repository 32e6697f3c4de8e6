import { bigint, boolean, char, index, integer, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { pgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { audit, delFlag, idColumn, remark, status, ts } from './columns';

export const sysDept = pgTable('sys_dept', {
  deptId: idColumn('dept_id', 200),
  parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
  ancestors: varchar('ancestors', { length: 50 }).notNull().default(''),
  deptName: varchar('dept_name', { length: 30 }).notNull().default(''),
  orderNum: integer('order_num').notNull().default(0),
  leader: varchar('leader', { length: 20 }),
  phone: varchar('phone', { length: 11 }),
  email: varchar('email', { length: 50 }),
  status: status(),
  delFlag: delFlag(),
  ...audit,
}, (t) => [index('idx_sys_dept_parent').on(t.parentId)]);

export const sysUser = pgTable('sys_user', {
  userId: idColumn('user_id', 100),
  deptId: bigint('dept_id', { mode: 'number' }),
  userName: varchar('user_name', { length: 30 }).notNull(),
  nickName: varchar('nick_name', { length: 30 }).notNull(),
  userType: varchar('user_type', { length: 2 }).notNull().default('00'),
  email: varchar('email', { length: 50 }).notNull().default(''),
  phonenumber: varchar('phonenumber', { length: 11 }).notNull().default(''),
  sex: char('sex', { length: 1 }).notNull().default('0'),
  avatar: varchar('avatar', { length: 100 }).notNull().default(''),
  password: varchar('password', { length: 100 }).notNull().default(''),
  status: status(),
  delFlag: delFlag(),
  loginIp: varchar('login_ip', { length: 128 }).notNull().default(''),
  loginDate: ts('login_date'),
  pwdUpdateDate: ts('pwd_update_date'),
  ...audit,
  remark: remark(),
}, (t) => [
  index('idx_sys_user_dept').on(t.deptId),
  // Live users by department: the user list's count (with or without a data-scope predicate on
  // dept_id) becomes an index-only scan instead of a scan of the whole table.
  index('idx_sys_user_live_dept').on(t.deptId).where(sql`${t.delFlag} = '0'`),
  index('idx_sys_user_name').on(t.userName),
  index('idx_sys_user_create_time').on(t.createTime),
]);

/**
 * A version number per cached count, bumped in the writing transaction by statement triggers
 * (migration 0001) on every table the count depends on. A count read in the same statement as
 * its version stays exact for as long as the version is unchanged, on every server instance.
 */
export const sysCountVersion = pgTable('sys_count_version', {
  name: varchar('name', { length: 64 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const sysPost = pgTable('sys_post', {
  postId: idColumn('post_id', 100),
  postCode: varchar('post_code', { length: 64 }).notNull(),
  postName: varchar('post_name', { length: 50 }).notNull(),
  postSort: integer('post_sort').notNull(),
  status: status(),
  ...audit,
  remark: remark(),
});

export const sysRole = pgTable('sys_role', {
  roleId: idColumn('role_id', 100),
  roleName: varchar('role_name', { length: 30 }).notNull(),
  roleKey: varchar('role_key', { length: 100 }).notNull(),
  roleSort: integer('role_sort').notNull(),
  dataScope: char('data_scope', { length: 1 }).notNull().default('1'),
  menuCheckStrictly: boolean('menu_check_strictly').notNull().default(true),
  deptCheckStrictly: boolean('dept_check_strictly').notNull().default(true),
  status: status(),
  delFlag: delFlag(),
  ...audit,
  remark: remark(),
});

export const sysMenu = pgTable('sys_menu', {
  menuId: idColumn('menu_id', 2000),
  menuName: varchar('menu_name', { length: 50 }).notNull(),
  parentId: bigint('parent_id', { mode: 'number' }).notNull().default(0),
  orderNum: integer('order_num').notNull().default(0),
  path: varchar('path', { length: 200 }).notNull().default(''),
  component: varchar('component', { length: 255 }),
  query: varchar('query', { length: 255 }),
  routeName: varchar('route_name', { length: 50 }).notNull().default(''),
  isFrame: integer('is_frame').notNull().default(1),
  isCache: integer('is_cache').notNull().default(0),
  menuType: char('menu_type', { length: 1 }).notNull().default(''),
  visible: char('visible', { length: 1 }).notNull().default('0'),
  status: status(),
  perms: varchar('perms', { length: 100 }),
  icon: varchar('icon', { length: 100 }).notNull().default('#'),
  ...audit,
  remark: remark().default(''),
});

export const sysUserRole = pgTable('sys_user_role', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  roleId: bigint('role_id', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('idx_sys_user_role_role').on(t.roleId)]);

export const sysRoleMenu = pgTable('sys_role_menu', {
  roleId: bigint('role_id', { mode: 'number' }).notNull(),
  menuId: bigint('menu_id', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.menuId] })]);

export const sysRoleDept = pgTable('sys_role_dept', {
  roleId: bigint('role_id', { mode: 'number' }).notNull(),
  deptId: bigint('dept_id', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.deptId] })]);

export const sysUserPost = pgTable('sys_user_post', {
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  postId: bigint('post_id', { mode: 'number' }).notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.postId] })]);

export const sysDictType = pgTable('sys_dict_type', {
  dictId: idColumn('dict_id', 100),
  dictName: varchar('dict_name', { length: 100 }).notNull().default(''),
  dictType: varchar('dict_type', { length: 100 }).notNull().default(''),
  status: status(),
  ...audit,
  remark: remark(),
}, (t) => [uniqueIndex('uk_sys_dict_type').on(t.dictType)]);

export const sysDictData = pgTable('sys_dict_data', {
  dictCode: idColumn('dict_code', 100),
  dictSort: integer('dict_sort').notNull().default(0),
  dictLabel: varchar('dict_label', { length: 100 }).notNull().default(''),
  dictValue: varchar('dict_value', { length: 100 }).notNull().default(''),
  dictType: varchar('dict_type', { length: 100 }).notNull().default(''),
  cssClass: varchar('css_class', { length: 100 }),
  listClass: varchar('list_class', { length: 100 }),
  isDefault: char('is_default', { length: 1 }).notNull().default('N'),
  status: status(),
  ...audit,
  remark: remark(),
}, (t) => [index('idx_sys_dict_data_type').on(t.dictType)]);

export const sysConfig = pgTable('sys_config', {
  configId: idColumn('config_id', 100),
  configName: varchar('config_name', { length: 100 }).notNull().default(''),
  configKey: varchar('config_key', { length: 100 }).notNull().default(''),
  configValue: varchar('config_value', { length: 500 }).notNull().default(''),
  configType: char('config_type', { length: 1 }).notNull().default('N'),
  ...audit,
  remark: remark(),
}, (t) => [uniqueIndex('uk_sys_config_key').on(t.configKey)]);

export const sysNotice = pgTable('sys_notice', {
  noticeId: idColumn('notice_id', 10),
  noticeTitle: varchar('notice_title', { length: 50 }).notNull(),
  noticeType: char('notice_type', { length: 1 }).notNull(),
  noticeContent: text('notice_content'),
  status: status(),
  ...audit,
  remark: remark(255),
});

export const sysNoticeRead = pgTable('sys_notice_read', {
  readId: idColumn('read_id', 1),
  noticeId: bigint('notice_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  readTime: ts('read_time').notNull(),
}, (t) => [uniqueIndex('uk_user_notice').on(t.userId, t.noticeId)]);
