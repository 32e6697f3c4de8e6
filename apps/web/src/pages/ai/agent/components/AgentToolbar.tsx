import { Button, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { HasPermi } from '../../../../components/HasPermi';
import type { ListPageState } from '../../../../components/ListPage';
import RightToolbar, { type ToolbarColumn } from '../../../../components/RightToolbar';

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
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
      <Space wrap>
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
      </Space>
      <RightToolbar
        showSearch={list.showSearch}
        onShowSearchChange={list.setShowSearch}
        onRefresh={list.refresh}
        columns={columns}
        onColumnsChange={onColumnsChange}
      />
    </div>
  );
}
