import { useState } from 'react';
import { Empty, Input, Popover } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { AppIcon, iconNames } from '../AppIcon';

interface IconSelectProps {
  value?: string;
  onChange?: (name: string) => void;
  placeholder?: string;
}

export function filterIcons(names: readonly string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  return q ? names.filter((n) => n.toLowerCase().includes(q)) : [...names];
}

function IconGrid({ value, onPick }: { value?: string; onPick: (name: string) => void }) {
  const [query, setQuery] = useState('');
  const names = filterIcons(iconNames, query);
  return (
    <div style={{ width: 'min(420px, calc(100vw - 48px))' }}>
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder="请输入图标名称"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {names.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div
          role="listbox"
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
            gap: 4,
            maxHeight: 260,
            overflowY: 'auto',
            marginTop: 8,
          }}
        >
          {names.map((name) => (
            <button
              key={name}
              type="button"
              role="option"
              aria-selected={name === value}
              onClick={() => onPick(name)}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 6,
                padding: '4px 8px',
                border: 'none',
                borderRadius: 4,
                cursor: 'pointer',
                textAlign: 'left',
                overflow: 'hidden',
                whiteSpace: 'nowrap',
                background: name === value ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'transparent',
                color: name === value ? 'var(--ant-color-primary, #1677ff)' : 'inherit',
              }}
            >
              <AppIcon name={name} />
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** Form control for a menu icon: an input showing the chosen name that opens a searchable icon grid. */
export default function IconSelect({ value, onChange, placeholder = '点击选择图标' }: IconSelectProps) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      content={
        <IconGrid
          value={value}
          onPick={(name) => {
            onChange?.(name);
            setOpen(false);
          }}
        />
      }
    >
      <Input readOnly value={value} placeholder={placeholder} prefix={value ? <AppIcon name={value} /> : <SearchOutlined />} />
    </Popover>
  );
}
