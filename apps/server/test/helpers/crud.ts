import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { readSheet, XLSX_MIME } from '../../src/core/list';
import { sysUser } from '../../src/db/schema';
import { SEED_PASSWORD_HASH } from '../../src/db/seed';
import type { TestApp } from './app';
import { loginAs, type LoggedIn } from './login';

/** A signed-in user with no role, hence no permission at all (password admin123). */
export async function userWithoutRoles(t: TestApp, userName: string): Promise<LoggedIn> {
  await t.deps.database.db.insert(sysUser).values({ userName, nickName: userName, deptId: 103, password: SEED_PASSWORD_HASH });
  return loginAs(t.app, userName, 'admin123');
}

/**
 * POSTs an export the way the client does (form-encoded filters), checks that an xlsx came back and
 * returns its header row and rows keyed by header title.
 */
export async function exportSheet(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  filters: Record<string, string> = {},
): Promise<{ header: string[]; rows: Record<string, string>[] }> {
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(filters).toString(),
  });
  expect(res.headers['content-type']).toContain(XLSX_MIME);
  const rows = await readSheet(res.rawPayload);
  const ExcelJS = (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  // exceljs' typings predate Node's generic Buffer; the bytes are what it expects.
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const header: string[] = [];
  wb.worksheets[0].getRow(1).eachCell((c) => header.push(String(c.text)));
  return { header, rows };
}
