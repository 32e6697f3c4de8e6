import { describe, expect, it } from 'vitest';
import { and, count, sql } from 'drizzle-orm';
import { sysUser } from '../../src/db/schema';
import { buildWorkbook, dayRange, idList, likePattern, orderBy, paged, queryBool, readSheet, timeRange } from '../../src/core/list';
import { ServiceError } from '../../src/core/errors';
import { createTestDatabase } from '../helpers/db';

describe('list query parsing', () => {
  it('reads booleans the way clients send them', () => {
    for (const v of ['true', '1', 'on', 'yes', 'TRUE']) expect(queryBool.parse(v)).toBe(true);
    for (const v of ['false', '0', 'off', 'no', '']) expect(queryBool.parse(v)).toBe(false);
    expect(queryBool.safeParse('maybe').success).toBe(false);
  });

  it('reads id lists as comma-joined text or repeated keys', () => {
    expect(idList.parse('1,2, 3')).toEqual([1, 2, 3]);
    expect(idList.parse(['4', '5,6'])).toEqual([4, 5, 6]);
    expect(idList.safeParse('1,x').success).toBe(false);
    expect(idList.safeParse('').success).toBe(false);
  });

  it('escapes LIKE wildcards', () => {
    expect(likePattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });
});

describe('paging and sorting', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);
  const page = (pageNum?: number, pageSize?: number) =>
    paged({ pageNum, pageSize }, async () => rows.length, async (limit, offset) => rows.slice(offset, offset + limit));

  it('defaults to page 1 of 10 and returns the total', async () => {
    expect(await page()).toEqual({ rows: rows.slice(0, 10), total: 23 });
  });

  it('clamps a page past the end to the last page', async () => {
    expect((await page(9, 10)).rows).toEqual([21, 22, 23]);
  });

  it('does not read rows when nothing matches', async () => {
    let read = false;
    const res = await paged({}, async () => 0, async () => {
      read = true;
      return [];
    });
    expect(res).toEqual({ rows: [], total: 0 });
    expect(read).toBe(false);
  });

  it('sorts only by whitelisted columns', () => {
    const fallback = [sql`1`];
    expect(orderBy({}, { userName: sysUser.userName }, fallback)).toBe(fallback);
    expect(orderBy({ orderByColumn: 'userName', isAsc: 'descending' }, { userName: sysUser.userName }, fallback)).toHaveLength(2);
    expect(() => orderBy({ orderByColumn: 'password' }, { userName: sysUser.userName }, fallback)).toThrow(ServiceError);
  });
});

describe('date ranges on PostgreSQL', () => {
  it('compares created time by GMT+8 day, and log times exactly', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    // 2026-03-01 23:30 in GMT+8 is still 2026-03-01 15:30 UTC: the day is the Chinese one.
    await db.insert(sysUser).values([
      { userName: 'late', nickName: 'late', createTime: new Date('2026-03-01T15:30:00Z') },
      { userName: 'next', nickName: 'next', createTime: new Date('2026-03-01T16:30:00Z') },
    ]);
    const countIn = async (conds: ReturnType<typeof dayRange>) =>
      (await db.select({ n: count() }).from(sysUser).where(and(...conds)))[0].n;
    expect(await countIn(dayRange(sysUser.createTime, { 'params[beginTime]': '2026-03-01', 'params[endTime]': '2026-03-01' }))).toBe(1);
    expect(await countIn(dayRange(sysUser.createTime, { 'params[beginTime]': '2026-03-02', 'params[endTime]': '2026-03-02' }))).toBe(1);
    expect(await countIn(timeRange(sysUser.createTime, { 'params[beginTime]': '2026-03-01 23:00:00', 'params[endTime]': '2026-03-02 00:00:00' }))).toBe(1);
    await database.close();
  });
});

describe('excel', () => {
  it('writes a bold header row with converted dict and date cells, and reads it back by title', async () => {
    const data = await buildWorkbook(
      '用户数据',
      [
        { header: '登录名称', value: (r: { name: string }) => r.name },
        { header: '用户性别', value: () => '1', dict: { '0': '男', '1': '女' } },
        { header: '创建时间', value: () => new Date('2026-01-01T00:00:00Z') },
      ],
      [{ name: 'zhang' }],
    );
    expect(await readSheet(data)).toEqual([{ 登录名称: 'zhang', 用户性别: '女', 创建时间: '2026-01-01 08:00:00' }]);
  });
});
