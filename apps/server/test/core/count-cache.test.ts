import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { cachedCount } from '../../src/core/list/count-cache';
import { sysCountVersion, sysDept, sysRoleDept, sysUser } from '../../src/db/schema';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../helpers/db';

const backends: [string, boolean][] = [['PGlite', false], ...(postgresAvailable ? [['PostgreSQL', true] as [string, boolean]] : [])];

describe.each(backends)('cachedCount on %s', (_name, postgres) => {
  let database: TestDatabase;
  const db = () => database.db;
  const count = (where?: SQL) =>
    cachedCount(db(), 'sys_user', db().select({ n: sql<number>`count(*)::int` }).from(sysUser).where(and(eq(sysUser.delFlag, '0'), where)));
  const direct = async (where?: SQL) =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(sysUser).where(and(eq(sysUser.delFlag, '0'), where)))[0]!.n;
  const version = async () =>
    (await db().select().from(sysCountVersion).where(eq(sysCountVersion.name, 'sys_user')))[0]!.version;
  const belowDept = (deptId: number) =>
    inArray(sysUser.deptId, sql`(select dept_id from sys_dept where dept_id = ${deptId} or ${deptId}::text = any(string_to_array(ancestors, ',')))`);
  const customScope = (roleId: number) => inArray(sysUser.deptId, sql`(select dept_id from sys_role_dept where role_id = ${roleId})`);

  beforeAll(async () => {
    database = await createTestDatabase({ postgres });
  });
  afterAll(() => database.close());

  it('follows inserts, soft deletes and status changes of users', async () => {
    const all = await count();
    expect(all).toBe(await direct());
    const [u] = await db().insert(sysUser).values({ userName: 'cc1', nickName: 'cc1', deptId: 105 }).returning();
    expect(await count()).toBe(all + 1);
    const active = await count(eq(sysUser.status, '0'));
    await db().update(sysUser).set({ status: '1' }).where(eq(sysUser.userId, u!.userId));
    expect(await count(eq(sysUser.status, '0'))).toBe(active - 1);
    await db().update(sysUser).set({ delFlag: '2' }).where(eq(sysUser.userId, u!.userId));
    expect(await count()).toBe(all);
  });

  it('follows department moves and custom scope departments', async () => {
    const [d] = await db().insert(sysDept).values({ parentId: 100, ancestors: '0,100', deptName: '计数' }).returning();
    await db().insert(sysUser).values({ userName: 'cc2', nickName: 'cc2', deptId: d!.deptId });
    const under101 = await count(belowDept(101));
    await db().update(sysDept).set({ parentId: 101, ancestors: '0,100,101' }).where(eq(sysDept.deptId, d!.deptId));
    expect(await count(belowDept(101))).toBe(under101 + 1);

    const scoped = await count(customScope(2));
    await db().insert(sysRoleDept).values({ roleId: 2, deptId: d!.deptId });
    expect(await count(customScope(2))).toBe(scoped + 1);
    expect(await count(customScope(2))).toBe(await direct(customScope(2)));
  });

  it('is not invalidated by login bookkeeping', async () => {
    const before = await version();
    await db().update(sysUser).set({ loginIp: '127.0.0.1', loginDate: new Date() }).where(eq(sysUser.userId, 1));
    expect(await version()).toBe(before);
  });

  it('never serves a count from another database', async () => {
    const other = await createTestDatabase();
    try {
      await db().insert(sysUser).values({ userName: 'cc3', nickName: 'cc3', deptId: 103 });
      await count();
      const otherCount = await cachedCount(
        other.db,
        'sys_user',
        other.db.select({ n: sql<number>`count(*)::int` }).from(sysUser).where(eq(sysUser.delFlag, '0')),
      );
      expect(otherCount).toBe(
        (await other.db.select({ n: sql<number>`count(*)::int` }).from(sysUser).where(eq(sysUser.delFlag, '0')))[0]!.n,
      );
      expect(otherCount).not.toBe(await count());
    } finally {
      await other.close();
    }
  });
});
