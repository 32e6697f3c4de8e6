/** Reading node-sql-parser's syntax trees, which are loosely typed and differ between dialects. */

export type Dialect = 'postgresql' | 'mysql';
export type Node = Record<string, unknown>;

/** A refusal; the message (Chinese) goes after 「创建表结构异常：」. */
export class DdlError extends Error {}

export const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
export const present = (v: unknown) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);

/** Keys of `node` holding something that `allowed` does not name. */
export const unexpectedKeys = (node: Node, allowed: readonly string[]) => Object.keys(node).filter((k) => present(node[k]) && !allowed.includes(k));
