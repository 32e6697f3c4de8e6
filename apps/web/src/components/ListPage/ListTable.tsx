import { Table, type TableColumnsType } from 'antd';
import Pagination from '../Pagination';
import type { ListPageState } from './types';

interface ListTableProps<Row> {
  list: Pick<ListPageState<Row, object>, 'rows' | 'total' | 'loading' | 'page' | 'setPage' | 'selectedKeys' | 'setSelectedKeys'>;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
}

/** The table with a selection column, loading and empty states, and the pager below it. */
export default function ListTable<Row extends object>({ list, rowKey, columns }: ListTableProps<Row>) {
  return (
    <>
      <Table<Row>
        rowKey={rowKey}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        pagination={false}
        size="middle"
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: list.selectedKeys, onChange: (keys) => list.setSelectedKeys(keys) }}
      />
      <Pagination total={list.total} page={list.page.pageNum} limit={list.page.pageSize} onChange={list.setPage} />
    </>
  );
}
