import { Button } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';

/**
 * 修改 / 删除 of a rule or knowledge row. No permission gate of its own: the whole 回复 dialog is
 * behind ai:agent:reply, which covers every write in it.
 */
export default function EntryActions({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Button type="link" size="small" icon={<EditOutlined />} onClick={onEdit}>
        修改
      </Button>
      <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={onDelete}>
        删除
      </Button>
    </span>
  );
}
