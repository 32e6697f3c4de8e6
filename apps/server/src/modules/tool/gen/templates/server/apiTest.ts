import type { GenTableModel } from '../../model';
import { tsLiteral, tsString } from '../escape';
import { importLine, withImports } from '../imports';
import { formColumns, hasDefault, listColumns, type Column, type Names } from '../names';
import { childListField, childNames, type Child } from '../sub';

/** A valid value of a column as the client sends it; `second` differs from the first for the edit. */
function sampleValue(c: Column, second: boolean): unknown {
  switch (c.type.kind) {
    case 'text': {
      const { length } = c.type;
      if (c.type.builder === 'char') return (second ? '1' : '0').padEnd(length ?? 1, 'x');
      return `${second ? 'b' : 'a'}${c.field}`.slice(0, length ?? 30);
    }
    case 'int':
    case 'bigint':
    case 'decimal':
      return second ? 20 : 12;
    case 'float':
      return second ? 2.5 : 1.5;
    case 'bool':
      return !second;
    case 'timestamp':
      return second ? '2026-02-03 04:05:06' : '2026-01-02 03:04:05';
    case 'date':
      return second ? '2026-02-03' : '2026-01-02';
    case 'json':
      return { sample: second ? 2 : 1 };
  }
}

/** A sample value as TypeScript source. */
function literal(value: unknown): string {
  if (typeof value === 'string') return tsString(value);
  if (typeof value === 'object' && value !== null) return `{ ${Object.entries(value).map(([k, v]) => `${k}: ${literal(v)}`).join(', ')} }`;
  return String(value);
}

/** The fields of a body as a TS object literal; `override` replaces some values by code. */
function sample(cols: Column[], second: boolean, override: Record<string, string> = {}): string {
  return `{ ${cols.map((c) => `${c.field}: ${override[c.field] ?? literal(sampleValue(c, second))}`).join(', ')} }`;
}

interface Shape {
  parent?: Column;
  child?: Child;
}

function treeTests(n: Names, parent: Column): string {
  return `
  it('refuses deleting a node with children and moving a node under itself', async () => {
    await req('POST', '', { ...first, ${parent.field}: 0 });
    const rootId = (await rows()).at(-1)?.${n.pk.field};
    await req('POST', '', { ...first, ${parent.field}: rootId });
    const leafId = (await rows()).at(-1)?.${n.pk.field};
    expect(await req('DELETE', \`/\${rootId}\`)).toEqual({ code: 500, msg: ${tsString(`存在下级${n.title},不允许删除`)} });
    expect(await req('PUT', '', { ...first, ${n.pk.field}: rootId, ${parent.field}: leafId })).toEqual({
      code: 500,
      msg: ${tsString(`修改${n.title}失败，上级${n.title}不能是自己或自己的下级`)},
    });
    expect(await req('DELETE', \`/\${leafId}\`)).toMatchObject({ code: 200 });
    expect(await req('DELETE', \`/\${rootId}\`)).toMatchObject({ code: 200 });
  });
`;
}

function subTests(n: Names, child: Child): string {
  const c = child.names;
  return `
  it('saves the ${c.table} rows with the master and deletes them with it', async () => {
    await req('POST', '', first);
    const id = (await rows()).at(-1)?.${n.pk.field};
    expect((await req('GET', \`/\${id}\`)).data?.${childListField(c)}).toHaveLength(1);
    await req('PUT', '', { ...second, ${n.pk.field}: id });
    expect((await req('GET', \`/\${id}\`)).data?.${childListField(c)}).toHaveLength(2);
    expect(await req('DELETE', \`/\${id}\`)).toMatchObject({ code: 200 });
    expect(await t.deps.database.db.select().from(${c.table}).where(eq(${c.table}.${child.fk.field}, Number(id)))).toEqual([]);
  });
`;
}

function validationTest(required: Column): string {
  return `
  it('refuses a body without ${required.field} with a Chinese message', async () => {
    expect(await req('POST', '', { ...first, ${required.field}: undefined })).toEqual({ code: 500, msg: ${tsString(`${required.label}不能为空`)} });
  });
`;
}

