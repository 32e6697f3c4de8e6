import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { HasPermi } from '../HasPermi';

interface RowActionsProps {
  perm: string;
  onEdit: () => void;
  onDelete: () => void;
  /** Placed between 修改 and 删除 (the dictionary's 列表). */
  children?: ReactNode;
}

/** The 操作 column: 修改 and 删除 link buttons behind <perm>:edit / <perm>:remove. */
export default function RowActions({ perm, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <HasPermi value={[`${perm}:edit`]}>
        <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
          修改
        </Button>
      </HasPermi>
      {children}
      <HasPermi value={[`${perm}:remove`]}>
        <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={onDelete}>
          删除
        </Button>
      </HasPermi>
    </span>
  );
}

interface IconActionProps {
  /** The full permission the button needs, such as 'system:user:resetPwd'. */
  perm: string;
  /** Tooltip and accessible name. */
  title: string;
  icon: ReactNode;
  onClick: () => void;
}

/** An icon-only link button of the 操作 column (用户管理, 角色管理), named by its tooltip. */
export function IconAction({ perm, title, icon, onClick }: IconActionProps) {
  return (
    <HasPermi value={[perm]}>
      <Tooltip title={title}>
        <Button type="link" aria-label={title} icon={icon} onClick={onClick} />
      </Tooltip>
    </HasPermi>
  );
}
