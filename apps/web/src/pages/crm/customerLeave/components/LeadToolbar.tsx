import { Button } from 'antd';
import { DownloadOutlined, InboxOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { HasPermi } from '../../../../components/HasPermi';
import { ToolbarRow, type ListPageState } from '../../../../components/ListPage';
import type { ToolbarColumn } from '../../../../components/RightToolbar';
import { download } from '../../../../utils/download';

interface Props {
  list: Pick<ListPageState<unknown, object>, 'showSearch' | 'setShowSearch' | 'refresh'>;
  selected: number;
  inPool: boolean;
  /** The applied filters and the tab's, for 导出. */
  exportParams: object;
  onAssign: () => void;
  onClaim: () => void;
  columns: ToolbarColumn[];
  onColumnsChange: (columns: ToolbarColumn[]) => void;
}

/** 分配 and (in 公海) 领取 of the ticked leads, 导出 of the filtered ones, then the circle buttons. */
export default function LeadToolbar({ list, selected, inPool, exportParams, onAssign, onClaim, columns, onColumnsChange }: Props) {
  return (
    <ToolbarRow list={list} columns={columns} onColumnsChange={onColumnsChange}>
      <HasPermi value={['crm:lead:assign']}>
        <Button color="primary" variant="outlined" icon={<UserSwitchOutlined />} disabled={selected === 0} onClick={onAssign}>
          分配
        </Button>
      </HasPermi>
      {inPool && (
        <HasPermi value={['crm:lead:claim']}>
          <Button color="green" variant="outlined" icon={<InboxOutlined />} disabled={selected === 0} onClick={onClaim}>
            领取
          </Button>
        </HasPermi>
      )}
      <HasPermi value={['crm:lead:export']}>
        <Button color="orange" variant="outlined" icon={<DownloadOutlined />} onClick={() => void download('/crm/lead/export', exportParams, `lead_${Date.now()}.xlsx`)}>
          导出
        </Button>
      </HasPermi>
    </ToolbarRow>
  );
}