/** What the database stores for a column's default: char(n) pads to its length. */
function storedDefault(c: Column): string {
  if (c.initial === undefined) return `expect.stringMatching(/^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$/)`;
  const padded = typeof c.initial === 'string' && c.type.builder === 'char' ? c.initial.padEnd(c.type.length ?? 1) : c.initial;
  return tsLiteral(padded);
}

/** A new row without the optional defaulted fields gets the defaults of the table (migration and Drizzle table alike). */
function defaultsTest(cols: Column[]): string {
  return `
  it('gives a new row the column defaults for the fields it leaves out', async () => {
    expect(await req('POST', '', { ...first, ${cols.map((c) => `${c.field}: undefined`).join(', ')} })).toEqual({ code: 200, msg: '操作成功' });
    expect((await rows()).at(-1)).toMatchObject({ ${cols.map((c) => `${c.field}: ${storedDefault(c)}`).join(', ')} });
  });
`;
}

/**
 * Data scope: a user whose only role sees 本人数据 (by user_id) or 本部门数据 (by dept_id) lists the row
 * they added and not the administrator's.
 */
function scopeTest(n: Names): string {
  const user = n.has('user_id');
  const scope = user ? { code: '5', name: '本人数据' } : { code: '3', name: '本部门数据' };
  const userName = tsString(`scope${n.business}`.slice(0, 30));
  return `
  it('lists only the rows within the caller\\'s data scope (${scope.name})', async () => {
    const { db } = t.deps.database;
    const [role] = await db.insert(sysRole).values({ roleName: '${scope.name}', roleKey: ${userName}, roleSort: 9, dataScope: '${scope.code}' }).returning();
    const menus = await db.select({ menuId: sysMenu.menuId }).from(sysMenu).where(like(sysMenu.perms, '${n.perm}:%'));
    await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role.roleId, menuId: m.menuId })));
    const [user] = await db.insert(sysUser).values({ userName: ${userName}, nickName: ${userName}, deptId: 105, password: SEED_PASSWORD_HASH }).returning();
    await db.insert(sysUserRole).values({ userId: user.userId, roleId: role.roleId });
    const scoped = await loginAs(t.app, ${userName}, 'admin123');

    expect(await req('POST', '', first)).toMatchObject({ code: 200 });
    expect(await req('POST', '', first, scoped)).toMatchObject({ code: 200 });
    const visible = (await req('GET', '/list?pageNum=1&pageSize=100', undefined, scoped)).rows ?? [];
    expect(visible).toHaveLength(1);
    expect((await rows()).length).toBeGreaterThan(1);
    const hidden = (await rows()).find((r) => r.${n.pk.field} !== visible[0].${n.pk.field});
    expect((await req('GET', \`/\${hidden?.${n.pk.field}}\`, undefined, scoped)).data).toBeUndefined();
    expect(await req('DELETE', \`/\${hidden?.${n.pk.field}}\`, undefined, scoped)).toEqual({ code: 500, msg: ${tsString(`没有权限访问${n.title}数据！`)} });
  });
`;
}

