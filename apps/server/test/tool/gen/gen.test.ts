import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { genTable, sysOperLog } from '../../../src/db/schema';
import type { TestApp } from '../../helpers/app';
import { loginAs, type LoggedIn } from '../../helpers/login';
import { userWithoutRoles } from '../../helpers/crud';
import { eventually } from '../../common/support';
import { CUSTOMER_DDL, ddl, DRIVERS, gen, startGen, tableIdOf, type GenColumn, type GenTable } from './support';

describe.each(DRIVERS)('代码生成 catalog and import (postgres: $postgres)', ({ postgres }) => {
  let t: TestApp;
  let admin: LoggedIn;
  let req: ReturnType<typeof gen>;
  beforeAll(async () => {
    ({ t, admin, req } = await startGen({ postgres }));
  });

  const dbTables = async (query = '') => {
    const res = await req('GET', `/tool/gen/db/list?pageSize=100${query}`);
    expect(res).toMatchObject({ code: 200, msg: '查询成功' });
    return res as { rows: { tableName: string; tableComment: string }[]; total: number };
  };

  it('offers no system table for import on a fresh install', async () => {
    expect(await dbTables()).toMatchObject({ total: 0, rows: [] });
  });

  it('lists new tables with comments, newest first, filtered case-insensitively and paged; gen_* stays hidden', async () => {
    await ddl(t, CUSTOMER_DDL);
    await ddl(t, `create table gen_scratch (id int); create table biz_note (id int); comment on table biz_note is '便签'`);
    const all = await dbTables();
    expect(all.rows.map((r) => r.tableName)).toEqual(['biz_note', 'biz_region', 'biz_customer']);
    expect(all.rows[2]).toEqual({ tableName: 'biz_customer', tableComment: '客户信息表', createTime: null, updateTime: null });
    expect((await dbTables('&tableName=CUSTOM')).rows.map((r) => r.tableName)).toEqual(['biz_customer']);
    expect((await dbTables(`&tableComment=${encodeURIComponent('便')}`)).rows.map((r) => r.tableName)).toEqual(['biz_note']);
    const page = await req('GET', '/tool/gen/db/list?pageNum=2&pageSize=2');
    expect(page).toMatchObject({ total: 3, rows: [{ tableName: 'biz_customer' }] });
  });

  it('imports tables with RuoYi initial settings and hides them from the catalog list', async () => {
    expect(await req('POST', '/tool/gen/importTable?tables=biz_customer,biz_region&tplWebType=element-plus')).toEqual({ code: 200, msg: '操作成功' });
    expect((await dbTables()).rows.map((r) => r.tableName)).toEqual(['biz_note']);

    const id = await tableIdOf(t, admin, 'biz_customer');
    const detail = (await req('GET', `/tool/gen/${id}`)).data as { info: GenTable; rows: GenColumn[]; tables: GenTable[] };
    expect(detail.info).toMatchObject({
      tableName: 'biz_customer',
      tableComment: '客户信息表',
      className: 'BizCustomer',
      moduleName: 'biz',
      businessName: 'customer',
      functionName: '客户信息',
      functionAuthor: 'admin',
      packageName: 'modules/biz',
      tplCategory: 'crud',
      treeCode: null,
      genView: '0',
    });
    expect(detail.tables.map((x) => x.tableName).sort()).toEqual(['biz_customer', 'biz_region']);
    expect(detail.tables.every((x) => (x.columns?.length ?? 0) > 0)).toBe(true);

    const col = (name: string) => detail.rows.find((c) => c.columnName === name);
    const flags = (name: string) => {
      const c = col(name);
      return c && [c.isPk, c.isIncrement, c.isRequired, c.isInsert, c.isEdit, c.isList, c.isQuery].join('');
    };
    expect(detail.rows.map((c) => c.sort)).toEqual(detail.rows.map((_c, i) => i + 1));
    expect(col('customer_id')).toMatchObject({ columnType: 'bigint', javaType: 'number', javaField: 'customerId', htmlType: 'input' });
    expect(flags('customer_id')).toBe('1101000');
    expect(col('customer_name')).toMatchObject({ columnComment: '客户名称', columnType: 'varchar(64)', javaType: 'string', queryType: 'LIKE', htmlType: 'input' });
    expect(flags('customer_name')).toBe('0011111');
    expect(flags('phone')).toBe('0001111');
    expect(col('phone')?.queryType).toBe('EQ');
    expect(col('status')).toMatchObject({ columnType: 'char(1)', htmlType: 'radio' });
    expect(col('customer_type')?.htmlType).toBe('select');
    expect(col('sex')?.htmlType).toBe('select');
    expect(col('avatar_image')?.htmlType).toBe('imageUpload');
    expect(col('contract_file')?.htmlType).toBe('fileUpload');
    expect(col('intro_content')?.htmlType).toBe('editor');
    expect(col('note')?.htmlType).toBe('textarea');
    expect(col('phone')?.htmlType).toBe('input');
    expect(col('vip')).toMatchObject({ javaType: 'boolean', htmlType: 'checkbox', isRequired: '1' });
    expect(col('amount')).toMatchObject({ columnType: 'numeric(10,2)', javaType: 'number' });
    expect(col('birthday')).toMatchObject({ javaType: 'Date', htmlType: 'datetime' });
    expect(col('update_time')).toMatchObject({ columnType: 'timestamptz', javaType: 'Date', htmlType: 'datetime' });
    expect(flags('create_time')).toBe('0001000');
    expect(flags('update_by')).toBe('0001100');
    expect(flags('remark')).toBe('0001110');

    const region = await tableIdOf(t, admin, 'biz_region');
    const regionCols = (await req('GET', `/tool/gen/column/${region}`)) as { rows: GenColumn[]; total: number };
    expect(regionCols.total).toBe(3);
    expect(regionCols.rows[0]).toMatchObject({ columnName: 'region_id', columnType: 'integer', isPk: '1', isIncrement: '1' });
    expect(regionCols.rows[1]).toMatchObject({ columnName: 'parent_id', isRequired: '1', isIncrement: '0' });
    await eventually(async () => (await t.deps.database.db.select().from(sysOperLog).where(and(eq(sysOperLog.title, '代码生成'), eq(sysOperLog.businessType, 6)))).length > 0);
  });

  it('refuses imports of missing, system, imported or malformed tables with 导入失败', async () => {
    expect(await req('POST', '/tool/gen/importTable?tables=sys_user')).toEqual({ code: 500, msg: '导入失败：表sys_user不存在、已导入或是系统表' });
    expect(await req('POST', '/tool/gen/importTable?tables=biz_customer')).toEqual({ code: 500, msg: '导入失败：表biz_customer不存在、已导入或是系统表' });
    expect(await req('POST', '/tool/gen/importTable?tables=biz_note,nope')).toEqual({ code: 500, msg: '导入失败：表nope不存在、已导入或是系统表' });
    expect(await t.deps.database.db.select().from(genTable).where(eq(genTable.tableName, 'biz_note'))).toEqual([]);
    expect((await req('POST', `/tool/gen/importTable?tables=${encodeURIComponent('a;drop table x')}`)).msg).toBe('导入失败：表名只能包含小写字母、数字和下划线');
    const many = Array.from({ length: 51 }, (_v, i) => `t${i}`).join(',');
    expect((await req('POST', `/tool/gen/importTable?tables=${many}`)).msg).toBe('导入失败：一次最多50张表');
    expect((await req('POST', '/tool/gen/importTable')).msg).toBe('导入失败：请选择要导入的表');
  });

  it('lists imported tables filtered by name and comment', async () => {
    const list = await req('GET', '/tool/gen/list?tableName=CUSTOMER&orderByColumn=createTime&isAsc=descending');
    expect(list).toMatchObject({ code: 200, total: 1, rows: [{ tableName: 'biz_customer', className: 'BizCustomer' }] });
    expect((await req('GET', `/tool/gen/list?tableComment=${encodeURIComponent('客户')}`)).total).toBe(1);
    expect((await req('GET', '/tool/gen/list')).total).toBe(2);
  });
});

