import type { GenTableModel } from '../../model';
import { isNumeric } from '../columns';
import { tsString } from '../escape';
import { importLine, withImports } from '../imports';
import { formColumns, hasDefault, importColumns, listColumns, type Column, type Names } from '../names';
import { childListField, childNames, type Child } from '../sub';
import { tsKeyType } from './repository';

export const PERMISSIONS = ['list', 'query', 'add', 'edit', 'remove', 'export', 'import'] as const;

/**
 * The value a column takes from the body: a nullable column is cleared by a missing value, except in a
 * new row, where a missing value leaves the column to its database default (an explicit null still clears).
 */
const fromBody = (c: Column, inserting: boolean, body = 'body') =>
  c.isRequired || c.type.kind === 'json' || (inserting && hasDefault(c)) ? `${body}.${c.field}` : `${body}.${c.field} ?? null`;

/**
 * Who and when, on the columns that exist: create_by/create_time on insert, update_by/update_time on
 * update; a dept_id/user_id the dialog does not send takes the operator's.
 */
function stamped(n: Names, when: 'create' | 'update'): string[] {
  const out: string[] = [];
  const by = n.has(`${when}_by`);
  const time = n.has(`${when}_time`);
  if (by?.type.kind === 'text') out.push(`${by.field}: session.userName`);
  if (time?.type.kind === 'timestamp') out.push(`${time.field}: new Date(deps.now())`);
  if (when === 'create') {
    const form = formColumns(n);
    const dept = n.has('dept_id');
    const user = n.has('user_id');
    if (dept && isNumeric(dept.type.kind) && !form.includes(dept)) out.push(`${dept.field}: session.deptId${dept.isRequired ? ' ?? 0' : ''}`);
    if (user && isNumeric(user.type.kind) && !form.includes(user)) out.push(`${user.field}: session.userId`);
  }
  return out;
}

/** Names of the body → columns functions: one when add and edit write the same columns. */
function fieldsNames(n: Names): { insert: string; edit: string } {
  const form = formColumns(n);
  const same = n.pk.isIncrement && form.every((c) => c.isInsert === c.isEdit && fromBody(c, true) === fromBody(c, false));
  return same ? { insert: 'fieldsOf', edit: 'fieldsOf' } : { insert: 'insertFields', edit: 'editFields' };
}

function fieldsFunctions(n: Names, body: string): string {
  const form = formColumns(n);
  const names = fieldsNames(n);
  const obj = (cols: Column[], inserting: boolean) => cols.map((c) => `  ${c.field}: ${fromBody(c, inserting)},`).join('\n');
  const insert = `const ${names.insert} = (body: ${body}) => ({
${obj([...(n.pk.isIncrement ? [] : [n.pk]), ...form.filter((c) => c.isInsert)], true)}
});`;
  if (names.insert === names.edit) return insert;
  return `${insert}

const ${names.edit} = (body: ${body}) => ({
${obj(form.filter((c) => c.isEdit), false)}
});`;
}

/** created(…)/updated(…): who and when, where the table has those columns. */
function stampFunctions(n: Names): string {
  return (['create', 'update'] as const)
    .map((when) => {
      const fields = stamped(n, when);
      if (fields.length === 0) return '';
      // An unused parameter keeps its place (both are always passed), marked unused.
      const used = (name: string) => (fields.some((f) => f.includes(`${name}.`)) ? name : `_${name}`);
      const owner = fields.some((f) => f.startsWith(`${n.has('dept_id')?.field}:`) || f.startsWith(`${n.has('user_id')?.field}:`));
      const note = when === 'update' ? 'Who and when of a change.' : `Who and when of a new row${owner ? '; the owner the dialog does not set is the operator' : ''}.`;
      return `/** ${note} */
const ${when}d = (${used('deps')}: Deps, ${used('session')}: LoginSession) => ({ ${fields.join(', ')} });`;
    })
    .filter(Boolean)
    .join('\n\n');
}

/** The object written on insert or update: the body's columns, then the stamps when there are any. */
function written(n: Names, when: 'create' | 'update'): string {
  const names = fieldsNames(n);
  const fields = `${when === 'create' ? names.insert : names.edit}(body)`;
  return stamped(n, when).length ? `{ ...${fields}, ...${when}d(deps, session) }` : fields;
}

