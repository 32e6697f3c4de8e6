import { DATE_FORMAT } from '@acs/shared';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Formats a date-like value (Date, ISO or `yyyy-MM-dd HH:mm:ss` text, epoch ms, or ten-digit epoch
 * seconds) with the tokens YYYY MM DD HH mm ss; empty input gives ''.
 */
export function parseTime(value: unknown, pattern: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  let date: Date;
  if (value instanceof Date) date = value;
  else if (typeof value === 'number' || /^\d+$/.test(String(value))) {
    const n = Number(value);
    date = new Date(String(Math.trunc(n)).length === 10 ? n * 1000 : n);
  } else {
    // Server times are GMT+8 wall-clock strings without a zone; Safari needs '/' separators.
    date = new Date(String(value).replace(/-/g, '/').replace('T', ' ').replace(/\.\d+.*$/, ''));
  }
  if (Number.isNaN(date.getTime())) return '';
  const tokens: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => tokens[t]);
}

/** Adds a [begin, end] range as `params[beginTime]`/`params[endTime]` (or a custom property name). */
export function addDateRange<T extends object>(query: T, range: readonly string[] | null | undefined, propName?: string) {
  const params: Record<string, string> = {};
  if (range && range.length === 2 && range[0] && range[1]) {
    params[propName ? `begin${propName}` : 'beginTime'] = range[0];
    params[propName ? `end${propName}` : 'endTime'] = range[1];
  }
  return { ...query, params };
}

type TreeNode<T> = T & { children?: TreeNode<T>[] };

/** Builds a tree from a flat list (menu and dept lists come flat); orphans become roots. */
export function handleTree<T extends object>(list: T[], idKey: keyof T, parentKey: keyof T = 'parentId' as keyof T): TreeNode<T>[] {
  const byId = new Map<unknown, TreeNode<T>>();
  // Each node gets its own children: server rows carry `children: []`, and pushing into that shared
  // array would mutate the caller's (cached) data and duplicate rows on the next build.
  for (const item of list) byId.set(item[idKey], { ...item, children: undefined });
  const roots: TreeNode<T>[] = [];
  for (const node of byId.values()) {
    const parent = byId.get(node[parentKey]);
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