describe('代码生成 edit, sync, delete and access', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let req: ReturnType<typeof gen>;
  let tableId: number;
  let detail: { info: GenTable; rows: GenColumn[] };
  beforeAll(async () => {
    ({ t, admin, req } = await startGen());
    await ddl(t, CUSTOMER_DDL);
    await req('POST', '/tool/gen/importTable?tables=biz_customer,biz_region');
    tableId = await tableIdOf(t, admin, 'biz_customer');
    detail = (await req('GET', `/tool/gen/${tableId}`)).data as typeof detail;
  });

  /** The edit page's PUT body: info, the columns and the 生成信息 params. */
  const body = (changes: Record<string, unknown> = {}) => ({ ...detail.info, columns: detail.rows, params: {}, ...changes });

  it.each([
    [{ tplCategory: 'tree' }, '树编码字段不能为空'],
    [{ tplCategory: 'tree', params: { treeCode: 'customer_id' } }, '树父编码字段不能为空'],
    [{ tplCategory: 'tree', params: { treeCode: 'customer_id', treeParentCode: 'phone' } }, '树名称字段不能为空'],
    [{ tplCategory: 'sub' }, '关联子表的表名不能为空'],
    [{ tplCategory: 'sub', subTableName: 'biz_region' }, '子表关联的外键名不能为空'],
    [{ moduleName: '../etc' }, '生成模块名只能包含字母和数字，以小写字母开头，最长30个字符'],
    [{ businessName: 'cust-omer' }, '生成业务名只能包含字母和数字，以小写字母开头，最长30个字符'],
    [{ businessName: '' }, '生成业务名不能为空'],
    [{ className: 'biz customer' }, '实体类名称只能包含字母和数字，且以大写字母开头'],
    [{ tableComment: ' ' }, '表描述不能为空'],
    [{ functionAuthor: '' }, '作者不能为空'],
    [{ tplCategory: 'tree', params: { treeCode: 'customer_id', treeParentCode: 'phone', treeName: 'nope' } }, '树名称字段不是本表的字段'],
    [{ tplCategory: 'sub', subTableName: 'biz_region', subTableFkName: 'customer_id' }, '子表关联的外键名不是子表的字段'],
    [{ tplCategory: 'sub', subTableName: 'sys_user', subTableFkName: 'user_id' }, '关联子表必须是已导入的其他表'],
  ])('refuses %j with %s', async (changes, msg) => {
    expect(await req('PUT', '/tool/gen', body(changes))).toEqual({ code: 500, msg });
  });

  it('refuses a column of another table and bad column settings', async () => {
    const region = (await req('GET', `/tool/gen/column/${await tableIdOf(t, admin, 'biz_region')}`)).rows as GenColumn[];
    expect(await req('PUT', '/tool/gen', body({ columns: [region[0]] }))).toEqual({ code: 500, msg: '字段不属于该表' });
    const bad = { ...detail.rows[1], javaField: 'Customer-Name' };
    expect((await req('PUT', '/tool/gen', body({ columns: [bad] }))).msg).toBe('属性名只能包含字母和数字，且以小写字母开头');
    expect((await req('PUT', '/tool/gen', body({ columns: [{ ...detail.rows[1], htmlType: 'iframe' }] }))).msg).toBe('显示类型不正确');
  });

  it("takes RuoYi's Java type names from its own client as the TypeScript types they stand for", async () => {
    const withType = (javaType: string) => body({ columns: detail.rows.map((c) => (c.columnName === 'customer_name' ? { ...c, javaType } : c)) });
    const typeOf = async () => ((await req('GET', `/tool/gen/${tableId}`)).data as typeof detail).rows.find((c) => c.columnName === 'customer_name')?.javaType;
    expect((await req('PUT', '/tool/gen', withType('Long'))).code).toBe(200);
    expect(await typeOf()).toBe('number');
    expect((await req('PUT', '/tool/gen', withType('Object'))).msg).toBe('TS类型只能是string、number、boolean或Date');
    expect((await req('PUT', '/tool/gen', withType('toString'))).msg).toBe('TS类型只能是string、number、boolean或Date');
    expect((await req('PUT', '/tool/gen', withType('String'))).code).toBe(200);
    expect(await typeOf()).toBe('string');
  });

  it('saves table settings, column settings and the options JSON', async () => {
    const columns = detail.rows.map((c) => (c.columnName === 'status' ? { ...c, dictType: 'sys_normal_disable', columnComment: '状态' } : c));
    const params = { treeCode: 'customer_id', treeParentCode: 'phone', treeName: 'customer_name', parentMenuId: 1, genView: '1' };
    expect(await req('PUT', '/tool/gen', body({ tplCategory: 'tree', functionName: '客户', moduleName: 'crmx', columns, params }))).toEqual({ code: 200, msg: '操作成功' });
    const saved = (await req('GET', `/tool/gen/${tableId}`)).data as typeof detail;
    expect(saved.info).toMatchObject({ tplCategory: 'tree', functionName: '客户', moduleName: 'crmx', treeCode: 'customer_id', treeParentCode: 'phone', treeName: 'customer_name', parentMenuId: 1, genView: '1' });
    expect(JSON.parse(saved.info.options ?? '{}')).toEqual({ treeCode: 'customer_id', treeParentCode: 'phone', treeName: 'customer_name', parentMenuId: 1, genView: true });
    expect(saved.rows.find((c) => c.columnName === 'status')).toMatchObject({ dictType: 'sys_normal_disable', columnComment: '状态' });
    // Back to a plain CRUD table for the tests below.
    expect((await req('PUT', '/tool/gen', body({ columns }))).code).toBe(200);
  });

  it('syncs with the database: keeps edits of remaining columns, adds new ones, drops vanished ones', async () => {
    const before = ((await req('GET', `/tool/gen/${tableId}`)).data as typeof detail).rows;
    const edited = before.map((c) => {
      if (c.columnName === 'customer_name') return { ...c, queryType: 'EQ', dictType: 'sys_user_sex' };
      if (c.columnName === 'phone') return { ...c, htmlType: 'textarea', isRequired: '1' };
      return c;
    });
    expect((await req('PUT', '/tool/gen', body({ columns: edited }))).code).toBe(200);
    await ddl(t, 'alter table biz_customer drop column sex; alter table biz_customer add column email varchar(50) not null');
    expect(await req('GET', '/tool/gen/synchDb/biz_customer')).toEqual({ code: 200, msg: '操作成功' });
    const after = ((await req('GET', `/tool/gen/${tableId}`)).data as typeof detail).rows;
    const col = (rows: GenColumn[], name: string) => rows.find((c) => c.columnName === name);
    expect(col(after, 'sex')).toBeUndefined();
    expect(col(after, 'email')).toMatchObject({ isRequired: '1', javaField: 'email', sort: after.length });
    expect(col(after, 'customer_name')).toMatchObject({ columnId: col(before, 'customer_name')?.columnId, queryType: 'EQ', dictType: 'sys_user_sex' });
    expect(col(after, 'phone')).toMatchObject({ columnId: col(before, 'phone')?.columnId, htmlType: 'textarea', isRequired: '1' });
    expect(col(after, 'status')).toMatchObject({ columnId: col(before, 'status')?.columnId, dictType: 'sys_normal_disable' });
    expect(after).toHaveLength(before.length);
  });

  it('refuses to sync a table that is not imported or no longer exists', async () => {
    expect(await req('GET', '/tool/gen/synchDb/biz_nothing')).toEqual({ code: 500, msg: '同步数据失败，原表结构不存在' });
    await ddl(t, 'drop table biz_region');
    expect(await req('GET', '/tool/gen/synchDb/biz_region')).toEqual({ code: 500, msg: '同步数据失败，原表结构不存在' });
  });

  it('deletes generator tables with their columns', async () => {
    const region = await tableIdOf(t, admin, 'biz_region');
    expect(await req('DELETE', `/tool/gen/${region},${tableId}`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await req('GET', '/tool/gen/list')).total).toBe(0);
    expect((await req('GET', `/tool/gen/column/${tableId}`)).total).toBe(0);
    expect((await req('GET', '/tool/gen/db/list')).rows).toEqual([expect.objectContaining({ tableName: 'biz_customer' })]);
  });

  it('needs the tool:gen permissions, and the admin role for createTable', async () => {
    const nobody = await userWithoutRoles(t, 'gen_nobody');
    for (const [method, url] of [
      ['GET', '/tool/gen/list'],
      ['GET', '/tool/gen/db/list'],
      ['POST', '/tool/gen/importTable?tables=biz_customer'],
      ['GET', `/tool/gen/preview/${tableId}`],
      ['GET', '/tool/gen/download/biz_customer'],
      ['GET', '/tool/gen/settings'],
    ] as const) {
      expect(await gen(t, nobody)(method, url)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
    }
    const ry = await loginAs(t.app, 'ry', 'admin123');
    expect((await gen(t, ry)('GET', '/tool/gen/list')).code).toBe(200);
    expect(await gen(t, ry)('POST', `/tool/gen/createTable?sql=${encodeURIComponent('create table biz_x (id int)')}`)).toEqual({
      code: 403,
      msg: '没有权限，请联系管理员授权',
    });
  });
});
