import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildWorkbook, readSheet } from '../../src/core/list';
import { CacheKey } from '../../src/core/cache-keys';
import { sysConfig } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../helpers/app';
import { loginAs, type LoggedIn } from '../helpers/login';
import { call, multipart } from '../common/support';
import { API, createAgent } from '../ai/agent/support';
import { manyEntries, rowXml, xlsxOfSheetXml, xlsxWithSheet, zipBomb } from './xlsx-files';

const BOMB = '文件解压后过大，可能是压缩炸弹，已拒绝导入';
const INVALID = '文件不是有效的Excel文件';
const MB = 1024 * 1024;
const USER_COLUMNS = ['部门编号', '登录名称', '用户名称', '用户邮箱', '手机号码', '用户性别', '账号状态'];

let t: TestApp;
let admin: LoggedIn;
let agentId: number;
/** Built once: the 1 GB one takes a second of CRC. */
let bomb: Buffer;
let lyingBomb: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  agentId = await createAgent(t, admin, { name: '导入客服' });
  bomb = zipBomb();
  lyingBomb = zipBomb({ lying: true });
});

const endpoints = [
  ['/system/user/importData', () => '/system/user/importData'],
  ['/ai/agent/{id}/knowledge/importData', () => `/ai/agent/${agentId}/knowledge/importData`],
] as const;

async function upload(path: string, data: Buffer, filename = 'data.xlsx') {
  const form = await multipart([{ field: 'file', filename, data }]);
  return call(t.app, { method: 'POST', url: `${API}${path}`, headers: { ...admin.headers, ...form.headers }, payload: form.payload });
}

const userSheet = (rows: number) =>
  buildWorkbook(
    '用户数据',
    USER_COLUMNS.map((header, i) => ({ header, value: (n: number) => [105, `u${n}`, `用户${n}`, '', '', '男', '正常'][i] })),
    Array.from({ length: rows }, (_, n) => n),
  );

async function setMaxRows(value: string) {
  await t.deps.database.db.update(sysConfig).set({ configValue: value }).where(eq(sysConfig.configKey, 'sys.import.maxRows'));
  await t.deps.kv.del(CacheKey.SYS_CONFIG + 'sys.import.maxRows');
}

describe.each(endpoints)('POST %s', (_name, path) => {
  it('refuses a 1 MB file whose sheet inflates to 1 GB, from its declared sizes', async () => {
    expect(await upload(path(), bomb)).toEqual({ code: 500, msg: BOMB });
  });

  it('refuses a bomb that declares small sizes once inflating passes them', async () => {
    expect(await upload(path(), lyingBomb)).toEqual({ code: 500, msg: BOMB });
  });

  it('refuses an archive of more entries than a workbook has', async () => {
    expect(await upload(path(), manyEntries(1001))).toEqual({ code: 500, msg: BOMB });
  });

  it.each([
    ['a truncated workbook', async () => (await userSheet(3)).subarray(0, 3000)],
    ['a workbook with corrupt compressed data', async () => corrupt(xlsxWithSheet([{ data: rowXml(['登录名称']) }, { data: rowXml(['zhang']), times: 50 }]))],
    ['random bytes', async () => randomBytes(8192)],
    ['a text file named .xlsx', async () => Buffer.from('登录名称,用户名称\nzhang,张三\n')],
    ['a ZIP that is not a workbook', async () => manyEntries(2)],
    ['a sheet of broken XML', async () => xlsxWithSheet([{ data: '<row><c t="inlineStr"><is><t>x</is></c>' }])],
  ])('says %s is not a valid Excel file', async (_what, file) => {
    expect(await upload(path(), await file())).toEqual({ code: 500, msg: INVALID });
  });

  it('refuses a legacy .xls file with what to do instead', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    expect(await upload(path(), ole2, 'data.xls')).toEqual({ code: 500, msg: '不支持旧版Excel（.xls）文件，请另存为.xlsx后导入' });
  });

  it('refuses 5,001 rows by default', async () => {
    expect(await upload(path(), await userSheet(5001))).toEqual({ code: 500, msg: '导入数据不能超过5000行' });
  });
});

/** Overwrites the end of the last entry's compressed bytes (the sheet's, in xlsxWithSheet's files). */
function corrupt(file: Buffer): Buffer {
  const copy = Buffer.from(file);
  const directoryOffset = copy.readUInt32LE(copy.length - 22 + 16);
  copy.fill(0xff, directoryOffset - 40, directoryOffset);
  return copy;
}

