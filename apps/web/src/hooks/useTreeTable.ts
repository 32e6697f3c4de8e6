import { useMemo, useState } from 'react';
import { handleTree } from '../utils/ruoyi';
import { toast } from '../utils/feedback';

type TreeRow<T> = Omit<T, 'children'> & { children?: TreeRow<T>[] };

/**
 * State of the tree-table screens (菜单管理, 部门管理): the flat server list as a tree, 展开/折叠 of every
 * branch, and the inline order numbers that 保存排序 sends (only rows whose number changed since load).
 */
export function useTreeTable<T extends { orderNum: number; parentId: number }>(rows: T[], idKey: keyof T, expandedByDefault: boolean) {
  const tree = useMemo(() => handleTree(rows, idKey) as TreeRow<T>[], [rows, idKey]);
  const branchKeys = useMemo(() => {
    const parents = new Set<unknown>(rows.map((r) => r.parentId));
    return rows.map((r) => r[idKey] as React.Key).filter((k) => parents.has(k));
  }, [rows, idKey]);
  const [expandAll, setExpandAll] = useState(expandedByDefault);
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  const [orders, setOrders] = useState<Map<React.Key, number>>(new Map());

  const expandedKeys = expanded ?? (expandAll ? branchKeys : []);

  return {
    tree,
    expandedKeys,
    setExpandedKeys: (keys: readonly React.Key[]) => setExpanded([...keys]),
    toggleExpandAll: () => {
      setExpandAll((v) => !v);
      setExpanded(null);
    },
    orderOf: (row: T) => orders.get(row[idKey] as React.Key) ?? row.orderNum,
    setOrder: (row: T, value: number) => setOrders((m) => new Map(m).set(row[idKey] as React.Key, value)),
    /**
     * 保存排序: sends the rows whose number was edited to a different value as comma-joined ids and
     * numbers; warns when nothing changed. Resolves true when saved.
     */
    saveOrders: async (send: (ids: string, orderNums: string) => Promise<unknown>): Promise<boolean> => {
      const changed = rows.filter((r) => {
        const edited = orders.get(r[idKey] as React.Key);
        return edited !== undefined && edited !== r.orderNum;
      });
      if (changed.length === 0) {
        toast.warning('未检测到排序修改');
        return false;
      }
      await send(changed.map((r) => String(r[idKey])).join(','), changed.map((r) => String(orders.get(r[idKey] as React.Key))).join(','));
      toast.success('排序保存成功');
      setOrders(new Map());
      return true;
    },
  };
}

/**
 * Search state of a tree screen for the shared SearchBar: no paging and no date range, so 搜索 just
 * applies the draft and 重置 the initial filters.
 */
export function useTreeSearch<Filters extends object>(initial: Filters) {
  const [applied, setApplied] = useState<Filters>(initial);
  const [showSearch, setShowSearch] = useState(true);
  return {
    applied,
    showSearch,
    setShowSearch,
    list: {
      showSearch,
      search: (next?: Partial<Filters>) => setApplied({ ...initial, ...next }),
      reset: () => setApplied(initial),
      setDateRange: () => undefined,
    },
  };
}