function scopeFunction(n: Names): string {
  const dept = n.has('dept_id');
  const user = n.has('user_id');
  const T = n.table;
  if (dept && user) {
    return `/** Data scope (contract §5.3) through the row's department and owner. */
const scopeOf = (session: LoginSession, permission: string) => dataScopeFilter(session, permission, { dept: ${T}.${dept.field}, user: ${T}.${user.field} });`;
  }
  if (dept) {
    return `/** Data scope (contract §5.3) through the row's department. */
const scopeOf = (session: LoginSession, permission: string) => dataScopeFilter(session, permission, { dept: ${T}.${dept.field} });`;
  }
  if (user) {
    return `/** Data scope (contract §5.3) through the department of the row's owner, as the user list applies it. */
function scopeOf(session: LoginSession, permission: string): SQL | undefined {
  const users = dataScopeFilter(session, permission, { dept: sysUser.deptId, user: sysUser.userId });
  return users && inArray(${T}.${user.field}, sql\`(select \${sysUser.userId} from \${sysUser} where \${users})\`);
}`;
  }
  return `/** The table has no dept_id/user_id, so every row is within everyone's data scope. */
const scopeOf = (_session: LoginSession, _permission: string): SQL | undefined => undefined;`;
}

function excelColumn(c: Column): string {
  const dict = c.dictType ? `, dict: dicts[${tsString(c.dictType)}]` : '';
  return `    { header: ${tsString(c.label)}, value: (r) => r.${c.field}${dict} },`;
}

/** A sheet cell as the body schema expects the value. */
function cellValue(c: Column): string {
  const cell = `cells[${tsString(c.label)}]`;
  if (c.dictType) return `reverseDict(dicts[${tsString(c.dictType)}], ${cell})`;
  if (isNumeric(c.type.kind)) return `${cell} ? Number(${cell}) : undefined`;
  if (c.type.kind === 'bool') return `${cell} ? ['true', '1', '是'].includes(${cell}) : undefined`;
  return `${cell} || undefined`;
}

function importFunctions(n: Names, keyType: string, hasDicts: boolean): string {
  const cols = importColumns(n);
  const first = cols.find((c) => c.type.kind === 'text') ?? n.pk;
  const keyCell = `cells[${tsString(n.pk.label)}]`;
  const keyValue = keyType === 'number' ? `/^\\d{1,15}$/.test(${keyCell} ?? '') ? Number(${keyCell}) : undefined` : `${keyCell} || undefined`;
  const dicts = hasDicts ? ', dicts: Record<string, Record<string, string>>' : '';
  return `
/** Import template columns; rows are read back by these titles. A filled ${commentSafe(n.pk.label)} updates that row. */
const IMPORT_HEADERS = [${[n.pk, ...cols].map((c) => tsString(c.label)).join(', ')}];
export const TEMPLATE_COLUMNS: ExcelColumn<never>[] = IMPORT_HEADERS.map((header) => ({ header, value: () => null }));

function parseRow(cells: Record<string, string>${dicts}): ${n.Business}Body {
  const parsed = ${n.business}Body.safeParse({
${cols.map((c) => `    ${c.field}: ${cellValue(c)},`).join('\n')}
  });
  if (!parsed.success) throw new ServiceError(parsed.error.issues[0]?.message ?? '数据格式不正确');
  return parsed.data;
}

/** POST importData: one transaction; when any row fails nothing is written and every failure is listed. */
export async function import${n.entity}s(deps: Deps, session: LoginSession, data: Buffer, updateSupport: boolean): Promise<string> {
${hasDicts ? '  const dicts = await loadDicts(deps);\n' : ''}  const scope = scopeOf(session, Perm.IMPORT);
  return importWorkbook(deps.database.db, data, {
    label: (cells) => \`${jsTemplateSafe(first.label)} \${cells[${tsString(first.label)}] ?? ''}\`,
    importOne: async (db, cells) => {
      const body = parseRow(cells${hasDicts ? ', dicts' : ''});
      const key = ${keyValue};
      const existing = key === undefined ? null : await find${n.entity}(db, key, scope);
      if (!existing) {
        await insert${n.entity}(db, ${written(n, 'create')});
        return 'inserted';
      }
      if (!updateSupport) return 'exists';
      await update${n.entity}(db, existing.${n.pk.field}, ${written(n, 'update')}, scope);
      return 'updated';
    },
    emptyMessage: ${tsString(`导入${n.title}数据不能为空！`)},
    maxRows: importRowLimit(await getConfigValue(deps, IMPORT_MAX_ROWS_KEY)),
  });
}
`;
}

