import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Space, type TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, PlusOutlined, SyncOutlined, UploadOutlined } from '@ant-design/icons';
import { delTable, listTable, synchDb, type GenTable, type GenTableQuery } from '../../../api/tool/gen';
import { HasPermi, HasRole } from '../../../components/HasPermi';
import {
  confirmAction,
  deleteRows,
  IconAction,
  ListTable,
  SearchBar,
  SearchText,
  sortableColumn,
  textColumn,
  ToolbarRow,
} from '../../../components/ListPage';
import { useListPage } from '../../../hooks/useListPage';
import { parseTime } from '../../../utils/ruoyi';
import CreateTableDialog from './components/CreateTableDialog';
import { generate } from './components/generate';
import ImportTableDialog from './components/ImportTableDialog';
import { GEN_LIST_KEY } from './components/listKey';
import PreviewDialog from './components/PreviewDialog';

const PERM = 'tool:gen';
/** Newest first, as the RuoYi screen opens; 重置 comes back to it. */
const FILTERS: GenTableQuery = { orderByColumn: 'createTime', isAsc: 'descending' };

type Dialog = { type: 'import' } | { type: 'create' } | { type: 'preview'; table: GenTable } | undefined;

/** 代码生成 (screens §5.1): imported tables, their preview, edit, sync and the generated code. */
export default function GenPage() {
  const navigate = useNavigate();
  const list = useListPage<GenTable, GenTableQuery>(GEN_LIST_KEY, listTable, FILTERS);
  const [dialog, setDialog] = useState<Dialog>();
  const sort = { orderByColumn: list.filters.orderByColumn, isAsc: list.filters.isAsc };
  // The toolbar acts on the ticked rows of the page shown.
  const selected = list.rows.filter((row) => list.selectedKeys.includes(row.tableId));

  const reload = () => {
    list.setSelectedKeys([]);
    list.refresh();
  };
  const closeDialog = () => setDialog(undefined);
  const dialogDone = () => {
    setDialog(undefined);
    reload();
  };
  const edit = (tableId: number) => void navigate(`/tool/gen-edit/index/${tableId}`);
  const remove = (tableIds: number[]) => void deleteRows('表', tableIds, delTable, reload);
  const sync = (row: GenTable) =>
    void confirmAction(`确认要强制同步"${row.tableName}"表结构吗？`, () => synchDb(row.tableName), '同步成功', reload);

  const timeColumn = (title: string, key: 'createTime' | 'updateTime') =>
    sortableColumn<GenTable>({ title, dataIndex: key, key, align: 'center', width: 170, render: (v: string | null) => parseTime(v) }, sort);

  const columns: TableColumnsType<GenTable> = [
    {
      title: '序号',
      key: 'index',
      align: 'center',
      width: 70,
      // Numbered on across pages, as RuoYi's list is.
      render: (_v, _row, index) => (list.page.pageNum - 1) * list.page.pageSize + index + 1,
    },
    textColumn('表名称', 'tableName', true),
    textColumn('表描述', 'tableComment', true),
    textColumn('实体', 'className', true),
    timeColumn('创建时间', 'createTime'),
    timeColumn('更新时间', 'updateTime'),
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      fixed: 'right',
      width: 210,
      render: (_v, row) => (
        <Space size={0}>
          <IconAction perm={`${PERM}:preview`} title="预览" icon={<EyeOutlined />} onClick={() => setDialog({ type: 'preview', table: row })} />
          <IconAction perm={`${PERM}:edit`} title="编辑" icon={<EditOutlined />} onClick={() => edit(row.tableId)} />
          <IconAction perm={`${PERM}:remove`} title="删除" icon={<DeleteOutlined />} onClick={() => remove([row.tableId])} />
          <IconAction perm={`${PERM}:edit`} title="同步" icon={<SyncOutlined />} onClick={() => sync(row)} />
          <IconAction perm={`${PERM}:code`} title="生成代码" icon={<DownloadOutlined />} onClick={() => void generate([row])} />
        </Space>
      ),
    },
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS} withDateRange>
        <SearchText label="表名称" name="tableName" />
        <SearchText label="表描述" name="tableComment" />
      </SearchBar>
      <ToolbarRow list={list}>
        <HasPermi value={[`${PERM}:code`]}>
          <Button type="primary" icon={<DownloadOutlined />} disabled={selected.length === 0} onClick={() => void generate(selected)}>
            生成
          </Button>
        </HasPermi>
        <HasRole value={['admin']}>
          <Button color="primary" variant="outlined" icon={<PlusOutlined />} onClick={() => setDialog({ type: 'create' })}>
            创建
          </Button>
        </HasRole>
        <HasPermi value={[`${PERM}:import`]}>
          <Button color="cyan" variant="outlined" icon={<UploadOutlined />} onClick={() => setDialog({ type: 'import' })}>
            导入
          </Button>
        </HasPermi>
        <HasPermi value={[`${PERM}:edit`]}>
          <Button color="green" variant="outlined" icon={<EditOutlined />} disabled={selected.length !== 1} onClick={() => edit(selected[0].tableId)}>
            修改
          </Button>
        </HasPermi>
        <HasPermi value={[`${PERM}:remove`]}>
          <Button
            color="danger"
            variant="outlined"
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={() => remove(selected.map((row) => row.tableId))}
          >
            删除
          </Button>
        </HasPermi>
      </ToolbarRow>
      <ListTable list={list} rowKey="tableId" columns={columns} minWidth={1000} onSort={(next) => list.search(next)} />
      {dialog?.type === 'import' && <ImportTableDialog onClose={closeDialog} onImported={dialogDone} />}
      {dialog?.type === 'create' && <CreateTableDialog onClose={closeDialog} onCreated={dialogDone} />}
      {dialog?.type === 'preview' && <PreviewDialog table={dialog.table} onClose={closeDialog} />}
    </div>
  );
}
