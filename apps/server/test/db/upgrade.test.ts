import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, between, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../src/db/client';
import * as s from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

const AI_MENUS = 24;
const migration = readFileSync(path.join(MIGRATIONS_DIR, '0004_ai_menus_for_existing_installs.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim());

/** An install seeded before the AI area: the same database without menus 2000+. */
async function beforeAiArea(database: TestDatabase) {
  await database.db.delete(s.sysRoleMenu).where(gte(s.sysRoleMenu.menuId, 2000));
  await database.db.delete(s.sysMenu).where(gte(s.sysMenu.menuId, 2000));
}

async function runMigration(database: TestDatabase) {
  for (const statement of migration) await database.db.execute(sql.raw(statement));
}

const aiMenus = async (database: TestDatabase) =>
  (await database.db.select({ n: count() }).from(s.sysMenu).where(gte(s.sysMenu.menuId, 2000)))[0].n;

describe('migration 0004: the AI menus reach installs seeded before them', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('adds the AI客服 tree once, grants it to 普通角色 and moves the menu ids past it', async () => {
    await beforeAiArea(database);
    await runMigration(database);
    expect(await aiMenus(database)).toBe(AI_MENUS);
    const [root] = await database.db.select().from(s.sysMenu).where(eq(s.sysMenu.menuId, 2000));
    expect(root).toMatchObject({ menuName: 'AI客服', path: 'ai', menuType: 'M', parentId: 0 });
    const granted = await database.db
      .select({ n: count() })
      .from(s.sysRoleMenu)
      .where(and(eq(s.sysRoleMenu.roleId, 2), gte(s.sysRoleMenu.menuId, 2000)));
    expect(granted[0].n).toBe(AI_MENUS);

    await runMigration(database);
    expect(await aiMenus(database)).toBe(AI_MENUS);
    const [next] = await database.db.insert(s.sysMenu).values({ menuName: '自建菜单', menuType: 'M' }).returning({ id: s.sysMenu.menuId });
    expect(next.id).toBeGreaterThan(2043);
  });

  it('leaves an install alone whose own menus took ids of the range', async () => {
    await beforeAiArea(database);
    await database.db.insert(s.sysMenu).values({ menuId: 2000, menuName: '自建目录', menuType: 'M', createBy: 'admin' });
    await runMigration(database);
    expect(await aiMenus(database)).toBe(1);
    const [own] = await database.db.select().from(s.sysMenu).where(eq(s.sysMenu.menuId, 2000));
    expect(own.menuName).toBe('自建目录');
    const granted = await database.db.select({ n: count() }).from(s.sysRoleMenu).where(gte(s.sysRoleMenu.menuId, 2000));
    expect(granted[0].n).toBe(0);
  });
});

const branding = readFileSync(path.join(MIGRATIONS_DIR, '0005_neutral_seed_names_and_params.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter(Boolean);

async function runBranding(database: TestDatabase) {
  for (const statement of branding) await database.db.execute(sql.raw(statement));
}

const OLD_NOTICES = [
  { noticeId: 1, noticeTitle: '温馨提醒：2018-07-01 若依新版本发布啦', noticeType: '2', noticeContent: '新版本内容' },
  { noticeId: 2, noticeTitle: '维护通知：2018-07-01 若依系统凌晨维护', noticeType: '1', noticeContent: '维护内容' },
];
const NEW_PARAMS = ['ai.model.allowPrivateNetwork', 'sys.import.maxRows'];

/** An install seeded before this migration: RuoYi's names, its two notices and its external link, no new parameters. */
async function oldSeed(database: TestDatabase) {
  const { db } = database;
  await db.update(s.sysUser).set({ nickName: '若依' }).where(inArray(s.sysUser.userId, [1, 2]));
  await db.update(s.sysDept).set({ deptName: '若依科技' }).where(eq(s.sysDept.deptId, 100));
  await db.update(s.sysDept).set({ leader: '若依' }).where(between(s.sysDept.deptId, 100, 109));
  await db.insert(s.sysNotice).values(OLD_NOTICES.map((n) => ({ ...n, createBy: 'admin' })));
  await db.insert(s.sysNoticeRead).values({ noticeId: 1, userId: 1, readTime: new Date() });
  await db.insert(s.sysMenu).values({ menuId: 4, parentId: 0, orderNum: 4, menuName: '若依官网', menuType: 'M', path: 'http://ruoyi.vip', isFrame: 0, icon: 'guide', createBy: 'admin' });
  await db.insert(s.sysRoleMenu).values({ roleId: 2, menuId: 4 });
  await db.delete(s.sysConfig).where(inArray(s.sysConfig.configKey, NEW_PARAMS));
}

const nickNames = async (database: TestDatabase) =>
  (await database.db.select().from(s.sysUser).where(inArray(s.sysUser.userId, [1, 2])).orderBy(s.sysUser.userId)).map((u) => [u.userName, u.nickName]);
const deptRoot = async (database: TestDatabase) => (await database.db.select().from(s.sysDept).where(eq(s.sysDept.deptId, 100)))[0];
const noticeIds = async (database: TestDatabase) =>
  (await database.db.select({ id: s.sysNotice.noticeId }).from(s.sysNotice).orderBy(s.sysNotice.noticeId)).map((n) => n.id);
const menuFour = async (database: TestDatabase) => database.db.select().from(s.sysMenu).where(eq(s.sysMenu.menuId, 4));
const params = async (database: TestDatabase) =>
  database.db
    .select({ key: s.sysConfig.configKey, value: s.sysConfig.configValue, type: s.sysConfig.configType })
    .from(s.sysConfig)
    .where(inArray(s.sysConfig.configKey, NEW_PARAMS))
    .orderBy(s.sysConfig.configKey);

describe('migration 0005: neutral names and the new parameters reach installs seeded before them', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('renames the rows still holding the RuoYi seed values, drops its notices and link, adds the parameters once', async () => {
    await oldSeed(database);
    await runBranding(database);
    expect(await nickNames(database)).toEqual([['admin', '管理员'], ['ry', '测试员']]);
    expect(await deptRoot(database)).toMatchObject({ deptName: '示例科技', leader: '管理员' });
    expect(await noticeIds(database)).toEqual([3]);
    expect(await database.db.select().from(s.sysNoticeRead).where(eq(s.sysNoticeRead.noticeId, 1))).toEqual([]);
    expect(await menuFour(database)).toEqual([]);
    expect(await database.db.select().from(s.sysRoleMenu).where(eq(s.sysRoleMenu.menuId, 4))).toEqual([]);
    const expected = [
      { key: 'ai.model.allowPrivateNetwork', value: 'false', type: 'Y' },
      { key: 'sys.import.maxRows', value: '5000', type: 'Y' },
    ];
    expect(await params(database)).toEqual(expected);

    await runBranding(database);
    expect(await params(database)).toEqual(expected);
  });

  it('leaves the names, notices, link and parameter values an admin changed', async () => {
    await database.db.delete(s.sysNotice).where(eq(s.sysNotice.noticeId, 3));
    await oldSeed(database);
    await database.db.update(s.sysUser).set({ nickName: '张经理' }).where(eq(s.sysUser.userId, 1));
    await database.db.update(s.sysDept).set({ deptName: '星河贸易', leader: '李总' }).where(eq(s.sysDept.deptId, 100));
    await database.db.update(s.sysNotice).set({ noticeContent: '我们自己的公告' }).where(eq(s.sysNotice.noticeId, 2));
    await database.db.update(s.sysMenu).set({ path: 'https://example.com' }).where(eq(s.sysMenu.menuId, 4));
    await database.db.insert(s.sysConfig).values({ configName: '自定义', configKey: 'sys.import.maxRows', configValue: '200', configType: 'N' });
    await runBranding(database);
    expect(await nickNames(database)).toEqual([['admin', '张经理'], ['ry', '测试员']]);
    expect(await deptRoot(database)).toMatchObject({ deptName: '星河贸易', leader: '李总' });
    expect(await noticeIds(database)).toEqual([2]);
    expect(await menuFour(database)).toHaveLength(1);
    expect(await params(database)).toEqual([
      { key: 'ai.model.allowPrivateNetwork', value: 'false', type: 'Y' },
      { key: 'sys.import.maxRows', value: '200', type: 'N' },
    ]);
  });
});

/** 0006's data statements (its tables exist already in a test database, created by the same migration). */
const crmData = readFileSync(path.join(MIGRATIONS_DIR, '0006_crm_leads_and_distribution.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => /^(--[^\n]*\n)*(update|with|select|insert)/i.test(statement));

const CRM_MENU_IDS = sql`(${s.sysMenu.menuId} in (2005, 2050, 2051) or ${s.sysMenu.menuId} between 2100 and 2144)`;
const CRM_PARAMS = ['crm.lead.claimDailyCap', 'crm.lead.duplicateWindowHours'];

describe('migration 0006: the 客户 menus, 客服数据 and the lead parameters reach installs seeded before them', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const crmMenus = async () => (await database.db.select({ n: count() }).from(s.sysMenu).where(CRM_MENU_IDS))[0].n;

  it('adds them once, grants them to 普通角色, marks customers with contact details as leads', async () => {
    const seeded = await crmMenus();
    expect(seeded).toBe(30);
    await database.db.delete(s.sysRoleMenu).where(sql`(${s.sysRoleMenu.menuId} in (2005, 2050, 2051) or ${s.sysRoleMenu.menuId} between 2100 and 2144)`);
    await database.db.delete(s.sysMenu).where(CRM_MENU_IDS);
    await database.db.delete(s.sysConfig).where(inArray(s.sysConfig.configKey, CRM_PARAMS));
    const at = new Date();
    const [withPhone, visitor] = await database.db
      .insert(s.crmCustomer)
      .values([
        { phone: '13800138000', source: 'web', firstSeenTime: at, lastSeenTime: at },
        { source: 'web', firstSeenTime: at, lastSeenTime: at },
      ])
      .returning();

    for (const statement of crmData) await database.db.execute(sql.raw(statement));
    for (const statement of crmData) await database.db.execute(sql.raw(statement));

    expect(await crmMenus()).toBe(seeded);
    const [root] = await database.db.select().from(s.sysMenu).where(eq(s.sysMenu.menuId, 2100));
    expect(root).toMatchObject({ menuName: '客户', path: 'crm', menuType: 'M', parentId: 0 });
    const granted = await database.db
      .select({ n: count() })
      .from(s.sysRoleMenu)
      .where(and(eq(s.sysRoleMenu.roleId, 2), sql`(${s.sysRoleMenu.menuId} in (2005, 2050, 2051) or ${s.sysRoleMenu.menuId} between 2100 and 2144)`));
    expect(granted[0].n).toBe(seeded);
    const values = await database.db.select({ key: s.sysConfig.configKey, value: s.sysConfig.configValue }).from(s.sysConfig).where(inArray(s.sysConfig.configKey, CRM_PARAMS));
    expect(values.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'crm.lead.claimDailyCap', value: '20' },
      { key: 'crm.lead.duplicateWindowHours', value: '72' },
    ]);
    const stages = await database.db.select({ id: s.crmCustomer.customerId, stage: s.crmCustomer.stage }).from(s.crmCustomer).where(inArray(s.crmCustomer.customerId, [withPhone.customerId, visitor.customerId]));
    expect(Object.fromEntries(stages.map((r) => [r.id, r.stage]))).toEqual({ [withPhone.customerId]: 'lead', [visitor.customerId]: 'visitor' });
  });
});

/** 0008's data statements (its tables and columns exist already in a test database). */
const synonymData = readFileSync(path.join(MIGRATIONS_DIR, '0008_retrieval_synonyms_unknown.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => /^(--[^\n]*\n)*(update|with|select|insert)/i.test(statement));

const SYNONYM_MENU_IDS = sql`(${s.sysMenu.menuId} = 2006 or ${s.sysMenu.menuId} between 2060 and 2064)`;

describe('migration 0008: the 同义词 menus reach installs seeded before them', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const synonymMenus = async () => (await database.db.select({ n: count() }).from(s.sysMenu).where(SYNONYM_MENU_IDS))[0].n;
  const granted = async () =>
    (
      await database.db
        .select({ n: count() })
        .from(s.sysRoleMenu)
        .where(and(eq(s.sysRoleMenu.roleId, 2), sql`(${s.sysRoleMenu.menuId} = 2006 or ${s.sysRoleMenu.menuId} between 2060 and 2064)`))
    )[0].n;
  const forget = async () => {
    await database.db.delete(s.sysRoleMenu).where(sql`(${s.sysRoleMenu.menuId} = 2006 or ${s.sysRoleMenu.menuId} between 2060 and 2064)`);
    await database.db.delete(s.sysMenu).where(SYNONYM_MENU_IDS);
  };
  const run = async () => {
    for (const statement of synonymData) await database.db.execute(sql.raw(statement));
  };

  it('adds 同义词 and its buttons once under AI客服 and grants them to 普通角色', async () => {
    expect(await synonymMenus()).toBe(6);
    await forget();
    await run();
    await run();
    expect(await synonymMenus()).toBe(6);
    expect(await granted()).toBe(6);
    const [menu] = await database.db.select().from(s.sysMenu).where(eq(s.sysMenu.menuId, 2006));
    expect(menu).toMatchObject({ menuName: '同义词', parentId: 2000, component: 'ai/synonym/index', perms: 'ai:synonym:list' });
  });

  it('leaves an install alone whose own menu took one of the ids', async () => {
    await forget();
    await database.db.insert(s.sysMenu).values({ menuId: 2062, menuName: '自建菜单', menuType: 'M', createBy: 'admin' });
    await run();
    expect(await synonymMenus()).toBe(1);
    expect(await granted()).toBe(0);
  });
});

/** 0009's data statement (its table exists already in a test database). */
const jobsData = readFileSync(path.join(MIGRATIONS_DIR, '0009_jobs.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => /^(--[^\n]*\n)*insert/i.test(statement));

describe('migration 0009: the product jobs reach installs seeded before them', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const productJobs = async () =>
    database.db.select().from(s.sysJob).where(between(s.sysJob.jobId, 4, 7)).orderBy(s.sysJob.jobId);
  const run = async () => {
    for (const statement of jobsData) await database.db.execute(sql.raw(statement));
  };

  it('adds jobs 4–7 once, reclaim and rollup running, the clean-ups paused, as the seed has them', async () => {
    expect(jobsData).toHaveLength(1);
    const seeded = await productJobs();
    await database.db.delete(s.sysJob).where(between(s.sysJob.jobId, 4, 7));
    await run();
    await run();
    const added = await productJobs();
    const shape = (rows: typeof seeded) => rows.map(({ jobId, jobName, jobGroup, invokeTarget, cronExpression, misfirePolicy, concurrent, status }) => ({ jobId, jobName, jobGroup, invokeTarget, cronExpression, misfirePolicy, concurrent, status }));
    expect(shape(added)).toEqual(shape(seeded));
    expect(added.map((j) => j.status)).toEqual(['0', '0', '1', '1']);
  });

  it('leaves a job of the install alone that took one of the ids', async () => {
    await database.db.delete(s.sysJob).where(between(s.sysJob.jobId, 4, 7));
    await database.db.insert(s.sysJob).values({ jobId: 5, jobName: '自建任务', invokeTarget: 'ryTask.ryNoParams', cronExpression: '0 0 1 * * ?' });
    await run();
    const jobs = await productJobs();
    expect(jobs.map((j) => [j.jobId, j.jobName])).toEqual([[4, '线索超时回收'], [5, '自建任务'], [6, '结束空闲会话'], [7, '清理过期日志']]);
  });
});

/** 0010's data statements (its tables exist already in a test database). */
const channelData = readFileSync(path.join(MIGRATIONS_DIR, '0010_channels.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .map((statement) => statement.trim())
  .filter((statement) => /^(--[^\n]*\n)*(with|select|insert)/i.test(statement));

const CHANNEL_MENU_IDS = sql`${s.sysMenu.menuId} between 2200 and 2299`;

describe('migration 0010: the 渠道 menus reach installs seeded before them', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const channelMenus = async () => (await database.db.select({ n: count() }).from(s.sysMenu).where(CHANNEL_MENU_IDS))[0].n;
  const granted = async () =>
    (await database.db.select({ n: count() }).from(s.sysRoleMenu).where(and(eq(s.sysRoleMenu.roleId, 2), sql`${s.sysRoleMenu.menuId} between 2200 and 2299`)))[0].n;
  const forget = async () => {
    await database.db.delete(s.sysRoleMenu).where(sql`${s.sysRoleMenu.menuId} between 2200 and 2299`);
    await database.db.delete(s.sysMenu).where(CHANNEL_MENU_IDS);
  };
  const run = async () => {
    for (const statement of channelData) await database.db.execute(sql.raw(statement));
  };

  it('adds 渠道 with its three screens and their buttons once, as the seed has them, and grants them to 普通角色', async () => {
    const shape = async () =>
      (await database.db.select().from(s.sysMenu).where(CHANNEL_MENU_IDS).orderBy(s.sysMenu.menuId)).map(({ menuId, menuName, parentId, path: p, component, perms, menuType, icon }) => ({
        menuId, menuName, parentId, path: p, component, perms, menuType, icon,
      }));
    const seeded = await shape();
    expect(seeded).toHaveLength(15);
    await forget();
    await run();
    await run();
    expect(await shape()).toEqual(seeded);
    expect(await granted()).toBe(15);
  });

  it('leaves an install alone whose own menu took one of the ids', async () => {
    await forget();
    await database.db.insert(s.sysMenu).values({ menuId: 2201, menuName: '自建菜单', menuType: 'M', createBy: 'admin' });
    await run();
    expect(await channelMenus()).toBe(1);
    expect(await granted()).toBe(0);
  });
});

describe('migration 0010: the Douyin token refresh job reaches installs seeded before it', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  const job8 = async () => database.db.select().from(s.sysJob).where(eq(s.sysJob.jobId, 8));
  const run = async () => {
    for (const statement of channelData) await database.db.execute(sql.raw(statement));
  };

  it('adds job 8 once, enabled, as the seed has it', async () => {
    const shape = (rows: Awaited<ReturnType<typeof job8>>) =>
      rows.map(({ jobId, jobName, jobGroup, invokeTarget, cronExpression, misfirePolicy, concurrent, status }) => ({ jobId, jobName, jobGroup, invokeTarget, cronExpression, misfirePolicy, concurrent, status }));
    const seeded = await job8();
    expect(shape(seeded)).toEqual([
      { jobId: 8, jobName: '抖音令牌刷新', jobGroup: 'SYSTEM', invokeTarget: 'channelTask.refreshDouyinTokens', cronExpression: '0 0/30 * * * ?', misfirePolicy: '2', concurrent: '1', status: '0' },
    ]);
    await database.db.delete(s.sysJob).where(eq(s.sysJob.jobId, 8));
    await run();
    await run();
    expect(shape(await job8())).toEqual(shape(seeded));
  });

  it('leaves a job of the install alone that took the id', async () => {
    await database.db.delete(s.sysJob).where(eq(s.sysJob.jobId, 8));
    await database.db.insert(s.sysJob).values({ jobId: 8, jobName: '自建任务', invokeTarget: 'ryTask.ryNoParams', cronExpression: '0 0 1 * * ?' });
    await run();
    expect((await job8()).map((j) => j.jobName)).toEqual(['自建任务']);
  });
});
