import { Button } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { HasPermi } from '../../../../components/HasPermi';
import { ToolbarRow, type ListPageState } from '../../../../components/ListPage';
import type { ToolbarColumn } from '../../../../components/RightToolbar';

interface AgentToolbarProps {
  list: Pick<ListPageState<unknown, object>, 'selectedKeys' | 'showSearch' | 'setShowSearch' | 'refresh'>;
  onCreate: () => void;
  onDelete: () => void;
  columns: ToolbarColumn[];
  onColumnsChange: (columns: ToolbarColumn[]) => void;
}

/** 新建客服 / 删除 (selected rows), then the circle buttons with the column chooser. */
export default function AgentToolbar({ list, onCreate, onDelete, columns, onColumnsChange }: AgentToolbarProps) {
  return (
    <ToolbarRow list={list} columns={columns} onColumnsChange={onColumnsChange}>
      <HasPermi value={['ai:agent:add']}>
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          新建客服
        </Button>
      </HasPermi>
      <HasPermi value={['ai:agent:remove']}>
        <Button color="danger" variant="outlined" icon={<DeleteOutlined />} disabled={list.selectedKeys.length === 0} onClick={onDelete}>
          删除
        </Button>
      </HasPermi>
    </ToolbarRow>
  );
}
