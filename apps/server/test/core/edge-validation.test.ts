import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { buildApp } from '../../src/app';
import { loggerOptions } from '../../src/infra/logger';
import { isWireDateTime } from '../../src/core/time';
import { loggableMessage } from '../../src/core/error-log';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';

const API = '/prod-api';
const SECRET_VALUE = 'leaked-value-7d41c9';

let t: TestApp;
let app: FastifyInstance;
let admin: LoggedIn;
let lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const capture = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp(t.deps, { logger: loggerOptions('info', capture) });
  // A route whose query fails in the database with a value bound as a parameter.
  app.get('/test/failing-query', async () => t.deps.database.db.execute(sql`select ${SECRET_VALUE}::date`));
  await app.ready();
  admin = await loginAs(app, 'admin', 'admin123');
  return () => app.close();
});

const errorLines = () => lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);

async function get(url: string) {
  const res = await app.inject({ method: 'GET', url: `${API}${url}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ code: number; msg: string }>();
}

describe('bad input stops at the edge (issue 8 item 7)', () => {
  it('refuses a NUL byte in a query, path, form or JSON value without logging an error', async () => {
    lines = [];
    expect(await get('/system/user/list?userName=a%00b')).toEqual({ code: 500, msg: '请求参数包含非法字符' });
    expect(await get('/system/config/configKey/sys.index%00')).toEqual({ code: 500, msg: '请求参数包含非法字符' });
    const json = await app.inject({
      method: 'PUT',
      url: `${API}/system/user/profile`,
      headers: admin.headers,
      payload: { nickName: 'a\u0000b', email: '', phonenumber: '', sex: '0' },
    });
    expect(json.json()).toEqual({ code: 500, msg: '请求参数包含非法字符' });
    const nestedKey = await app.inject({ method: 'POST', url: `${API}/chat/session`, payload: { tags: [{ 'k\u0000': 1 }] } });
    expect(nestedKey.json()).toEqual({ code: 500, msg: '请求参数包含非法字符' });
    expect(errorLines()).toEqual([]);
  });

  it('refuses impossible dates in the list range with a clear message', async () => {
    lines = [];
    expect(await get('/system/user/list?params%5BbeginTime%5D=9999-99-99')).toEqual({ code: 500, msg: '开始时间格式不正确' });
    expect(await get('/system/config/list?params%5BendTime%5D=2020-13-45')).toEqual({ code: 500, msg: '结束时间格式不正确' });
    expect(await get('/system/dict/type/list?params%5BbeginTime%5D=2023-02-29')).toEqual({ code: 500, msg: '开始时间格式不正确' });
    expect((await get('/system/user/list?params%5BbeginTime%5D=2024-02-29&params%5BendTime%5D=')).code).toBe(200);
    expect((await get('/system/role/list?params%5BbeginTime%5D=2024-01-01%2000:00:00&params%5BendTime%5D=2024-12-31%2023:59:59')).code).toBe(200);
    expect(errorLines()).toEqual([]);
  });

  it('sorts only by known columns, whatever the object prototype holds', async () => {
    lines = [];
    for (const column of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await get(`/system/post/list?orderByColumn=${column}`)).toEqual({ code: 500, msg: '参数不符合规范，不能进行查询' });
    }
    expect((await get('/system/post/list?orderByColumn=postSort&isAsc=desc')).code).toBe(200);
    expect(errorLines()).toEqual([]);
  });

  it('logs a failed query without its parameter values', async () => {
    lines = [];
    const res = await app.inject({ method: 'GET', url: '/test/failing-query' });
    expect(res.json()).toEqual({ code: 500, msg: '系统内部错误，请联系管理员' });
    const logged = errorLines().join('\n');
    expect(logged).toContain('22007');
    expect(logged).toContain('select $1::date');
    expect(logged).not.toContain(SECRET_VALUE);
  });
});

describe('loggableMessage', () => {
  it('keeps the SQL and the database message of a failed query, not its values', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type date: "${SECRET_VALUE}"`), { code: '22007', severity: 'ERROR' });
    const err = new DrizzleQueryError('select $1::date', [SECRET_VALUE], cause);
    expect(loggableMessage(err)).toBe('Failed query: select $1::date: invalid input syntax for type date: "…"');
    expect(loggableMessage(new Error('plain'))).toBe('plain');
  });
});

describe('isWireDateTime', () => {
  it('accepts real calendar days with an optional time of day', () => {
    for (const ok of ['2024-02-29', '2026-01-31 23:59:59', '2026-01-01T00:00', '0001-01-01']) expect(isWireDateTime(ok)).toBe(true);
    for (const bad of ['9999-99-99', '2020-13-45', '2023-02-29', '0000-01-01', '2026-01-01 24:00:00', '2026-1-1', '2026-01-01x', 'yesterday']) {
      expect(isWireDateTime(bad)).toBe(false);
    }
  });
});
