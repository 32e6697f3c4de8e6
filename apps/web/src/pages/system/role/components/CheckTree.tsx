import { useState } from 'react';
import { Checkbox, Empty, Tree } from 'antd';
import type { TreeNode } from '../../../../types/api';
import { allKeys, parentKeys } from './treeKeys';

interface CheckTreeProps {
  /** Accessible name of the tree (菜单权限 / 数据权限). */
  name: string;
  treeData: TreeNode[];
  loading: boolean;
  checked: number[];
  onCheckedChange: (checked: number[]) => void;
  /** 父子联动: checking a parent checks its children (menuCheckStrictly / deptCheckStrictly). */
  linked: boolean;
  onLinkedChange: (linked: boolean) => void;
  /** Start expanded (the data-scope tree does; the menu tree does not). */
  defaultExpanded?: boolean;
}

type TreeData = { key: number; title: string; disabled?: boolean; children?: TreeData[] };

const toAntd = (nodes: TreeNode[]): TreeData[] =>
  nodes.map((n) => ({ key: n.id, title: n.label, children: n.children ? toAntd(n.children) : undefined }));

/**
 * A checkable tree with the role screen's three switches: 展开/折叠 (top-level nodes), 全选/全不选 and 父子联动.
 * The parent keeps the checked ids; with 父子联动 they are the fully checked ids antd reports.
 */
export default function CheckTree({
  name,
  treeData,
  loading,
  checked,
  onCheckedChange,
  linked,
  onLinkedChange,
  defaultExpanded = false,
}: CheckTreeProps) {
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const expandedKeys = expanded ?? (defaultExpanded ? parentKeys(treeData) : []);
  const everything = allKeys(treeData);
  const allChecked = everything.length > 0 && everything.every((k) => checked.includes(k));

  return (
    <div className="role-check-tree">
      <div style={{ marginBottom: 4 }}>
        <Checkbox
          checked={expanded === null ? defaultExpanded : expanded.length > 0}
          onChange={(e) => setExpanded(e.target.checked ? treeData.filter((n) => n.children?.length).map((n) => n.id) : [])}
        >
          展开/折叠
        </Checkbox>
        <Checkbox checked={allChecked} onChange={(e) => onCheckedChange(e.target.checked ? everything : [])}>
          全选/全不选
        </Checkbox>
        <Checkbox checked={linked} onChange={(e) => onLinkedChange(e.target.checked)}>
          父子联动
        </Checkbox>
      </div>
      <div
        aria-label={name}
        role="group"
        style={{ border: '1px solid var(--ant-color-border, #e5e6e7)', borderRadius: 4, padding: 4, maxHeight: 320, overflow: 'auto' }}
      >
        {treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? '加载中，请稍候' : '暂无数据'} />
        ) : (
          <Tree<TreeData>
            checkable
            selectable={false}
            checkStrictly={!linked}
            treeData={toAntd(treeData)}
            expandedKeys={expandedKeys}
            onExpand={(keys) => setExpanded(keys.map(Number))}
            checkedKeys={checked}
            onCheck={(keys) => onCheckedChange((Array.isArray(keys) ? keys : keys.checked).map(Number))}
          />
        )}
      </div>
    </div>
  );
}
