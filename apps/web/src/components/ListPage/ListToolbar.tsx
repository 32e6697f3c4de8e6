import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { ClearOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { HasPermi } from '../HasPermi';
import { download } from '../../utils/download';
import RightToolbar, { type ToolbarColumn } from '../RightToolbar';
import type { ListPageState } from './types';

interface ListToolbarProps {
  /** Permission prefix such as 'system:post'; the buttons need <prefix>:add|edit|remove|export. */
  perm: string;
  list: Pick<ListPageState<unknown, object>, 'selectedKeys' | 'showSearch' | 'setShowSearch' | 'refresh' | 'exportParams'>;
  /** 新增; no button without it (the log lists). */
  onAdd?: () => void;
  /** 修改; no button without it. */
  onEdit?: (id: number) => void;
  onDelete: (ids: number[]) => void;
  /** 清空 after 删除, behind <prefix>:remove (the log lists). */
  onClean?: () => void;
  /** 导出 posts the applied filters here and saves the sheet as <exportName>_<timestamp>.xlsx; no 导出 without it. */
  exportUrl?: string;
  exportName?: string;
  /** 导入 before 导出, behind <prefix>:import. */
  onImport?: () => void;
  /** The column chooser of the circle buttons. */
  columns?: ToolbarColumn[];
  onColumnsChange?: (columns: ToolbarColumn[]) => void;
  /** Further buttons after 导出 (刷新缓存, 关闭 …). */
  children?: ReactNode;
}

interface ToolbarRowProps {
  list: Pick<ListPageState<unknown, object>, 'showSearch' | 'setShowSearch' | 'refresh'>;
  columns?: ToolbarColumn[];
  onColumnsChange?: (columns: ToolbarColumn[]) => void;
  children: ReactNode;
}

/** A list's toolbar row: the screen's buttons, then the circle buttons (search toggle, refresh, column chooser). */
export function ToolbarRow({ list, columns, onColumnsChange, children }: ToolbarRowProps) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
      <Space wrap>{children}</Space>
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

/**
 * The toolbar row: (新增) / (修改, one row selected) / 删除 (any selected) / (清空) / (导入) / (导出), then the
 * circle buttons.
 */
export default function ListToolbar(props: ListToolbarProps) {
  const { perm, list, onAdd, onEdit, onDelete, onClean, exportUrl, exportName, onImport, columns, onColumnsChange, children } = props;
  const ids = list.selectedKeys.map(Number);
  return (
    <ToolbarRow list={list} columns={columns} onColumnsChange={onColumnsChange}>
      {onAdd && (
        <HasPermi value={[`${perm}:add`]}>
          <Button color="primary" variant="outlined" icon={<PlusOutlined />} onClick={onAdd}>
            新增
          </Button>
        </HasPermi>
      )}
      {onEdit && (
        <HasPermi value={[`${perm}:edit`]}>
          <Button color="green" variant="outlined" icon={<EditOutlined />} disabled={ids.length !== 1} onClick={() => onEdit(ids[0])}>
            修改
          </Button>
        </HasPermi>
      )}
      <HasPermi value={[`${perm}:remove`]}>
        <Button color="danger" variant="outlined" icon={<DeleteOutlined />} disabled={ids.length === 0} onClick={() => onDelete(ids)}>
          删除
        </Button>
      </HasPermi>
      {onClean && (
        <HasPermi value={[`${perm}:remove`]}>
          <Button color="danger" variant="outlined" icon={<ClearOutlined />} onClick={onClean}>
            清空
          </Button>
        </HasPermi>
      )}
      {onImport && (
        <HasPermi value={[`${perm}:import`]}>
          <Button icon={<UploadOutlined />} onClick={onImport}>
            导入
          </Button>
        </HasPermi>
      )}
      {exportUrl && (
        <HasPermi value={[`${perm}:export`]}>
          <Button
            color="orange"
            variant="outlined"
            icon={<DownloadOutlined />}
            onClick={() => void download(exportUrl, list.exportParams, `${exportName ?? 'export'}_${Date.now()}.xlsx`)}
          >
            导出
          </Button>
        </HasPermi>
      )}
      {children}
    </ToolbarRow>
  );
}
