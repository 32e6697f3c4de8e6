import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import { AppstoreOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { TOOLBAR_GUTTER } from '@acs/shared';

export interface ToolbarColumn {
  key: string;
  label: string;
  visible: boolean;
}

interface RightToolbarProps {
  showSearch?: boolean;
  onShowSearchChange?: (show: boolean) => void;
  onRefresh?: () => void;
  /** Column chooser entries; the chooser is hidden without them. */
  columns?: ToolbarColumn[];
  onColumnsChange?: (columns: ToolbarColumn[]) => void;
  gutter?: number;
}

function ColumnChooser({ columns, onChange }: { columns: ToolbarColumn[]; onChange: (c: ToolbarColumn[]) => void }) {
  const shown = columns.filter((c) => c.visible).length;
  const setAll = (visible: boolean) => onChange(columns.map((c) => ({ ...c, visible })));
  const toggle = (key: string, visible: boolean) =>
    onChange(columns.map((c) => (c.key === key ? { ...c, visible } : c)));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <Checkbox
        checked={shown === columns.length}
        indeterminate={shown > 0 && shown < columns.length}
        onChange={(e) => setAll(e.target.checked)}
      >
        列展示
      </Checkbox>
      {columns.map((c) => (
        <Checkbox key={c.key} checked={c.visible} onChange={(e) => toggle(c.key, e.target.checked)}>
          {c.label}
        </Checkbox>
      ))}
    </div>
  );
}

/** The circle buttons at the right end of a list page's toolbar row. */
export default function RightToolbar({
  showSearch = true,
  onShowSearchChange,
  onRefresh,
  columns,
  onColumnsChange,
  gutter = TOOLBAR_GUTTER,
}: RightToolbarProps) {
  return (
    <Space size={gutter} className="top-right-btn" style={{ marginLeft: 'auto' }}>
      {onShowSearchChange && (
        <Tooltip title={showSearch ? '隐藏搜索' : '显示搜索'}>
          <Button
            shape="circle"
            icon={<SearchOutlined />}
            aria-label={showSearch ? '隐藏搜索' : '显示搜索'}
            onClick={() => onShowSearchChange(!showSearch)}
          />
        </Tooltip>
      )}
      {onRefresh && (
        <Tooltip title="刷新">
          <Button shape="circle" icon={<ReloadOutlined />} aria-label="刷新" onClick={onRefresh} />
        </Tooltip>
      )}
      {columns && onColumnsChange && (
        <Popover
          trigger="click"
          placement="bottomRight"
          title="显示/隐藏列"
          content={<ColumnChooser columns={columns} onChange={onColumnsChange} />}
        >
          <Tooltip title="显示/隐藏列">
            <Button shape="circle" icon={<AppstoreOutlined />} aria-label="显示/隐藏列" />
          </Tooltip>
        </Popover>
      )}
    </Space>
  );
}
