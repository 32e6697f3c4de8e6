import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sysUser } from '../../src/db/schema';
import { containsHtml, isXssCovered, noHtml, sanitizeHtml } from '../../src/core/xss';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { call } from './support';

describe('sanitizeHtml', () => {
  it('removes tags and comments, escapes stray brackets and trims', () => {
    expect(sanitizeHtml('  <script>alert(1)</script>Tom ')).toBe('alert(1)Tom');
    expect(sanitizeHtml('<img src=x onerror=alert(1)>hi')).toBe('hi');
    expect(sanitizeHtml('a <!-- c --> b')).toBe('a  b');
    expect(sanitizeHtml('1 < 2 > 0')).toBe('1 &lt; 2 &gt; 0');
    expect(sanitizeHtml('"quoted" & plain')).toBe('"quoted" & plain');
  });
});

describe('noHtml', () => {
  const schema = z.string().check(noHtml('用户昵称不能包含脚本字符'));
  it('rejects tag-like values and lets blank and plain ones pass', () => {
    expect(containsHtml('<b>x</b>')).toBe(true);
    expect(containsHtml('<br />')).toBe(true);
    expect(schema.safeParse('<a href=x>y</a>').error?.issues[0].message).toBe('用户昵称不能包含脚本字符');
    expect(schema.safeParse('普通昵称').success).toBe(true);
    expect(schema.safeParse('   ').success).toBe(true);
  });
});

describe('isXssCovered', () => {
  const covered = (method: string, url: string) => isXssCovered('/prod-api', { method, url });
  it('covers writes under /system, /monitor and /tool except notices', () => {
    expect(covered('PUT', '/prod-api/system/user/profile')).toBe(true);
    expect(covered('POST', '/prod-api/monitor/job?x=1')).toBe(true);
    expect(covered('POST', '/prod-api/tool/gen/importTable')).toBe(true);
    expect(covered('GET', '/prod-api/system/user/list')).toBe(false);
    expect(covered('DELETE', '/prod-api/system/user/1')).toBe(false);
    expect(covered('POST', '/prod-api/system/notice')).toBe(false);
    expect(covered('POST', '/prod-api/login')).toBe(false);
  });
});

describe('XSS filter on requests', () => {
  let t: TestApp;
  let ry: LoggedIn;
  beforeAll(async () => {
    t = await createTestApp();
    ry = await loginAs(t.app, 'ry', 'admin123');
  });

  it('sanitizes string leaves of JSON bodies before they are validated and stored', async () => {
    const body = await call(t.app, {
      method: 'PUT',
      url: '/prod-api/system/user/profile',
      payload: { nickName: ' <script>alert(1)</script>小明 ', email: '', phonenumber: '', sex: '1' },
      headers: ry.headers,
    });
    expect(body.code).toBe(200);
    const [row] = await t.deps.database.db.select().from(sysUser).where(eq(sysUser.userId, 2));
    expect(row.nickName).toBe('alert(1)小明');
  });
});
