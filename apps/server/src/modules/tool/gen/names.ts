/**
 * Names derived from SQL identifiers. Every name the generator stores ends up in file paths, permission
 * strings and TypeScript source, so only the shapes here and in packages/shared (gen.ts) are let through.
 */
import { CAMEL_IDENTIFIER } from '@acs/shared';

/** A PostgreSQL identifier we accept from users and the catalog: lower-case snake case, at most 63 bytes. */
export const SQL_IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

const words = (snake: string) => snake.split('_').filter(Boolean);
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `biz_customer` → `BizCustomer`. */
export const pascalCase = (snake: string) => words(snake).map(capitalize).join('');

/** `create_time` → `createTime`. */
export function camelCase(snake: string): string {
  const pascal = pascalCase(snake);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** RuoYi: the part of the table name after the last `_` (`biz_customer` → `customer`), when it is a name at all. */
export function businessNameOf(tableName: string): string {
  const last = tableName.slice(tableName.lastIndexOf('_') + 1);
  return CAMEL_IDENTIFIER.test(last) ? last : camelCase(tableName).slice(0, 30);
}

/** RuoYi: the table comment without its trailing 表 (客户信息表 → 客户信息); the table name when there is no comment. */
export function functionNameOf(tableName: string, tableComment: string): string {
  const name = tableComment.trim().replace(/表$/, '') || tableName;
  return name.slice(0, 50);
}
