import { commentText, tsLiteral } from '../escape';
import type { Column, Names } from '../names';

function columnLine(c: Column): string {
  const { builder, options } = c.type;
  let expr = `${builder}('${c.columnName}'${options ? `, ${options}` : ''})`;
  if (c.isPk) expr += c.isIncrement ? '.primaryKey().generatedByDefaultAsIdentity()' : '.primaryKey()';
  else if (c.isRequired) expr += '.notNull()';
  if (c.initial !== undefined) expr += `.default(${tsLiteral(c.initial)})`;
  else if (c.defaultNow) expr += '.defaultNow()';
  const doc = commentText(c.columnComment);
  return `${doc ? `  /** ${doc} */\n` : ''}  ${c.field}: ${expr},`;
}

export function tableDefinition(n: Names): string {
  const doc = commentText(n.model.tableComment) || n.title;
  return `/** ${doc} (${n.model.tableName}). */
export const ${n.table} = pgTable('${n.model.tableName}', {
${n.columns.map(columnLine).join('\n')}
});
export type ${n.entity} = typeof ${n.table}.$inferSelect;`;
}

/** table.ts: the Drizzle table(s); the sub template adds the child table. */
export function renderTableFile(tables: Names[]): string {
  const builders = [...new Set(tables.flatMap((n) => n.columns.map((c) => c.type.builder)))].sort();
  return `import { ${['pgTable', ...builders].sort().join(', ')} } from 'drizzle-orm/pg-core';

${tables.map(tableDefinition).join('\n\n')}
`;
}
