import { Button } from 'antd';
import { DownloadOutlined, InboxOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { HasPermi } from '../../../../components/HasPermi';
import { ToolbarRow, type ListPageState } from '../../../../components/ListPage';
import type { ToolbarColumn } from '../../../../components/RightToolbar';
import { download } from '../../../../utils/download';

interface Props {
  list: Pick<ListPageState<unknown, object>, 'showSearch' | 'setShowSearch' | 'refresh'>;
  selected: number;
  onAssign: () => void;
  /** 领取 of the ticked leads; no button without it (only the pool offers it). */
  onClaim?: () => void;
  /** 导出 posts these filters to exportUrl, behind exportPermi, and saves the sheet as <exportName>_<timestamp>.xlsx. */
  exportUrl: string;
  exportName: string;
  exportPermi: string;
  exportParams: object;
  columns: ToolbarColumn[];
  onColumnsChange: (columns: ToolbarColumn[]) => void;
}

/** 分配 and (in 公海) 领取 of the ticked leads, 导出 of the filtered ones, then the circle buttons. */
export default function LeadToolbar(props: Props) {
  const { list, selected, onAssign, onClaim, exportUrl, exportName, exportPermi, exportParams, columns, onColumnsChange } = props;
  return (
    <ToolbarRow list={list} columns={columns} onColumnsChange={onColumnsChange}>
      <HasPermi value={['crm:lead:assign']}>
        <Button color="primary" variant="outlined" icon={<UserSwitchOutlined />} disabled={selected === 0} onClick={onAssign}>
          分配
        </Button>
      </HasPermi>
      {onClaim && (
        <HasPermi value={['crm:lead:claim']}>
          <Button color="green" variant="outlined" icon={<InboxOutlined />} disabled={selected === 0} onClick={onClaim}>
            领取
          </Button>
        </HasPermi>
      )}
      <HasPermi value={[exportPermi]}>
        <Button color="orange" variant="outlined" icon={<DownloadOutlined />} onClick={() => void download(exportUrl, exportParams, `${exportName}_${Date.now()}.xlsx`)}>
          导出
        </Button>
      </HasPermi>
    </ToolbarRow>
  );
}
