import type { TreeNode } from '../../../../types/api';

/** Every node id of the tree, parents before children. */
export function allKeys(tree: readonly TreeNode[]): number[] {
  return tree.flatMap((n) => [n.id, ...allKeys(n.children ?? [])]);
}

/** Ids of the nodes that have children (what "expand all" opens). */
export function parentKeys(tree: readonly TreeNode[]): number[] {
  return tree.flatMap((n) => (n.children?.length ? [n.id, ...parentKeys(n.children)] : []));
}

/**
 * Checked and half-checked ids with parent and child linked: a checked node checks its subtree, a parent
 * is checked when all its children are and half-checked when only some are.
 */
export function conduct(tree: readonly TreeNode[], checked: readonly number[]): { checked: number[]; halfChecked: number[] } {
  const want = new Set(checked);
  const full: number[] = [];
  const half: number[] = [];
  const visit = (node: TreeNode, inherited: boolean): 'all' | 'some' | 'none' => {
    const self = inherited || want.has(node.id);
    const kids = node.children ?? [];
    if (kids.length === 0) {
      if (self) full.push(node.id);
      return self ? 'all' : 'none';
    }
    const states = kids.map((k) => visit(k, self));
    if (states.every((s) => s === 'all')) {
      full.push(node.id);
      return 'all';
    }
    if (states.some((s) => s !== 'none')) {
      half.push(node.id);
      return 'some';
    }
    return 'none';
  };
  for (const n of tree) visit(n, false);
  return { checked: full, halfChecked: half };
}

/**
 * The ids a role form sends (menuIds / deptIds): with parent and child linked, the checked plus the
 * half-checked ids, so a partly granted parent still reaches the sidebar; otherwise exactly the checked.
 */
export function submittedKeys(tree: readonly TreeNode[], checked: readonly number[], linked: boolean): number[] {
  if (!linked) return [...checked];
  const c = conduct(tree, checked);
  return [...c.checked, ...c.halfChecked];
}
