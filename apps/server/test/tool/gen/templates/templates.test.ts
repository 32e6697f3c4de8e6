import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ts from 'typescript';
import { PGlite } from '@electric-sql/pglite';
import { ServiceError } from '../../../../src/core/errors';
import { renderTable, type GeneratedFile } from '../../../../src/modules/tool/gen/templates/index';
import type { GenColumnModel, GenTableModel } from '../../../../src/modules/tool/gen/model';
import { parseColumnDefault } from '../../../../src/modules/tool/gen/column-default';
import { crudSample, SAMPLES, subSample, treeSample } from './samples';

const SERVER_KEYS = ['table.ts', 'schema.ts', 'repository.ts', 'service.ts', 'routes.ts', 'api.test.ts'].map((f) => `vm/server/${f}.vm`);
const BASE_KEYS = [...SERVER_KEYS, 'vm/sql/sql.vm', 'vm/web/api.ts.vm', 'vm/web/index.tsx.vm'];

const byKey = (files: GeneratedFile[]) => Object.fromEntries(files.map((f) => [f.key, f]));

/** A table comment, names and dict type built to break out of every kind of literal and comment. */
const HOSTILE = `x */ globalThis.pwned = 1; /* ' " \` \${globalThis.pwned} </script>\n--> statement-breakpoint\ndrop table sys_user; -- \\`;

function hostile(model: GenTableModel): GenTableModel {
  return {
    ...model,
    tableComment: HOSTILE,
    functionName: HOSTILE,
    columns: model.columns.map((c) => ({ ...c, columnComment: `${c.columnComment}${HOSTILE}`, dictType: c.dictType ? HOSTILE : '' })),
  };
}

/** The crud sample with defaults built to break out of a literal: text and varchar(500), both wide enough to keep them. */
const HOSTILE_DEFAULT = "x');drop table sys_user;--";
function hostileDefaults(): GenTableModel {
  const model = crudSample();
  const evil: Record<string, string> = { content: HOSTILE, remark: HOSTILE_DEFAULT };
  return { ...model, columns: model.columns.map((c) => (evil[c.columnName] ? { ...c, defaultValue: evil[c.columnName] } : c)) };
}

/** Syntax errors of a TS/TSX file, and whether `pwned` became code anywhere (an identifier outside literals and comments). */
function inspect(file: GeneratedFile): { errors: string[]; injected: boolean } {
  const kind = file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const out = ts.transpileModule(file.text, { fileName: file.path, reportDiagnostics: true, compilerOptions: { jsx: ts.JsxEmit.ReactJSX } });
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, kind);
  let injected = false;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === 'pwned') injected = true;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { errors: (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), injected };
}

