import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import type { TestApp } from '../../helpers/app';
import type { LoggedIn } from '../../helpers/login';
import { loadConfig } from '../../../src/config';
import { WRITABLE_ROOTS, writeFiles } from '../../../src/modules/tool/gen/output';
import { API, CUSTOMER_DDL, ddl, gen, startGen, tableIdOf, type GenColumn, type GenTable } from './support';

const CUSTOMER_FILES = [
  'apps/server/src/modules/biz/customer/table.ts',
  'apps/server/src/modules/biz/customer/schema.ts',
  'apps/server/src/modules/biz/customer/repository.ts',
  'apps/server/src/modules/biz/customer/service.ts',
  'apps/server/src/modules/biz/customer/routes.ts',
  'apps/server/src/modules/biz/customer/customer.test.ts',
  'apps/server/src/modules/biz/customer/migration.sql',
  'apps/web/src/api/biz/customer.ts',
  'apps/web/src/pages/biz/customer/index.tsx',
];

const PREVIEW_KEYS = [
  'vm/server/table.ts.vm',
  'vm/server/schema.ts.vm',
  'vm/server/repository.ts.vm',
  'vm/server/service.ts.vm',
  'vm/server/routes.ts.vm',
  'vm/server/api.test.ts.vm',
  'vm/sql/sql.vm',
  'vm/web/api.ts.vm',
  'vm/web/index.tsx.vm',
];

/** A repository root holding only the folders generated code may go to. */
async function tempRepo(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'acs-gen-root-'));
  for (const dir of WRITABLE_ROOTS) await mkdir(path.join(root, dir), { recursive: true });
  return root;
}

async function importSamples(t: TestApp, admin: LoggedIn) {
  await ddl(t, CUSTOMER_DDL);
  await gen(t, admin)('POST', '/tool/gen/importTable?tables=biz_customer,biz_region');
}

describe('代码生成 preview and zip downloads', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let req: ReturnType<typeof gen>;
  beforeAll(async () => {
    ({ t, admin, req } = await startGen());
    await importSamples(t, admin);
  });

  const download = (url: string) => t.app.inject({ method: 'GET', url: API + url, headers: admin.headers });

  it('previews every file under its RuoYi-shaped vm/ key', async () => {
    const id = await tableIdOf(t, admin, 'biz_customer');
    const preview = await req('GET', `/tool/gen/preview/${id}`);
    expect(preview.code).toBe(200);
    const data = preview.data as Record<string, string>;
    expect(Object.keys(data).sort()).toEqual([...PREVIEW_KEYS].sort());
    expect(data['vm/server/table.ts.vm']).toContain('biz_customer');
    expect(await req('GET', '/tool/gen/preview/99999')).toEqual({ code: 200, msg: '操作成功' });
  });

  it('adds the detail page when genView is on, and renders tree and master-detail tables', async () => {
    const regionId = await tableIdOf(t, admin, 'biz_region');
    const region = (await req('GET', `/tool/gen/${regionId}`)).data as { info: GenTable; rows: GenColumn[] };
    const params = { treeCode: 'region_id', treeParentCode: 'parent_id', treeName: 'region_name', genView: '1' };
    expect(await req('PUT', '/tool/gen', { ...region.info, tableComment: '地区', tplCategory: 'tree', columns: region.rows, params })).toEqual({ code: 200, msg: '操作成功' });
    const tree = (await req('GET', `/tool/gen/preview/${regionId}`)).data as Record<string, string>;
    expect(Object.keys(tree)).toContain('vm/web/view.tsx.vm');

    const customerId = await tableIdOf(t, admin, 'biz_customer');
    const customer = (await req('GET', `/tool/gen/${customerId}`)).data as { info: GenTable; rows: GenColumn[] };
    const sub = { ...customer.info, tplCategory: 'sub', subTableName: 'biz_region', subTableFkName: 'parent_id', columns: customer.rows };
    expect((await req('PUT', '/tool/gen', sub)).code).toBe(200);
    const master = (await req('GET', `/tool/gen/preview/${customerId}`)).data as Record<string, string>;
    expect(master['vm/server/table.ts.vm']).toContain('biz_region');
    expect((await req('PUT', '/tool/gen', { ...sub, tplCategory: 'crud' })).code).toBe(200);
  });

  it('downloads one table as ruoyi.zip whose entries are repository paths', async () => {
    const res = await download('/tool/gen/download/biz_customer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ruoyi.zip"');
    expect(res.headers['access-control-expose-headers']).toBe('Content-Disposition');
    expect(res.headers['content-type']).toBe('application/octet-stream; charset=UTF-8');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([...CUSTOMER_FILES].sort());
    expect(strFromU8(entries['apps/server/src/modules/biz/customer/routes.ts'])).toContain('customerRoutes');
  });

  it('downloads several tables in one zip and refuses tables that are not imported', async () => {
    const res = await download('/tool/gen/batchGenCode?tables=biz_customer,biz_region');
    const names = Object.keys(unzipSync(new Uint8Array(res.rawPayload)));
    expect(names).toEqual(expect.arrayContaining([...CUSTOMER_FILES, 'apps/server/src/modules/biz/region/routes.ts', 'apps/web/src/pages/biz/region/components/Detail.tsx']));
    expect((await download('/tool/gen/batchGenCode?tables=biz_customer,sys_user')).json()).toEqual({ code: 500, msg: '表sys_user未导入' });
    expect((await download('/tool/gen/batchGenCode?tables=')).json()).toEqual({ code: 500, msg: '请选择要生成的数据' });
    expect((await download('/tool/gen/download/..%2Fetc')).json()).toEqual({ code: 500, msg: '表名只能包含小写字母、数字和下划线' });
  });

  it('refuses to write into the source tree while GEN_WRITE_TO_TREE is off', async () => {
    expect(await req('GET', '/tool/gen/settings')).toEqual({ code: 200, msg: '操作成功', data: { writeToTree: false } });
    expect(await req('GET', '/tool/gen/genCode/biz_customer')).toEqual({ code: 500, msg: '【系统预设】不允许生成文件覆盖到本地' });
  });
});

