import { isNumeric, isTime, isWholeNumber } from '../columns';
import { tsString } from '../escape';
import { filtersOf } from '../filters';
import { formColumns, type Column, type Names } from '../names';
import type { GenTableModel } from '../../model';
import { importLine, withImports } from '../imports';
import { childListField, childNames } from '../sub';

/** Text columns without a declared length still get a bound, so a body cannot be arbitrarily large. */
const TEXT_MAX = 10_000;

const limitOf = (n: Names, c: Column) => (c.type.length ? `${n.table}.${c.field}` : 'TEXT_MAX');

/** The zod schema of one body field, with RuoYi's Chinese messages. */
function bodyField(n: Names, c: Column): string {
  const L = c.label;
  const msg = (suffix: string) => tsString(`${L}${suffix}`);
  const optional = (expr: string) => (c.isRequired ? expr : `${expr}.nullish()`);
  switch (c.type.kind) {
    case 'text':
      return c.isRequired ? `requiredBoundedText(${tsString(L)}, ${limitOf(n, c)})` : `boundedText(${tsString(L)}, ${limitOf(n, c)}).nullish()`;
    case 'int':
    case 'bigint':
      return c.isRequired ? `requiredNumber(${msg('不能为空')})` : `z.number({ error: ${msg('必须是数字')} }).int(${msg('必须是整数')}).nullish()`;
    case 'decimal':
    case 'float':
      return optional(`z.number({ error: ${msg(c.isRequired ? '不能为空' : '必须是数字')} })`);
    case 'bool':
      return optional(`z.boolean({ error: ${msg(c.isRequired ? '不能为空' : '必须是布尔值')} })`);
    case 'timestamp':
      return optional(`wireDateTime(${tsString(L)})`);
    case 'date':
      return optional(`wireDate(${tsString(L)})`);
    case 'json':
      return 'z.unknown()';
  }
}

/** The key field: optional when the database assigns it, required on add otherwise. */
function keyField(n: Names): string {
  const { pk } = n;
  if (pk.isIncrement) return `z.number().int().positive().optional()`;
  return pk.type.kind === 'text' ? `requiredBoundedText(${tsString(pk.label)}, ${limitOf(n, pk)})` : `requiredNumber(${tsString(`${pk.label}不能为空`)})`;
}

function filterField(n: Names, c: Column): string {
  if (c.type.kind === 'bool') return 'queryBool.optional()';
  if (isNumeric(c.type.kind)) {
    const number = `z.coerce.number<string>({ error: ${tsString(`${c.label}必须是数字`)} })`;
    return isWholeNumber(c.type.kind) ? `${number}.int(${tsString(`${c.label}必须是整数`)}).optional()` : `${number}.optional()`;
  }
  if (isTime(c.type.kind)) return `dayFilter(${tsString(c.label)})`;
  return `filterText(${tsString(c.label)}, ${limitOf(n, c)})`;
}

function bodyObject(n: Names, skip: (c: Column) => boolean = () => false): string {
  const fields = formColumns(n).filter((c) => !skip(c));
  return [`  ${n.pk.field}: ${keyField(n)},`, ...fields.map((c) => `  ${c.field}: ${bodyField(n, c)},`)].join('\n');
}

/** schema.ts: the add/edit body and the list/export filters. */
export function renderSchema(n: Names, model: GenTableModel): string {
  const child = childNames(model);
  const tables = child ? [n, child.names] : [n];
  const filters = filtersOf(n).filter((f) => !f.range);
  const parts: string[] = [];
  if (child) {
    const c = child.names;
    parts.push(`/** One ${c.title} row edited inside the ${n.title} dialog. */
export const ${c.table}Body = z.object({
${bodyObject(c, (col) => col.columnName === child.fk.columnName)}
});
export type ${c.entity}Body = z.infer<typeof ${c.table}Body>;
`);
  }
  const childField = child ? `\n  ${childListField(child.names)}: boundedList(${child.names.table}Body, ${tsString(child.names.title)}, 1000).optional(),` : '';
  parts.push(`/** ${n.entity} as the add/edit dialog sends it. */
export const ${n.business}Body = z.object({
${bodyObject(n)}${childField}
});
export type ${n.Business}Body = z.infer<typeof ${n.business}Body>;

const filters = {
${filters.map((f) => `  ${f.column.field}: ${filterField(n, f.column)},`).join('\n')}
};
export const ${n.business}ListQuery = listQuery.extend(filters);
export const ${n.business}ExportQuery = exportQuery.extend(filters);
export type ${n.Business}Filters = z.infer<typeof ${n.business}ExportQuery>;
`);
  const main = parts.join('\n');
  const helpers: string[] = [];
  if (/\bTEXT_MAX\b/.test(main)) helpers.push(`/** Text columns have no declared length; a bound keeps bodies and filters sane. */\nconst TEXT_MAX = ${TEXT_MAX};\n`);
  const body = [...helpers, main].join('\n');
  return withImports(
    [
      `import { z } from 'zod';`,
      importLine(body, ['exportQuery', 'listQuery', 'queryBool'], '../../../core/list'),
      importLine(body, ['boundedList', 'boundedText', 'dayFilter', 'filterText', 'requiredBoundedText', 'requiredNumber', 'wireDate', 'wireDateTime'], '../../../core/rules'),
      importLine(body, tables.map((t) => t.table), './table'),
    ],
    body,
  );
}
