import { Modal, Table, type TableColumnsType } from 'antd';
import { importTable, listDbTable, type DbTable } from '../../../../api/tool/gen';
import { SearchBar, SearchText, textColumn } from '../../../../components/ListPage';
import Pagination from '../../../../components/Pagination';
import { useListPage } from '../../../../hooks/useListPage';
import { toast } from '../../../../utils/feedback';
import { parseTime } from '../../../../utils/ruoyi';

const FILTERS: { tableName?: string; tableComment?: string } = {};

const timeColumn = (title: string, dataIndex: 'createTime' | 'updateTime'): TableColumnsType<DbTable>[number] => ({
  title,
  dataIndex,
  align: 'center',
  width: 170,
  render: (v: string | null) => parseTime(v),
});

const COLUMNS: TableColumnsType<DbTable> = [
  textColumn('表名称', 'tableName', true),
  textColumn('表描述', 'tableComment', true),
  timeColumn('创建时间', 'createTime'),
  timeColumn('更新时间', 'updateTime'),
];

/** 导入表 (screens §5.1): tables of the database not imported yet, picked by clicking their rows. */
export default function ImportTableDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const list = useListPage<DbTable, typeof FILTERS>('tool/gen/db', listDbTable, FILTERS);
  const chosen = list.selectedKeys.map(String);

  const toggle = (tableName: string) =>
    list.setSelectedKeys(chosen.includes(tableName) ? chosen.filter((k) => k !== tableName) : [...chosen, tableName]);

  const submit = async () => {
    if (chosen.length === 0) {
      toast.error('请选择要导入的表');
      return;
    }
    try {
      const res = await importTable(chosen);
      toast.success(res.msg);
      onImported();
    } catch {
      // The request layer already showed the server's message (导入失败：…).
    }
  };

  return (
    <Modal title="导入表" open width={800} style={{ top: '5vh' }} okText="确 定" cancelText="取 消" onOk={() => void submit()} onCancel={onClose}>
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="表名称" name="tableName" />
        <SearchText label="表描述" name="tableComment" />
      </SearchBar>
      <Table<DbTable>
        rowKey="tableName"
        size="small"
        loading={list.loading}
        columns={COLUMNS}
        dataSource={list.rows}
        pagination={false}
        tableLayout="fixed"
        scroll={{ y: 260 }}
        rowSelection={{ selectedRowKeys: list.selectedKeys, onChange: list.setSelectedKeys }}
        onRow={(row) => ({ onClick: () => toggle(row.tableName), style: { cursor: 'pointer' } })}
      />
      <Pagination total={list.total} page={list.page.pageNum} limit={list.page.pageSize} autoScroll={false} onChange={list.setPage} />
    </Modal>
  );
}
