import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { normalizeStatement, StatementTimings } from '../../src/db/client';
import type { DbActivity, DbOverview, DbStatements, TableRow } from '../../src/modules/monitor/druid/schema';
import { maskLiterals } from '../../src/modules/monitor/druid/service';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { userWithoutRoles } from '../helpers/crud';
import { postgresAvailable } from '../helpers/db';
import { call } from '../common/support';

const API = '/prod-api';

function suite(opts: TestAppOptions) {
  let t: TestApp;
  let admin: LoggedIn;
  let nobody: LoggedIn;
  const get = <T>(url: string, who: LoggedIn = admin) => call<{ data?: T }>(t.app, { method: 'GET', url: API + url, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp(opts);
    admin = await loginAs(t.app, 'admin', 'admin123');
    nobody = await userWithoutRoles(t, 'nodruid');
  });

  it('describes the database: kind, version, size and the pool or the embedded engine', async () => {
    const body = await get<DbOverview>('/monitor/druid/overview');
    expect(body).toMatchObject({ code: 200, msg: '操作成功' });
    const data = body.data!;
    expect(data.kind).toBe(opts.postgres ? 'postgres' : 'pglite');
    expect(data.version).toMatch(/^PostgreSQL \d+/);
    expect(data.sizeBytes).toBeGreaterThan(0);
    expect(data.maxConnections).toBeGreaterThan(0);
    expect(data.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    if (opts.postgres) {
      expect(data.pool).toMatchObject({ max: 20 });
      expect(data.pool!.total).toBeGreaterThanOrEqual(data.pool!.idle);
      expect(data.pglite).toBeNull();
      expect(data.database).toMatch(/^acs_test_/);
    } else {
      expect(data.pool).toBeNull();
      expect(data.pglite).toMatchObject({ ready: true, closed: false });
    }
    expect(['pg_stat_statements', 'app']).toContain(data.statementSource);
  });

  it('shows the connections of the app database by state, without this request', async () => {
    const body = await get<DbActivity>('/monitor/druid/activity');
    const data = body.data!;
    expect(body.code).toBe(200);
    expect(Array.isArray(data.states)).toBe(true);
    for (const q of data.queries) {
      expect(q.state).not.toBe('idle');
      expect(q.query).not.toContain('pg_stat_activity');
    }
  });

  it('ranks statements by total, mean, max time or calls, with the app timings as fallback', async () => {
    await t.deps.database.db.execute(sql`select pg_sleep(0.05)`);
    const data = (await get<DbStatements>('/monitor/druid/statements?orderBy=max&limit=100')).data!;
    const max = data.rows.map((r) => r.maxMs);
    expect(max).toEqual([...max].sort((a, b) => b - a));
    if (data.source === 'app') {
      expect(data.rows.find((r) => r.query.includes('pg_sleep'))?.maxMs).toBeGreaterThanOrEqual(45);
      expect(data.since).toMatch(/^\d{4}-\d{2}-\d{2} /);
    }
    expect((await get<DbStatements>('/monitor/druid/statements?orderBy=max&limit=3')).data!.rows).toHaveLength(3);
    for (const r of data.rows) expect(r.meanMs).toBeCloseTo(r.totalMs / r.calls, 1);

    const byCalls = (await get<DbStatements>('/monitor/druid/statements?orderBy=calls')).data!.rows.map((r) => r.calls);
    expect(byCalls).toEqual([...byCalls].sort((a, b) => b - a));
    expect(byCalls.length).toBeLessThanOrEqual(20);
  });

  it.each([
    ['orderBy=rows', '排序方式只能是 total、mean、max 或 calls'],
    ['limit=0', '条数不能小于1'],
    ['limit=101', '条数不能超过100'],
    ['limit=abc', '条数必须是数字'],
  ])('refuses statements?%s', async (query, msg) => {
    expect(await get(`/monitor/druid/statements?${query}`)).toEqual({ code: 500, msg });
  });

  it('lists the tables with row estimates and sizes, largest first', async () => {
    const rows = (await get<TableRow[]>('/monitor/druid/tables')).data!;
    const user = rows.find((r) => r.tableName === 'sys_user');
    expect(user).toMatchObject({ schemaName: 'public' });
    expect(user!.totalBytes).toBeGreaterThanOrEqual(user!.tableBytes);
    expect(user!.indexBytes).toBeGreaterThan(0);
    expect(rows.every((r) => !r.schemaName.startsWith('pg_') && r.schemaName !== 'information_schema')).toBe(true);
    const sizes = rows.map((r) => r.totalBytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it('estimates rows once a table is analysed, and never shows a filled table as empty', async () => {
    const before = (await get<TableRow[]>('/monitor/druid/tables')).data!.find((r) => r.tableName === 'sys_user')!;
    // Before ANALYZE an estimate may be stale or missing, but a table with rows is never shown as empty.
    expect(before.rowEstimate).not.toBe(0);
    await t.deps.database.db.execute(sql`analyze sys_user`);
    const after = (await get<TableRow[]>('/monitor/druid/tables')).data!.find((r) => r.tableName === 'sys_user')!;
    expect(after.rowEstimate).toBeGreaterThanOrEqual(2);
    expect(after.lastAnalyze).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses every endpoint to a user without monitor:druid:list', async () => {
    for (const path of ['overview', 'activity', 'statements', 'tables']) {
      expect(await get(`/monitor/druid/${path}`, nobody)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    }
  });
}

describe('数据监控 (PGlite)', () => suite({}));
describe.runIf(postgresAvailable)('数据监控 (PostgreSQL)', () => suite({ postgres: true }));

describe('statement timings', () => {
  it('counts one statement shape however long its placeholder list, and stays bounded', () => {
    const timings = new StatementTimings(3);
    timings.record('select * from t where id in ($1, $2)', 2, 2);
    timings.record('select * from t where id in ($1, $2, $3)', 4, 3);
    expect(timings.all()).toEqual([{ query: 'select * from t where id in ($…)', calls: 2, totalMs: 6, maxMs: 4, rows: 5 }]);
    expect(normalizeStatement('insert into t (a, b, c) values ($1, default, $2), ($3, default, $4) returning id')).toBe(
      'insert into t (a, b, c) values ($n, default, $n), … returning id',
    );
    timings.record('select 2', 1, 1);
    timings.record('select 3', 9, 1);
    timings.record('select 4', 5, 1);
    expect(timings.all().map((s) => s.query)).toEqual(['select * from t where id in ($…)', 'select 3', 'select 4']);
  });

  it('masks quoted literals of statements it shows', () => {
    expect(maskLiterals("alter role app password 'it''s secret' valid until 'infinity'")).toBe("alter role app password '…' valid until '…'");
  });
});
