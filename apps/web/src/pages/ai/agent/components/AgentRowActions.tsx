import { Button, Dropdown, type MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import type { AgentRow } from '../../../../api/ai/agent';
import { HasPermi } from '../../../../components/HasPermi';
import { useAuth } from '../../../../hooks/useAuth';

export type AgentDialog = 'debug' | 'settings' | 'reply' | 'variables';

export interface AgentRowHandlers {
  open: (dialog: AgentDialog, row: AgentRow) => void;
  duplicate: (row: AgentRow) => void;
  publish: (row: AgentRow) => void;
  disable: (row: AgentRow) => void;
  copyLink: (row: AgentRow) => void;
  remove: (row: AgentRow) => void;
}

const LINKS: { dialog: AgentDialog; label: string; perm: string }[] = [
  { dialog: 'debug', label: '调试', perm: 'ai:agent:debug' },
  { dialog: 'settings', label: '设置', perm: 'ai:agent:edit' },
  { dialog: 'reply', label: '回复', perm: 'ai:agent:reply' },
  { dialog: 'variables', label: '变量', perm: 'ai:agent:edit' },
];

/** 操作 of an agent row: the four dialogs, then 更多 (复制, 发布/停用, 复制聊天链接, 删除). */
export default function AgentRowActions({ row, handlers }: { row: AgentRow; handlers: AgentRowHandlers }) {
  const auth = useAuth();
  const published = row.status === 'published';
  const items: NonNullable<MenuProps['items']> = [
    auth.hasPermi('ai:agent:add') && { key: 'duplicate', label: '复制', onClick: () => handlers.duplicate(row) },
    auth.hasPermi('ai:agent:publish') &&
      (published
        ? { key: 'disable', label: '停用', onClick: () => handlers.disable(row) }
        : { key: 'publish', label: '发布', onClick: () => handlers.publish(row) }),
    published && { key: 'link', label: '复制聊天链接', onClick: () => handlers.copyLink(row) },
    auth.hasPermi('ai:agent:remove') && { key: 'remove', label: '删除', danger: true, onClick: () => handlers.remove(row) },
  ].filter((item) => item !== false);

  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {LINKS.map((link) => (
        <HasPermi key={link.dialog} value={[link.perm]}>
          <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => handlers.open(link.dialog, row)}>
            {link.label}
          </Button>
        </HasPermi>
      ))}
      {items.length > 0 && (
        <Dropdown menu={{ items }} trigger={['click']}>
          <Button type="link" size="small" style={{ paddingInline: 4 }} aria-label={`更多操作：${row.name}`}>
            更多 <DownOutlined />
          </Button>
        </Dropdown>
      )}
    </span>
  );
}