describe('the row limit', () => {
  it('follows sys.import.maxRows and falls back to 5000 when it is not a positive integer', async () => {
    await setMaxRows('2');
    expect(await upload('/system/user/importData', await userSheet(3))).toEqual({ code: 500, msg: '导入数据不能超过2行' });
    await setMaxRows('abc');
    expect(await upload('/system/user/importData', await userSheet(5001))).toEqual({ code: 500, msg: '导入数据不能超过5000行' });
    await setMaxRows('5000');
  });

  it('stops reading at the first row past the limit', async () => {
    await setMaxRows('3');
    // Whatever follows the fourth data row is never parsed: here an unterminated, broken sheet.
    const sheet = xlsxWithSheet([{ data: rowXml(['问题', '答案']) }, { data: rowXml(['问', '答']), times: 4 }, { data: '<row><c><<<' }], { close: false });
    expect(await upload(`/ai/agent/${agentId}/knowledge/importData`, sheet)).toEqual({ code: 500, msg: '导入数据不能超过3行' });
    await setMaxRows('5000');
  });

  it('does not count blank rows', async () => {
    const sheet = xlsxWithSheet([{ data: rowXml(['问题', '答案']) }, { data: rowXml(['', ' ']), times: 6000 }, { data: rowXml(['运费', '包邮']) }]);
    expect(await upload(`/ai/agent/${agentId}/knowledge/importData`, sheet)).toMatchObject({ code: 200 });
  });
});

describe('four bombs at once', () => {
  it('are all refused, the server still answers and its heap is back where it was', async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    const heapUsed = () => {
      gc?.();
      return process.memoryUsage().heapUsed;
    };
    const bombs = [bomb, lyingBomb];
    await upload(endpoints[0][1](), bomb);
    const before = heapUsed();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) => upload(endpoints[i % 2][1](), bombs[Math.floor(i / 2)])),
    );
    clearInterval(sampler);
    expect(answers).toEqual(Array(4).fill({ code: 500, msg: BOMB }));
    expect(await call(t.app, { method: 'GET', url: `${API}/getInfo`, headers: admin.headers })).toMatchObject({ code: 200 });
    expect(peak - before).toBeLessThan(100 * MB);
    expect(heapUsed() - before).toBeLessThan(50 * MB);
  });
});

describe('readSheet', () => {
  it('reads shared strings, inline strings, numbers and booleans by column title, keeping Chinese whole across chunks', async () => {
    const long = '退货政策说明'.repeat(20_000);
    const file = await buildWorkbook(
      'S',
      ['问题', '答案', '数量'].map((header, i) => ({ header, value: (r: (string | number)[]) => r[i] })),
      [['运费', long, 3], ['发货', '48小时', 13900000001]],
    );
    expect(await readSheet(file)).toEqual([
      { 问题: '运费', 答案: long, 数量: '3' },
      { 问题: '发货', 答案: '48小时', 数量: '13900000001' },
    ]);
    const inline = xlsxWithSheet([
      { data: '<row r="1"><c r="B1" t="inlineStr"><is><t>标题</t></is></c></row>' },
      { data: '<row r="3"><c r="A3" t="s"><v>0</v></c><c r="B3" t="b"><v>1</v></c></row>' },
    ]);
    expect(await readSheet(inline)).toEqual([{ 标题: 'true' }]);
  });

  it('reads sizes from the zip64 extra field and holds them to the same limits', async () => {
    const rows = [{ data: rowXml(['问题']) }, { data: rowXml(['运费']) }];
    expect(await readSheet(xlsxWithSheet(rows, { zip64: true }))).toEqual([{ 问题: '运费' }]);
    const huge = xlsxWithSheet([...rows, { data: ' '.repeat(1024 * 1024), times: 200 }], { zip64: true, declaredSheetSize: 5 * 1024 ** 3 });
    await expect(readSheet(huge)).rejects.toThrow(BOMB);
  });

  it('tells a sheet a little larger than declared (corrupt) from one that keeps inflating (a bomb)', async () => {
    const rows = [{ data: rowXml(['问题']) }, { data: rowXml(['运费']), times: 100 }];
    await expect(readSheet(xlsxWithSheet(rows, { declaredSheetSize: 1000 }))).rejects.toThrow(INVALID);
    await expect(readSheet(lyingBomb)).rejects.toThrow(BOMB);
  });

  it('accepts exactly the row limit', async () => {
    const file = xlsxWithSheet([{ data: rowXml(['问题']) }, { data: rowXml(['问']), times: 3 }]);
    expect(await readSheet(file, { maxRows: 3 })).toHaveLength(3);
    await expect(readSheet(file, { maxRows: 2 })).rejects.toThrow('导入数据不能超过2行');
  });

  it('refuses a DOCTYPE, so no entity can expand', async () => {
    const laughs = xlsxOfSheetXml([
      {
        data:
          '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
          '<worksheet><sheetData><row><c t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>',
      },
    ]);
    await expect(readSheet(laughs)).rejects.toThrow(INVALID);
  });
});