describe('代码生成 templates', () => {
  it.each([
    ['crud', crudSample(), 'visit', BASE_KEYS],
    ['tree', treeSample(), 'area', BASE_KEYS],
    ['sub', subSample(), 'order', [...BASE_KEYS, 'vm/web/view.tsx.vm']],
  ] as const)('%s: one file per preview key, at the repository path of the contract', (_name, model, b, keys) => {
    const files = byKey(renderTable(model));
    expect(Object.keys(files).sort()).toEqual([...keys].sort());
    const server = `apps/server/src/modules/biz/${b}`;
    expect(files['vm/server/table.ts.vm'].path).toBe(`${server}/table.ts`);
    expect(files['vm/server/routes.ts.vm'].path).toBe(`${server}/routes.ts`);
    expect(files['vm/server/api.test.ts.vm'].path).toBe(`${server}/${b}.test.ts`);
    expect(files['vm/sql/sql.vm'].path).toBe(`${server}/migration.sql`);
    expect(files['vm/web/api.ts.vm'].path).toBe(`apps/web/src/api/biz/${b}.ts`);
    expect(files['vm/web/index.tsx.vm'].path).toBe(`apps/web/src/pages/biz/${b}/index.tsx`);
    expect(files['vm/web/view.tsx.vm']?.path ?? `apps/web/src/pages/biz/${b}/components/Detail.tsx`).toBe(`apps/web/src/pages/biz/${b}/components/Detail.tsx`);
    expect(files['vm/server/routes.ts.vm'].text).toContain(`export const ${b}Routes`);
    for (const p of ['list', 'query', 'add', 'edit', 'remove', 'export', 'import']) {
      expect(files['vm/server/service.ts.vm'].text).toContain(`'biz:${b}:${p}'`);
      expect(files['vm/sql/sql.vm'].text).toContain(`'biz:${b}:${p}'`);
    }
  });

  it('applies data scope through dept_id and user_id, and stamps the operator and time', () => {
    const service = byKey(renderTable(crudSample()))['vm/server/service.ts.vm'].text;
    expect(service).toContain('dataScopeFilter(session, permission, { dept: bizVisit.deptId, user: bizVisit.userId })');
    expect(service).toContain('createBy: session.userName, createTime: new Date(deps.now())');
    expect(service).toContain('updateBy: session.userName, updateTime: new Date(deps.now())');
    // The tree sample has neither column: no scope, and no import of the scope helper.
    const tree = byKey(renderTable(treeSample()))['vm/server/service.ts.vm'].text;
    expect(tree).not.toContain('dataScopeFilter');
  });

  it.each(SAMPLES.map((s) => [s.name, s.model] as const))('%s: a hostile comment stays text in every TS file', (_name, model) => {
    for (const file of renderTable(hostile(model())).filter((f) => /\.tsx?$/.test(f.path))) {
      const { errors, injected } = inspect(file);
      expect(errors, file.path).toEqual([]);
      expect(injected, file.path).toBe(false);
    }
  });

  it('a hostile default stays a literal in every TS file', () => {
    for (const file of renderTable(hostileDefaults()).filter((f) => /\.tsx?$/.test(f.path))) {
      const { errors, injected } = inspect(file);
      expect(errors, file.path).toEqual([]);
      expect(injected, file.path).toBe(false);
    }
    const files = byKey(renderTable(hostileDefaults()));
    expect(files['vm/server/table.ts.vm'].text).toContain(`remark: varchar('remark', { length: 500 }).default('x\\');drop table sys_user;--'),`);
  });

  it('repeats literal defaults in the migration, the Drizzle table, the add dialog and the child rows', () => {
    const crud = byKey(renderTable(crudSample()));
    const migration = crud['vm/sql/sql.vm'].text;
    expect(migration).toContain("  status char(1) default '0',");
    expect(migration).toContain('  visit_time timestamp with time zone default current_timestamp,');
    expect(migration).toContain('  amount numeric(10,2) default -1.5,');
    expect(migration).toContain('  visit_count integer default 0 not null,');
    expect(migration).toContain('  is_key boolean default true,');
    expect(migration).toContain('  title varchar(100) not null,');
    const table = crud['vm/server/table.ts.vm'].text;
    expect(table).toContain("status: char('status', { length: 1 }).default('0'),");
    expect(table).toContain("visitTime: timestamp('visit_time', { withTimezone: true, mode: 'date' }).defaultNow(),");
    expect(table).toContain("amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).default(-1.5),");
    expect(table).toContain("visitCount: integer('visit_count').notNull().default(0),");
    expect(table).toContain("isKey: boolean('is_key').default(true),");
    expect(crud['vm/web/index.tsx.vm'].text).toContain("defaults: { status: '0', amount: -1.5, visitCount: 0, isKey: true },");
    expect(byKey(renderTable(treeSample()))['vm/web/index.tsx.vm'].text).toContain("defaults: { parentId: 0, orderNum: 0, status: '0' },");
    const sub = byKey(renderTable(subSample()))['vm/web/index.tsx.vm'].text;
    expect(sub).toContain("defaults: { status: '0' },");
    expect(sub).toContain('rows.add({ quantity: 1 })');
  });

  it('lets a new row leave a defaulted field to the database, while an edit still clears it', () => {
    const service = byKey(renderTable(crudSample()))['vm/server/service.ts.vm'].text;
    const fields = (name: string) => service.slice(service.indexOf(`const ${name} =`), service.indexOf('});', service.indexOf(`const ${name} =`)));
    expect(fields('insertFields')).toContain('  status: body.status,\n');
    expect(fields('insertFields')).toContain('  visitTime: body.visitTime,\n');
    expect(fields('insertFields')).toContain('  visitType: body.visitType ?? null,\n');
    expect(fields('editFields')).toContain('  status: body.status ?? null,\n');
    expect(fields('editFields')).toContain('  visitTime: body.visitTime ?? null,\n');
    const test = byKey(renderTable(crudSample()))['vm/server/api.test.ts.vm'].text;
    expect(test).toContain("{ ...first, status: undefined, visitTime: undefined, amount: undefined, isKey: undefined }");
    expect(test).toContain("toMatchObject({ status: '0', visitTime: expect.stringMatching(");
  });

  it.each<[string, Partial<GenColumnModel>]>([
    ['a string on a number column', { columnName: 'visit_count', defaultValue: '0' }],
    ['a fraction on a whole-number column', { columnName: 'visit_count', defaultValue: 1.5 }],
    ['an unsafe integer', { columnName: 'visit_count', defaultValue: 2 ** 60 }],
    ['NaN', { columnName: 'amount', defaultValue: Number.NaN }],
    ['Infinity', { columnName: 'amount', defaultValue: Number.POSITIVE_INFINITY }],
    ['a number on a text column', { columnName: 'title', defaultValue: 1 }],
    ['text longer than the column', { columnName: 'status', defaultValue: '01' }],
    ['a string on a boolean', { columnName: 'is_key', defaultValue: 'true' }],
    ['a date as text', { columnName: 'visit_time', defaultValue: '2020-01-01 00:00:00', defaultNow: undefined }],
    ['the current time on a text column', { columnName: 'title', defaultNow: true }],
    ['a default on the key', { columnName: 'visit_id', defaultValue: 1 }],
  ])('leaves out %s', (_what, change) => {
    const model = crudSample();
    model.columns = model.columns.map((c) => (c.columnName === change.columnName ? { ...c, defaultValue: undefined, defaultNow: undefined, ...change } : c));
    const column = model.columns.find((c) => c.columnName === change.columnName)!;
    const files = byKey(renderTable(model));
    const line = (text: string, start: string) => text.split('\n').find((l) => l.startsWith(start)) ?? '';
    expect(line(files['vm/sql/sql.vm'].text, `  ${column.columnName} `)).not.toMatch(/ default (?!as identity)/);
    expect(line(files['vm/server/table.ts.vm'].text, `  ${column.field}: `)).not.toMatch(/\.default(Now)?\(/);
    expect(line(files['vm/web/index.tsx.vm'].text, '    defaults: ')).not.toMatch(new RegExp(`\\b${column.field}: (?!false)`));
  });

  describe('migration.sql', () => {
    // One embedded database for the three templates; each test starts from empty menus.
    let db: PGlite;
    beforeAll(async () => {
      db = new PGlite();
      await db.exec(`create table sys_menu (
        menu_id bigint generated by default as identity (start with 2000) primary key, menu_name varchar(50) not null, parent_id bigint,
        order_num int, path varchar(200), component varchar(255), query varchar(255), is_frame int, menu_type char(1),
        perms varchar(100), icon varchar(100), remark varchar(500), create_by varchar(64), create_time timestamptz)`);
      await db.exec('create table sys_user (user_id bigint primary key)');
    });
    afterAll(() => db.close());

    it.each(SAMPLES.map((s) => [s.name, s.model] as const))('%s: keeps a hostile comment as data and inserts the menu once', async (_name, model) => {
      await db.exec('truncate sys_menu');
      const m = hostile(model());
      const sql = byKey(renderTable(m))['vm/sql/sql.vm'].text;
      // As drizzle runs a migration: split at its marker, one statement at a time; then once more.
      for (let run = 0; run < 2; run++) {
        for (const statement of sql.split('--> statement-breakpoint')) await db.exec(statement);
      }
      const comment = await db.query<{ c: string }>(`select obj_description($1::regclass, 'pg_class') as c`, [m.tableName]);
      expect(comment.rows[0].c).toBe(HOSTILE);
      const menus = await db.query<{ perms: string; menu_type: string; parent_id: number }>('select perms, menu_type, parent_id from sys_menu order by menu_id');
      expect(menus.rows.map((r) => r.perms)).toEqual(['list', 'query', 'add', 'edit', 'remove', 'export', 'import'].map((p) => `biz:${m.businessName}:${p}`));
      expect(menus.rows[0]).toMatchObject({ menu_type: 'C', parent_id: 3 });
      expect(menus.rows.slice(1).every((r) => r.menu_type === 'F')).toBe(true);
      expect((await db.query('select 1 from sys_user')).rows).toHaveLength(0);
    });

    it('keeps hostile defaults as data, and a row left to them stores them', async () => {
      await db.exec('truncate sys_menu; drop table if exists biz_visit');
      const sql = byKey(renderTable(hostileDefaults()))['vm/sql/sql.vm'].text;
      for (const statement of sql.split('--> statement-breakpoint')) await db.exec(statement);
      const defaults = await db.query<{ name: string; expr: string }>(`select a.attname as name, pg_get_expr(d.adbin, d.adrelid) as expr
        from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum where d.adrelid = 'biz_visit'::regclass`);
      const parsed = Object.fromEntries(defaults.rows.map((r) => [r.name, parseColumnDefault(r.expr)]));
      expect(parsed).toEqual({
        status: { defaultValue: '0' },
        visit_time: { defaultNow: true },
        content: { defaultValue: HOSTILE },
        amount: { defaultValue: -1.5 },
        visit_count: { defaultValue: 0 },
        is_key: { defaultValue: true },
        remark: { defaultValue: HOSTILE_DEFAULT },
      });
      await db.exec(`insert into biz_visit (title) values ('t')`);
      const row = await db.query<Record<string, unknown>>('select status, content, amount, visit_count, is_key, remark from biz_visit');
      expect(row.rows).toEqual([{ status: '0', content: HOSTILE, amount: '-1.50', visit_count: 0, is_key: true, remark: HOSTILE_DEFAULT }]);
      expect((await db.query('select 1 from sys_user')).rows).toHaveLength(0);
    });
  });

  it.each([
    ['a column name', (m: GenTableModel) => ({ ...m, columns: m.columns.map((c, i) => (i === 1 ? { ...c, columnName: 'title"; drop table x; --' } : c)) })],
    ['a property name', (m: GenTableModel) => ({ ...m, columns: m.columns.map((c, i) => (i === 1 ? { ...c, field: 'title: 1 }); evil({' } : c)) })],
    ['a table name', (m: GenTableModel) => ({ ...m, tableName: 'biz_visit; drop table sys_user' })],
    ['a business name', (m: GenTableModel) => ({ ...m, businessName: '../../../etc' })],
    ['a module name', (m: GenTableModel) => ({ ...m, moduleName: 'biz/x' })],
    ['a class name', (m: GenTableModel) => ({ ...m, className: 'Biz Visit' })],
  ])('refuses %s that is not a plain identifier', (_what, change) => {
    expect(() => renderTable(change(crudSample()))).toThrow(ServiceError);
  });

  it.each([
    ['a tree without its parent column', { ...treeSample(), tree: { codeColumn: 'area_id', parentColumn: 'nope', nameColumn: 'area_name' } }, '树父编码字段不能为空'],
    ['a tree without settings', { ...treeSample(), tree: undefined }, '树编码字段不能为空'],
    ['a sub table without its child', { ...subSample(), sub: undefined }, '关联子表的表名不能为空'],
    ['a child without the key column', { ...subSample(), sub: { table: subSample().sub!.table, fkColumn: 'missing_id' } }, '子表biz_order_item没有外键字段missing_id'],
  ])('refuses %s with a message', (_what, model, message) => {
    expect(() => renderTable(model)).toThrow(message);
  });

  it.each([
    ['varchar(64)', "varchar('c', { length: 64 })", 'varchar(64)'],
    ['character varying(20)', "varchar('c', { length: 20 })", 'varchar(20)'],
    ['char(1)', "char('c', { length: 1 })", 'char(1)'],
    ['bigint', "bigint('c', { mode: 'number' })", 'bigint'],
    ['numeric(10,2)', "numeric('c', { precision: 10, scale: 2, mode: 'number' })", 'numeric(10,2)'],
    ['timestamptz(3)', "timestamp('c', { withTimezone: true, mode: 'date' })", 'timestamp with time zone'],
    ['timestamp', "timestamp('c', { mode: 'date' })", 'timestamp'],
    ['date', "date('c', { mode: 'string' })", 'date'],
    ['uuid', "uuid('c')", 'uuid'],
    ['jsonb', "jsonb('c')", 'jsonb'],
    ['bytea', "text('c')", 'text'],
  ])('maps the catalog type %s to a Drizzle column and its DDL', (columnType, drizzle, ddl) => {
    const model = crudSample();
    model.columns = model.columns.map((c) => (c.columnName === 'content' ? { ...c, columnName: 'c', field: 'c', columnType } : c));
    const files = byKey(renderTable(model));
    expect(files['vm/server/table.ts.vm'].text).toContain(`c: ${drizzle},`);
    expect(files['vm/sql/sql.vm'].text).toContain(`  c ${ddl},`);
  });

  it('gives the same text for the same model, whatever the clock says', () => {
    vi.useFakeTimers();
    try {
      for (const s of SAMPLES) {
        vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
        const first = renderTable(s.model());
        vi.setSystemTime(new Date('2031-06-30T12:34:56Z'));
        expect(renderTable(s.model())).toEqual(first);
        expect(first.map((f) => f.text).join('\n')).not.toMatch(/2020|2031/);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
