import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, gte, sql } from 'drizzle-orm';
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
