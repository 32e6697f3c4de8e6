/** RuoYi's TreeSelect: `children` is left out when empty. */
export interface TreeSelect {
  id: number;
  label: string;
  disabled: boolean;
  children?: TreeSelect[];
}

interface TreeSource {
  id: number;
  parentId: number;
  label: string;
  disabled: boolean;
}

/**
 * Builds a TreeSelect forest from rows already in display order. Rows whose parent is not in the
 * list become roots, so a filtered or permission-limited list still shows every row it holds.
 */
export function buildTreeSelect(rows: TreeSource[]): TreeSelect[] {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<number, TreeSource[]>();
  for (const r of rows) {
    const siblings = childrenOf.get(r.parentId);
    if (siblings) siblings.push(r);
    else childrenOf.set(r.parentId, [r]);
  }
  const build = (r: TreeSource, path: Set<number>): TreeSelect => {
    const node: TreeSelect = { id: r.id, label: r.label, disabled: r.disabled };
    const kids = (childrenOf.get(r.id) ?? []).filter((c) => !path.has(c.id));
    if (kids.length > 0) node.children = kids.map((c) => build(c, new Set(path).add(c.id)));
    return node;
  };
  return rows.filter((r) => !ids.has(r.parentId)).map((r) => build(r, new Set([r.id])));
}