/** <b>.test.ts: the generated API exercised through the app, like the team's own module tests. */
export function renderApiTest(n: Names, model: GenTableModel): string {
  const child = childNames(model);
  const shape: Shape = { child, parent: model.tplCategory === 'tree' && model.tree ? n.has(model.tree.parentColumn) : undefined };
  const form = formColumns(n);
  const editable = form.filter((c) => c.isEdit && c.isInsert && c !== shape.parent);
  const keyBody = n.pk.isIncrement ? [] : [n.pk];
  const childCols = child ? formColumns(child.names).filter((c) => c !== child.fk) : [];
  const children = (count: number, second: boolean) =>
    child ? `, ${childListField(child.names)}: [${Array.from({ length: count }, () => sample(childCols, second)).join(', ')}]` : '';
  const parentOverride: Record<string, string> = shape.parent ? { [shape.parent.field]: '0' } : {};
  const firstBody = sample([...keyBody, ...form], false, parentOverride).slice(0, -2) + children(1, false) + ' }';
  const secondBody = sample(form, true, parentOverride).slice(0, -2) + children(2, true) + ' }';
  const required = form.find((c) => c.isRequired && c !== shape.parent && c.type.kind !== 'json');
  const defaulted = form.filter((c) => c.isInsert && !c.isRequired && hasDefault(c) && c !== shape.parent);
  const scoped = Boolean(n.has('dept_id') ?? n.has('user_id'));
  const listHeaders = listColumns(n).map((c) => tsString(c.label));
  const rowsFetch = model.tplCategory === 'tree' ? `(await req('GET', '/list')).data as unknown as Row[]` : `(await req('GET', '/list?pageNum=1&pageSize=100')).rows ?? []`;
  const body = `type Row = Record<string, unknown>;

let t: TestApp;
let admin: LoggedIn;
let nobody: LoggedIn;

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who: LoggedIn = admin) =>
  call<{ data?: Row; rows?: Row[]; total?: number }>(t.app, { method, url: \`\${t.deps.config.apiPrefix}${n.route}\${url}\`, payload, headers: who.headers });

/** Rows in list order (ascending keys), so the last one is the newest. */
const rows = async () => (${rowsFetch}).toSorted((a, b) => Number(a.${n.pk.field}) - Number(b.${n.pk.field}));

const first = ${firstBody};
const second = ${secondBody};

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin', 'admin123');
  nobody = await userWithoutRoles(t, ${tsString(`no${n.business}`.slice(0, 30))});
});

describe(${tsString(`${n.title} ${n.route}`)}, () => {
  it('adds, lists, reads, edits, exports and deletes', async () => {
    expect(await req('POST', '', first)).toEqual({ code: 200, msg: '操作成功' });
    const created = (await rows()).at(-1);
    expect(created).toMatchObject(${sample(editable, false)});
    const id = created?.${n.pk.field};

    expect((await req('GET', \`/\${id}\`)).data).toMatchObject({ ${n.pk.field}: id });
    expect(await req('PUT', '', { ...second, ${n.pk.field}: id })).toEqual({ code: 200, msg: '操作成功' });
    expect((await req('GET', \`/\${id}\`)).data).toMatchObject(${sample(editable, true)});

    const sheet = await exportSheet(t.app, \`\${t.deps.config.apiPrefix}${n.route}/export\`, admin.headers);
    expect(sheet.header).toEqual([${listHeaders.join(', ')}]);
    expect(sheet.rows.length).toBeGreaterThan(0);

    expect(await req('DELETE', \`/\${id}\`)).toEqual({ code: 200, msg: '操作成功' });
    expect((await req('GET', \`/\${id}\`)).data).toBeUndefined();
  });

${required ? validationTest(required) : ''}${defaulted.length ? defaultsTest(defaulted) : ''}${scoped ? scopeTest(n) : ''}${shape.parent ? treeTests(n, shape.parent) : ''}${child ? subTests(n, child) : ''}
  it.each([
    ['GET', '/list'],
    ['GET', '/1'],
    ['POST', ''],
    ['PUT', ''],
    ['DELETE', '/1'],
    ['POST', '/export'],
    ['POST', '/importData'],
  ] as const)('%s %s answers 403 without the permission', async (method, url) => {
    expect(await req(method, url, method === 'GET' || method === 'DELETE' ? undefined : first, nobody)).toEqual({ code: 403, msg: '没有权限，请联系管理员授权' });
  });
});
`;
  return withImports(
    [
      `import { beforeAll, describe, expect, it } from 'vitest';`,
      importLine(body, ['eq', 'like'], 'drizzle-orm'),
      `import { call } from '../../../../test/common/support';`,
      `import { createTestApp, type TestApp } from '../../../../test/helpers/app';`,
      `import { exportSheet, userWithoutRoles } from '../../../../test/helpers/crud';`,
      `import { loginAs, type LoggedIn } from '../../../../test/helpers/login';`,
      importLine(body, ['sysMenu', 'sysRole', 'sysRoleMenu', 'sysUser', 'sysUserRole'], '../../../db/schema'),
      importLine(body, ['SEED_PASSWORD_HASH'], '../../../db/seed'),
      importLine(body, child ? [child.names.table] : [], './table'),
    ],
    body,
  );
}