/** Text put inside a JS template literal: backquotes, backslashes and \`\${\` escaped. */
const jsTemplateSafe = (text: string) => text.replace(/[\\`]/g, (c) => `\\${c}`).replace(/\$\{/g, '\\${');
const commentSafe = (text: string) => text.replace(/\*\//g, '*\\/');

function treeChecks(n: Names, model: GenTableModel): { insert: string; update: string; remove: string } {
  const parent = model.tplCategory === 'tree' && model.tree ? n.has(model.tree.parentColumn) : undefined;
  if (!parent) return { insert: '', update: '', remove: '' };
  const t = n.title;
  const p = `body.${parent.field}`;
  return {
    insert: `
  if (${p} && !(await find${n.entity}(db, ${p}, undefined))) throw new ServiceError(${tsString(`上级${t}不存在`)});`,
    update: `
  if (${p} && (await isSelfOrAncestor(db, ${p}, id))) throw new ServiceError(${tsString(`修改${t}失败，上级${t}不能是自己或自己的下级`)});`,
    remove: `
  for (const id of ${n.pk.field}s) {
    if (await hasChildren(db, id)) throw new ServiceError(${tsString(`存在下级${t},不允许删除`)});
  }`,
  };
}

function childParts(n: Names, child: Child | undefined) {
  if (!child) return { get: '', insert: '', update: '', remove: '', fields: '' };
  const c = child.names;
  const list = childListField(c);
  const rows = `(body.${list} ?? []).map((item) => ({ ...childFields(item), ${child.fk.field}: id }))`;
  return {
    fields: `const childFields = (item: ${c.entity}Body) => ({\n${formColumns(c)
      .filter((col) => col.columnName !== child.fk.columnName)
      // Child rows are written anew on every save, so they always take the defaults.
      .map((col) => `  ${col.field}: ${fromBody(col, true, 'item')},`)
      .join('\n')}\n});`,
    get: `, ${list}: await ${c.table}Rows(deps.database.db, row.${n.pk.field})`,
    insert: `\n    await insert${c.entity}Rows(tx, ${rows});`,
    update: `\n    await delete${c.entity}Rows(tx, [id]);\n    await insert${c.entity}Rows(tx, ${rows});`,
    remove: `\n    await delete${c.entity}Rows(tx, ${n.pk.field}s);`,
  };
}

const LOAD_DICTS = (types: string[]) => `
/** Code → label of each dictionary the sheets use, read when the export or import runs. */
async function loadDicts(deps: Deps): Promise<Record<string, Record<string, string>>> {
  const types = [${types.map(tsString).join(', ')}];
  const entries = await Promise.all(
    types.map(async (type) => [type, Object.fromEntries((await getDictDataByType(deps, type)).map((d) => [String(d.dictValue), String(d.dictLabel)]))] as const),
  );
  return Object.fromEntries(entries);
}
`;

/** get/add/edit/remove: one statement each, or one transaction with the child rows of the sub template. */
function crudFunctions(n: Names, tree: ReturnType<typeof treeChecks>, sub: ReturnType<typeof childParts>): string {
  const key = tsKeyType(n);
  const ids = `${n.pk.field}s`;
  const get = sub.get
    ? `export async function get${n.entity}(deps: Deps, session: LoginSession, ${n.pk.field}: ${key}) {
  const row = await find${n.entity}(deps.database.db, ${n.pk.field}, scopeOf(session, Perm.QUERY));
  return row ? { ...row${sub.get} } : null;
}`
    : `export function get${n.entity}(deps: Deps, session: LoginSession, ${n.pk.field}: ${key}) {
  return find${n.entity}(deps.database.db, ${n.pk.field}, scopeOf(session, Perm.QUERY));
}`;
  const add = sub.insert
    ? `  return db.transaction(async (tx) => {
    const id = await insert${n.entity}(tx, ${written(n, 'create')});${sub.insert}
    return 1;
  });`
    : `  await insert${n.entity}(db, ${written(n, 'create')});
  return 1;`;
  const edit = sub.update
    ? `  return db.transaction(async (tx) => {
    const changed = await update${n.entity}(tx, id, ${written(n, 'update')}, scope);
    if (changed === 0) return 0;${sub.update}
    return changed;
  });`
    : `  return update${n.entity}(db, id, ${written(n, 'update')}, scope);`;
  const remove = sub.remove
    ? `  return db.transaction(async (tx) => {${sub.remove}
    return delete${n.entity}s(tx, ${ids}, scope);
  });`
    : `  return delete${n.entity}s(db, ${ids}, scope);`;
  return `${get}

export async function add${n.entity}(deps: Deps, session: LoginSession, body: ${n.Business}Body): Promise<number> {
  const { db } = deps.database;${tree.insert}
${add}
}

export async function edit${n.entity}(deps: Deps, session: LoginSession, body: ${n.Business}Body): Promise<number> {
  const { db } = deps.database;
  const id = body.${n.pk.field};
  if (id === undefined) return 0;
  const scope = await assertVisible(db, session, Perm.EDIT, [id]);${tree.update}
${edit}
}

export async function remove${n.entity}s(deps: Deps, session: LoginSession, ${ids}: ${key}[]): Promise<number> {
  const { db } = deps.database;
  const scope = await assertVisible(db, session, Perm.REMOVE, ${ids});${tree.remove}
${remove}
}`;
}

/** service.ts: the rules of the screen — data scope, who and when, tree and child-table integrity, Excel. */
export function renderService(n: Names, model: GenTableModel): string {
  const T = n.table;
  const key = tsKeyType(n);
  const child = childNames(model);
  const tree = treeChecks(n, model);
  const sub = childParts(n, child);
  const dictTypes = [...new Set([...listColumns(n), ...importColumns(n)].map((c) => c.dictType).filter(Boolean))];
  const isTree = model.tplCategory === 'tree';
  const exportDicts = listColumns(n).some((c) => c.dictType);
  const importDicts = importColumns(n).some((c) => c.dictType);
  const list = isTree
    ? `/** The whole tree (no paging): the client builds it from the flat list. */
export function list${n.entity}s(deps: Deps, session: LoginSession, q: ${n.Business}Filters) {
  return ${T}List(deps.database.db, q, scopeOf(session, Perm.LIST)).all();
}`
    : `export function list${n.entity}s(deps: Deps, session: LoginSession, q: ${n.Business}Filters & ListQuery) {
  return ${T}List(deps.database.db, q, scopeOf(session, Perm.LIST)).page(q);
}`;
  const body = `type Deps = Pick<AppDeps, 'database' | 'kv' | 'now'>;

export const Perm = {
${PERMISSIONS.map((p) => `  ${p.toUpperCase()}: '${n.perm}:${p}',`).join('\n')}
} as const;

${scopeFunction(n)}

/** Refuses keys outside the caller's data scope, as upstream's checkDataScope does. */
async function assertVisible(db: Db, session: LoginSession, permission: string, ${n.pk.field}s: ${key}[]): Promise<SQL | undefined> {
  const scope = scopeOf(session, permission);
  if (scope && (await countVisible(db, ${n.pk.field}s, scope)) < new Set(${n.pk.field}s).size) throw new ServiceError(${tsString(`没有权限访问${n.title}数据！`)});
  return scope;
}

${[fieldsFunctions(n, `${n.Business}Body`), sub.fields, stampFunctions(n)].filter(Boolean).join('\n\n')}

${list}

export function export${n.entity}s(deps: Deps, session: LoginSession, q: ${n.Business}Filters) {
  return ${T}List(deps.database.db, q, scopeOf(session, Perm.EXPORT)).all();
}

${crudFunctions(n, tree, sub)}
${dictTypes.length > 0 ? LOAD_DICTS(dictTypes) : ''}
export const SHEET = ${tsString(`${n.title}数据`)};

export ${exportDicts ? `async function exportColumns(deps: Deps): Promise<ExcelColumn<${n.entity}>[]> {
  const dicts = await loadDicts(deps);
  return [` : `function exportColumns(): Promise<ExcelColumn<${n.entity}>[]> {
  return Promise.resolve([`}
${listColumns(n).map(excelColumn).join('\n')}
  ]${exportDicts ? '' : ')'};
}
${importFunctions(n, key, importDicts)}`;
  const childNamesList = child ? [child.names.entity + 'Body'] : [];
  const repoNames = [
    `${T}List`, `find${n.entity}`, 'countVisible', `insert${n.entity}`, `update${n.entity}`, `delete${n.entity}s`, 'hasChildren', 'isSelfOrAncestor',
    ...(child ? [`${child.names.table}Rows`, `insert${child.names.entity}Rows`, `delete${child.names.entity}Rows`] : []),
  ];
  return withImports(
    [
      importLine(body, ['inArray', 'sql', 'SQL'], 'drizzle-orm', ['SQL']),
      `import type { AppDeps } from '../../../app';`,
      `import type { LoginSession } from '../../../core/auth';`,
      importLine(body, ['dataScopeFilter'], '../../../core/datascope'),
      `import { ServiceError } from '../../../core/errors';`,
      importLine(body, ['ExcelColumn', 'IMPORT_MAX_ROWS_KEY', 'importRowLimit', 'importWorkbook', 'ListQuery'], '../../../core/list', ['ExcelColumn', 'ListQuery']),
      `import type { Db } from '../../../db/client';`,
      importLine(body, ['sysUser'], '../../../db/schema'),
      `import { getConfigValue } from '../../system/config/service';`,
      importLine(body, ['getDictDataByType'], '../../system/dict/cache'),
      importLine(body, ['reverseDict'], '../../system/user/excel'),
      importLine(body, repoNames, './repository'),
      importLine(body, [`${n.business}Body`, `${n.Business}Body`, `${n.Business}Filters`, ...childNamesList], './schema', [`${n.Business}Body`, `${n.Business}Filters`, ...childNamesList]),
      importLine(body, [T, n.entity], './table', [n.entity]),
    ],
    body,
  );
}
