import type { GenTableModel } from '../model';
import { ServiceError } from '../../../../core/errors';
import { sqlName } from './escape';
import { namesOf, type Column, type Names } from './names';

export interface Child {
  names: Names;
  /** The child's column holding the master key. */
  fk: Column;
}

/** The child table of the sub template, named inside the master's module. */
export function childNames(model: GenTableModel): Child | undefined {
  if (model.tplCategory !== 'sub' || !model.sub) return undefined;
  const names = namesOf({ ...model.sub.table, moduleName: model.moduleName, businessName: model.businessName });
  const fk = names.has(sqlName(model.sub.fkColumn, '子表外键名'));
  if (!fk) throw new ServiceError(`子表${model.sub.table.tableName}没有外键字段${model.sub.fkColumn}`);
  return { names, fk };
}

/** The body property carrying the child rows: bizOrderItemList. */
export const childListField = (child: Names) => `${child.table}List`;
