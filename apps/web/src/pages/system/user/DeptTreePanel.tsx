import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Input, Spin, Tooltip, Tree } from 'antd';
import { ApartmentOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TreeNode } from '../../../types/api';

const STORAGE_KEY = 'dept-sidebar-width';
const MIN_WIDTH = 180;
const MAX_WIDTH = 400;
const DEFAULT_WIDTH = 220;

const clampWidth = (w: number) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w));

function storedWidth(): number {
  const saved = Number(localStorage.getItem(STORAGE_KEY));
  return saved ? clampWidth(saved) : DEFAULT_WIDTH;
}

/** Nodes whose label contains the text, with the ancestors leading to them. */
function filterTree(nodes: TreeNode[], text: string): TreeNode[] {
  if (!text) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], text);
    return n.label.includes(text) || children.length ? [{ ...n, children }] : [];
  });
}

const allKeys = (nodes: TreeNode[]): number[] => nodes.flatMap((n) => [n.id, ...allKeys(n.children ?? [])]);

interface TreeData {
  key: number;
  title: string;
  children?: TreeData[];
}

const toTreeData = (nodes: TreeNode[]): TreeData[] =>
  nodes.map((n) => ({ key: n.id, title: n.label, children: n.children?.length ? toTreeData(n.children) : undefined }));

interface DeptTreePanelProps {
  tree: TreeNode[];
  loading: boolean;
  selected?: number;
  onSelect: (deptId: number | undefined) => void;
  onRefresh: () => void;
}

/** 组织机构 panel of 用户管理 (screens §7.11): filterable tree, resizable by its right edge. */
export default function DeptTreePanel({ tree, loading, selected, onSelect, onRefresh }: DeptTreePanelProps) {
  const [width, setWidth] = useState(storedWidth);
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<number[]>([]);
  const frame = useRef(0);

  const shown = useMemo(() => filterTree(tree, filter.trim()), [tree, filter]);
  useEffect(() => setExpanded(allKeys(shown)), [shown]);
  const expandedAll = expanded.length > 0 && expanded.length === allKeys(shown).length;

  const startResize = useCallback(
    (startX: number) => {
      const startWidth = width;
      let latest = startWidth;
      const move = (x: number) => {
        latest = clampWidth(startWidth + x - startX);
        cancelAnimationFrame(frame.current);
        frame.current = requestAnimationFrame(() => setWidth(latest));
      };
      const onMouse = (e: MouseEvent) => move(e.clientX);
      const onTouch = (e: TouchEvent) => e.touches[0] && move(e.touches[0].clientX);
      const stop = () => {
        localStorage.setItem(STORAGE_KEY, String(latest));
        window.removeEventListener('mousemove', onMouse);
        window.removeEventListener('touchmove', onTouch);
        window.removeEventListener('mouseup', stop);
        window.removeEventListener('touchend', stop);
      };
      window.addEventListener('mousemove', onMouse);
      window.addEventListener('touchmove', onTouch);
      window.addEventListener('mouseup', stop);
      window.addEventListener('touchend', stop);
    },
    [width],
  );

  return (
    <aside className="dept-tree-panel" style={{ '--dept-panel-width': `${width}px` } as React.CSSProperties}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginBottom: 8 }}>
        <ApartmentOutlined />
        <strong style={{ flex: 1 }}>组织机构</strong>
        <Button type="link" size="small" onClick={() => setExpanded(expandedAll ? [] : allKeys(shown))}>
          {expandedAll ? '收起全部' : '展开全部'}
        </Button>
        <Tooltip title="刷新">
          <Button type="text" size="small" aria-label="刷新部门" icon={<ReloadOutlined />} onClick={onRefresh} />
        </Tooltip>
      </div>
      <Input allowClear placeholder="请输入部门名称" value={filter} onChange={(e) => setFilter(e.target.value)} style={{ marginBottom: 8 }} />
      <Spin spinning={loading}>
        {shown.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <Tree<TreeData>
            blockNode
            treeData={toTreeData(shown)}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys as number[])}
            selectedKeys={selected === undefined ? [] : [selected]}
            onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : Number(keys[0]))}
          />
        )}
      </Spin>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="调整宽度"
        onMouseDown={(e) => {
          e.preventDefault();
          startResize(e.clientX);
        }}
        onTouchStart={(e) => e.touches[0] && startResize(e.touches[0].clientX)}
        style={{ position: 'absolute', top: 0, right: 0, bottom: 0, width: 6, cursor: 'col-resize' }}
      />
    </aside>
  );
}