describe('代码生成 genCode into the source tree', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let req: ReturnType<typeof gen>;
  let root: string;
  beforeAll(async () => {
    root = await tempRepo();
    ({ t, admin, req } = await startGen({ config: { genWriteToTree: true, genRoot: root } }));
    await importSamples(t, admin);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes the files, then answers 601 with the existing ones until overwrite=true', async () => {
    expect(await req('GET', '/tool/gen/settings')).toMatchObject({ data: { writeToTree: true } });
    const first = await req('GET', '/tool/gen/genCode/biz_customer');
    expect(first).toMatchObject({ code: 200, data: { written: expect.arrayContaining(CUSTOMER_FILES) } });
    const routesFile = path.join(root, 'apps/server/src/modules/biz/customer/routes.ts');
    expect(await readFile(routesFile, 'utf8')).toContain('customerRoutes');

    await writeFile(routesFile, '// edited by hand');
    const again = await req('GET', '/tool/gen/genCode/biz_customer');
    expect(again.code).toBe(601);
    expect(again.msg).toContain('apps/server/src/modules/biz/customer/routes.ts');
    expect((again.data as { existing: string[] }).existing.sort()).toEqual([...CUSTOMER_FILES].sort());
    expect(await readFile(routesFile, 'utf8')).toBe('// edited by hand');

    expect((await req('GET', '/tool/gen/genCode/biz_customer?overwrite=true')).code).toBe(200);
    expect(await readFile(routesFile, 'utf8')).toContain('customerRoutes');
  });

  it('refuses a target that a symbolic link leads out of the allowed folders', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'acs-gen-outside-'));
    await symlink(outside, path.join(root, 'apps/web/src/pages/biz/region'));
    const res = await req('GET', '/tool/gen/genCode/biz_region');
    expect(res).toEqual({ code: 500, msg: '不允许写入该路径：apps/web/src/pages/biz/region/index.tsx' });
    expect(await readFile(path.join(root, 'apps/server/src/modules/biz/region/routes.ts'), 'utf8').catch(() => 'absent')).toBe('absent');
    await rm(outside, { recursive: true, force: true });
  });

  it('refuses paths outside apps/server/src/modules, apps/web/src/api and apps/web/src/pages', async () => {
    for (const bad of ['apps/server/src/db/schema/x.ts', '../outside.ts', '/etc/passwd', 'apps/web/src/api/../../vite.config.ts', 'apps/web/src/apix/a.ts']) {
      await expect(writeFiles(root, [{ key: 'k', path: bad, text: 'x' }], true)).rejects.toThrow(`不允许写入该路径：${bad}`);
    }
  });
});

describe('GEN_WRITE_TO_TREE configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'y'.repeat(32) };
  it('is off by default, on when set in development, refused in production and forced off there', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).genWriteToTree).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development', GEN_WRITE_TO_TREE: 'true' }).genWriteToTree).toBe(true);
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', GEN_WRITE_TO_TREE: 'true' })).toThrow('GEN_WRITE_TO_TREE cannot be enabled in production');
    expect(loadConfig({ ...base, NODE_ENV: 'production' }, { genWriteToTree: true }).genWriteToTree).toBe(false);
  });
});
