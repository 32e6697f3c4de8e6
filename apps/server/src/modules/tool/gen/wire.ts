import { genTable, genTableColumn } from '../../../db/schema';
import { parseOptions } from './options';

export type GenTableRow = typeof genTable.$inferSelect;
export type GenColumnRow = typeof genTableColumn.$inferSelect;

/**
 * GenTable as RuoYi serialises it: the row, the options expanded into their own fields (the edit page
 * binds treeCode… and genView to them), the template flags and, when loaded, the columns and primary key.
 */
export function genTableJson(row: GenTableRow, columns?: GenColumnRow[]) {
  const options = parseOptions(row.options);
  return {
    ...row,
    treeCode: options.treeCode ?? null,
    treeParentCode: options.treeParentCode ?? null,
    treeName: options.treeName ?? null,
    parentMenuId: options.parentMenuId ?? null,
    parentMenuName: options.parentMenuName ?? null,
    genView: options.genView ? '1' : '0',
    crud: row.tplCategory === 'crud',
    tree: row.tplCategory === 'tree',
    sub: row.tplCategory === 'sub',
    ...(columns ? { columns, pkColumn: columns.find((c) => c.isPk === '1') ?? null } : {}),
  };
}
