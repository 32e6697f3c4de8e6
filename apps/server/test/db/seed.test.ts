import bcrypt from 'bcryptjs';
import { isValidCron } from '@acs/shared/cron';
import { checkInvokeTarget } from '@acs/shared/job';
import { and, asc, count, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import * as s from '../../src/db/schema';
import { seedIfEmpty } from '../../src/db/seed';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../helpers/db';

async function rowCount(db: Db, table: PgTable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table);
  return row.n;
}

const expectedCounts: [string, PgTable, number][] = [
  ['sys_dept', s.sysDept, 10],
  ['sys_user', s.sysUser, 2],
  ['sys_post', s.sysPost, 4],
  ['sys_role', s.sysRole, 2],
  ['sys_menu', s.sysMenu, 159],
  ['sys_user_role', s.sysUserRole, 2],
  ['sys_user_post', s.sysUserPost, 2],
  ['sys_role_dept', s.sysRoleDept, 3],
  ['sys_role_menu', s.sysRoleMenu, 159],
  ['sys_dict_type', s.sysDictType, 10],
  ['sys_dict_data', s.sysDictData, 29],
  ['sys_config', s.sysConfig, 13],
  ['sys_job', s.sysJob, 8],
  ['sys_notice', s.sysNotice, 1],
];

function seedSuite(postgres: boolean) {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase({ postgres });
    db = database.db;
  });
  afterAll(() => database.close());

  it.each(expectedCounts)('%s holds the seeded rows', async (_name, table, expected) => {
    expect(await rowCount(db, table)).toBe(expected);
  });

  it('admin and ry sign in with admin123 and are not flagged for an initial-password change', async () => {
    const users = await db.select().from(s.sysUser).orderBy(asc(s.sysUser.userId));
    expect(users.map((u) => [u.userId, u.userName, u.deptId, u.nickName])).toEqual([
      [1, 'admin', 103, '管理员'],
      [2, 'ry', 105, '测试员'],
    ]);
    for (const user of users) {
      expect(await bcrypt.compare('admin123', user.password)).toBe(true);
      expect(user.pwdUpdateDate).toBeInstanceOf(Date);
      expect(user.loginDate).toBeInstanceOf(Date);
      expect(user.status).toBe('0');
    }
    expect(await bcrypt.compare('admin1234', users[0].password)).toBe(false);
  });

  it('role 2 has custom data scope over depts 100, 101, 105 and holds every menu', async () => {
    const [role] = await db.select().from(s.sysRole).where(eq(s.sysRole.roleId, 2));
    expect(role).toMatchObject({ roleKey: 'common', dataScope: '2', menuCheckStrictly: true, deptCheckStrictly: true });
    const depts = await db.select({ id: s.sysRoleDept.deptId }).from(s.sysRoleDept).orderBy(asc(s.sysRoleDept.deptId));
    expect(depts.map((d) => d.id)).toEqual([100, 101, 105]);
    const held = await db.select({ n: count() }).from(s.sysRoleMenu).where(eq(s.sysRoleMenu.roleId, 2));
    expect(held[0].n).toBe(await rowCount(db, s.sysMenu));
  });

  it('the menu tree is connected: the RuoYi rows, the AI area, 客户 and 渠道', async () => {
    const menus = await db.select().from(s.sysMenu);
    const ids = new Set(menus.map((m) => m.menuId));
    expect(menus.filter((m) => m.parentId !== 0 && !ids.has(m.parentId))).toEqual([]);
    const byType = (t: string) => menus.filter((m) => m.menuType === t).length;
    expect([byType('M'), byType('C'), byType('F')]).toEqual([4 + 1 + 1 + 1, 19 + 6 + 4 + 3, 61 + 19 + 2 + 5 + 22 + 11]);
    const roots = menus.filter((m) => m.parentId === 0).sort((a, b) => a.orderNum - b.orderNum);
    expect(roots.map((m) => [m.menuName, m.path, m.isFrame])).toEqual([
      ['AI客服', 'ai', 1],
      ['客户', 'crm', 1],
      ['渠道', 'channel', 1],
      ['系统管理', 'system', 1],
      ['系统监控', 'monitor', 1],
      ['系统工具', 'tool', 1],
    ]);
    const user = menus.find((m) => m.menuId === 100);
    expect(user).toMatchObject({ parentId: 1, component: 'system/user/index', perms: 'system:user:list', icon: 'user', query: '' });
    const dictQuery = menus.find((m) => m.menuId === 1025);
    expect(dictQuery).toMatchObject({ menuType: 'F', path: '#', perms: 'system:dict:query', icon: '#' });
    expect(menus.find((m) => m.menuId === 108)).toMatchObject({ parentId: 1, menuType: 'M', path: 'log' });
    expect(menus.every((m) => m.status === '0' && m.visible === '0' && m.isCache === 0 && m.routeName === '')).toBe(true);
  });

  it('dictionary data is grouped by type with its tag classes and defaults', async () => {
    const operTypes = await db
      .select()
      .from(s.sysDictData)
      .where(eq(s.sysDictData.dictType, 'sys_oper_type'))
      .orderBy(asc(s.sysDictData.dictSort));
    expect(operTypes.map((d) => d.dictLabel)).toEqual(['新增', '修改', '删除', '授权', '导出', '导入', '强退', '生成代码', '清空数据', '其他']);
    const [male] = await db
      .select()
      .from(s.sysDictData)
      .where(and(eq(s.sysDictData.dictType, 'sys_user_sex'), eq(s.sysDictData.dictValue, '0')));
    expect(male).toMatchObject({ dictCode: 1, dictLabel: '男', isDefault: 'Y', listClass: '' });
    const [noticeType] = await db.select().from(s.sysDictData).where(eq(s.sysDictData.dictCode, 15));
    expect(noticeType).toMatchObject({ dictType: 'sys_notice_type', dictLabel: '公告', dictValue: '2', listClass: 'success' });
    const types = await db.select({ t: s.sysDictType.dictType }).from(s.sysDictType).orderBy(asc(s.sysDictType.dictId));
    expect(types.map((t) => t.t)).toEqual([
      'sys_user_sex', 'sys_show_hide', 'sys_normal_disable', 'sys_job_status', 'sys_job_group',
      'sys_yes_no', 'sys_notice_type', 'sys_notice_status', 'sys_oper_type', 'sys_common_status',
    ]);
  });

  it('configs, jobs and notices carry the contract values', async () => {
    const configs = await db.select().from(s.sysConfig);
    const value = (key: string) => configs.find((c) => c.configKey === key)?.configValue;
    expect(value('sys.account.captchaEnabled')).toBe('true');
    expect(value('sys.account.registerUser')).toBe('false');
    expect(value('sys.user.initPassword')).toBe('123456');
    expect(value('sys.login.blackIPList')).toBe('');
    expect(value('ai.model.allowPrivateNetwork')).toBe('false');
    expect(value('sys.import.maxRows')).toBe('5000');
    expect(configs.every((c) => c.configType === 'Y')).toBe(true);

    const jobs = await db.select().from(s.sysJob).orderBy(asc(s.sysJob.jobId));
    expect(jobs.map((j) => [j.jobId, j.jobGroup, j.status, j.concurrent])).toEqual([
      [1, 'DEFAULT', '1', '1'],
      [2, 'DEFAULT', '1', '1'],
      [3, 'DEFAULT', '1', '1'],
      [4, 'SYSTEM', '0', '1'],
      [5, 'SYSTEM', '0', '1'],
      [6, 'SYSTEM', '1', '1'],
      [7, 'SYSTEM', '1', '1'],
      [8, 'SYSTEM', '0', '1'],
    ]);
    for (const job of jobs) {
      expect(isValidCron(job.cronExpression), job.cronExpression).toBe(true);
      expect(checkInvokeTarget(job.invokeTarget), job.invokeTarget).toBeNull();
    }

    const [intro, ...others] = await db.select().from(s.sysNotice);
    expect(others).toEqual([]);
    expect(intro.noticeId).toBe(3);
    expect(intro.noticeContent).toContain('AI客服系统');
    expect(intro).toMatchObject({ noticeType: '1', status: '0', createBy: 'admin', remark: '管理员' });
  });

  it('no seeded row carries RuoYi branding: the product shows its own neutral names', async () => {
    for (const [name, table] of expectedCounts) {
      expect(JSON.stringify(await db.select().from(table)), name).not.toMatch(/若依|ruoyi/i);
    }
    const [root] = await db.select().from(s.sysDept).where(eq(s.sysDept.deptId, 100));
    expect(root).toMatchObject({ deptName: '示例科技', leader: '管理员' });
  });

  it('new rows get fresh ids above the seeded ones', async () => {
    const audit = { createBy: 'test' };
    const fresh = await Promise.all([
      db.insert(s.sysUser).values({ userName: 'fresh', nickName: '新用户', deptId: 103, ...audit }).returning({ id: s.sysUser.userId }),
      db.insert(s.sysDept).values({ parentId: 100, ancestors: '0,100', deptName: '新部门', ...audit }).returning({ id: s.sysDept.deptId }),
      db.insert(s.sysMenu).values({ menuName: '新菜单', menuType: 'C', ...audit }).returning({ id: s.sysMenu.menuId }),
      db.insert(s.sysPost).values({ postCode: 'new', postName: '新岗位', postSort: 5, ...audit }).returning({ id: s.sysPost.postId }),
      db.insert(s.sysRole).values({ roleName: '新角色', roleKey: 'fresh', roleSort: 3, ...audit }).returning({ id: s.sysRole.roleId }),
      db.insert(s.sysNotice).values({ noticeTitle: '新公告', noticeType: '1', ...audit }).returning({ id: s.sysNotice.noticeId }),
      db.insert(s.sysConfig).values({ configName: '新参数', configKey: 'test.fresh', ...audit }).returning({ id: s.sysConfig.configId }),
      db.insert(s.sysDictType).values({ dictName: '新字典', dictType: 'test_fresh', ...audit }).returning({ id: s.sysDictType.dictId }),
      db.insert(s.sysDictData).values({ dictLabel: '新值', dictType: 'test_fresh', ...audit }).returning({ id: s.sysDictData.dictCode }),
      db.insert(s.sysJob).values({ jobName: '新任务', invokeTarget: 'ryTask.ryNoParams', ...audit }).returning({ id: s.sysJob.jobId }),
    ]);
    expect(fresh.map(([row]) => row.id)).toEqual([100, 200, 2231, 100, 100, 10, 100, 100, 100, 100]);
  });

  it('seedIfEmpty leaves a seeded database alone', async () => {
    const before = await rowCount(db, s.sysMenu);
    expect(await seedIfEmpty(db)).toBe(false);
    expect(await rowCount(db, s.sysMenu)).toBe(before);
    expect(await rowCount(db, s.sysUser)).toBeGreaterThanOrEqual(2);
  });

  it('moves an identity sequence past a seeded id that reaches its start', async () => {
    const names = Object.values(s).filter((t) => is(t, PgTable)).map((t) => `"${getTableName(t)}"`);
    await db.execute(sql.raw(`truncate table ${names.join(', ')}`));
    await db.insert(s.sysMenu).values({ menuId: 3000, menuName: '业务菜单', menuType: 'M' });
    expect(await seedIfEmpty(db)).toBe(true);
    const [next] = await db.insert(s.sysMenu).values({ menuName: '再一个', menuType: 'M' }).returning({ id: s.sysMenu.menuId });
    expect(next.id).toBe(3001);
    expect(await rowCount(db, s.sysUser)).toBe(2);
  });
}

describe('seed on PGlite', () => seedSuite(false));
describe.runIf(postgresAvailable)('seed on PostgreSQL', () => seedSuite(true));
