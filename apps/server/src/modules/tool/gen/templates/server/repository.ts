import type { GenTableModel } from '../../model';
import { isNumeric } from '../columns';
import { OPERATOR, SQL_OPERATOR, filtersOf, type Filter } from '../filters';
import { importLine, withImports } from '../imports';
import { listColumns, type Names } from '../names';
import { childNames, type Child } from '../sub';

function condition(n: Names, f: Filter): string {
  const col = `${n.table}.${f.column.field}`;
  const value = `q.${f.column.field}`;
  if (f.range) return `...dayRange(${col}, q),`;
  const { kind } = f.column.type;
  if (kind === 'timestamp') return `${value} ? sql\`(\${${col}} at time zone 'Asia/Shanghai')::date ${SQL_OPERATOR[f.op]} \${${value}}::date\` : undefined,`;
  if (kind === 'date') return `${value} ? sql\`\${${col}} ${SQL_OPERATOR[f.op]} \${${value}}::date\` : undefined,`;
  const present = isNumeric(kind) || kind === 'bool' ? `${value} !== undefined` : value;
  const arg = f.op === 'LIKE' ? `likePattern(${value})` : value;
  return `${present} ? ${OPERATOR[f.op]}(${col}, ${arg}) : undefined,`;
}

function defaultOrder(n: Names, model: GenTableModel): string {
  const parent = model.tplCategory === 'tree' && model.tree ? n.has(model.tree.parentColumn) : undefined;
  return parent ? `[asc(${n.table}.${parent.field}), asc(${n.table}.${n.pk.field})]` : `[desc(${n.table}.${n.pk.field})]`;
}

function childFunctions(n: Names, child: Child): string {
  const c = child.names;
  const fk = `${c.table}.${child.fk.field}`;
  return `
/** The ${c.title} rows of one ${n.title}, in entry order. */
export function ${c.table}Rows(db: Db, ${n.pk.field}: ${tsKeyType(n)}): Promise<${c.entity}[]> {
  return db.select().from(${c.table}).where(eq(${fk}, ${n.pk.field})).orderBy(asc(${c.table}.${c.pk.field}));
}

export async function insert${c.entity}Rows(db: Db, rows: (typeof ${c.table}.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(${c.table}).values(rows);
}

export async function delete${c.entity}Rows(db: Db, ${n.pk.field}s: ${tsKeyType(n)}[]): Promise<void> {
  await db.delete(${c.table}).where(inArray(${fk}, ${n.pk.field}s));
}
`;
}

function treeFunctions(n: Names, model: GenTableModel): string {
  const parent = model.tree && n.has(model.tree.parentColumn);
  if (model.tplCategory !== 'tree' || !parent) return '';
  const T = n.table;
  const key = tsKeyType(n);
  return `
export async function hasChildren(db: Db, ${n.pk.field}: ${key}): Promise<boolean> {
  const [row] = await db.select({ id: ${T}.${n.pk.field} }).from(${T}).where(eq(${T}.${parent.field}, ${n.pk.field})).limit(1);
  return Boolean(row);
}

/** Whether \`ancestor\` is the node itself or above it; the walk up stops at a root or a cycle. */
export async function isSelfOrAncestor(db: Db, node: ${key}, ancestor: ${key}): Promise<boolean> {
  const seen = new Set<${key}>();
  for (let id: ${key} | null = node; id !== null && !seen.has(id); ) {
    if (id === ancestor) return true;
    seen.add(id);
    const [row] = await db.select({ parent: ${T}.${parent.field} }).from(${T}).where(eq(${T}.${n.pk.field}, id)).limit(1);
    id = row?.parent ?? null;
  }
  return false;
}
`;
}

/** The TypeScript type of the key column. */
export const tsKeyType = (n: Names) => (isNumeric(n.pk.type.kind) ? 'number' : 'string');

/** repository.ts: the queries, each taking the caller's data scope where rows are read or changed. */
export function renderRepository(n: Names, model: GenTableModel): string {
  const T = n.table;
  const key = tsKeyType(n);
  const child = childNames(model);
  const sortable = [n.pk, ...listColumns(n).filter((c) => !c.isPk && c.type.kind !== 'json')];
  const body = `/** The search of the list and the export, with the caller's data scope. */
function where(q: ${n.Business}Filters, scope: SQL | undefined): SQL | undefined {
  return and(
${filtersOf(n).map((f) => `    ${condition(n, f)}`).join('\n')}
    scope,
  );
}

const sortable = { ${sortable.map((c) => `${c.field}: ${T}.${c.field}`).join(', ')} };
const defaultOrder = ${defaultOrder(n, model)};

/** List and export reads: the same filter and order, paged or whole. */
export const ${T}List = (db: Db, q: ${n.Business}Filters, scope: SQL | undefined) =>
  tableList(db, ${T}, where(q, scope), orderBy(q, sortable, defaultOrder));

export async function find${n.entity}(db: Db, ${n.pk.field}: ${key}, scope: SQL | undefined): Promise<${n.entity} | null> {
  const [row] = await db.select().from(${T}).where(and(eq(${T}.${n.pk.field}, ${n.pk.field}), scope)).limit(1);
  return row ?? null;
}

/** How many of the keys exist within the scope. */
export async function countVisible(db: Db, ${n.pk.field}s: ${key}[], scope: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(${T}).where(and(inArray(${T}.${n.pk.field}, ${n.pk.field}s), scope));
  return row.n;
}

export async function insert${n.entity}(db: Db, values: typeof ${T}.$inferInsert): Promise<${key}> {
  const [row] = await db.insert(${T}).values(values).returning({ id: ${T}.${n.pk.field} });
  return row.id;
}

export async function update${n.entity}(db: Db, ${n.pk.field}: ${key}, values: Partial<typeof ${T}.$inferInsert>, scope: SQL | undefined): Promise<number> {
  const rows = await db.update(${T}).set(values).where(and(eq(${T}.${n.pk.field}, ${n.pk.field}), scope)).returning({ id: ${T}.${n.pk.field} });
  return rows.length;
}

export async function delete${n.entity}s(db: Db, ${n.pk.field}s: ${key}[], scope: SQL | undefined): Promise<number> {
  const rows = await db.delete(${T}).where(and(inArray(${T}.${n.pk.field}, ${n.pk.field}s), scope)).returning({ id: ${T}.${n.pk.field} });
  return rows.length;
}
${treeFunctions(n, model)}${child ? childFunctions(n, child) : ''}`;
  const tables = child ? [T, child.names.table] : [T];
  const entities = child ? [n.entity, child.names.entity] : [n.entity];
  return withImports(
    [
      importLine(body, ['and', 'asc', 'count', 'desc', 'eq', 'gt', 'gte', 'inArray', 'like', 'lt', 'lte', 'ne', 'sql', 'SQL'], 'drizzle-orm', ['SQL']),
      importLine(body, ['dayRange', 'likePattern', 'orderBy', 'tableList'], '../../../core/list'),
      `import type { Db } from '../../../db/client';`,
      importLine(body, [...tables, ...entities], './table', entities),
      `import type { ${n.Business}Filters } from './schema';`,
    ],
    body,
  );
}
