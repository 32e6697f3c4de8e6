import { Table, type TableColumnsType } from 'antd';
import Pagination from '../Pagination';
import type { ListPageState } from './types';

interface ListTableProps<Row> {
  list: Pick<ListPageState<Row, object>, 'rows' | 'total' | 'loading' | 'page' | 'setPage' | 'selectedKeys' | 'setSelectedKeys'>;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  /** Rows that cannot be ticked (the super admin). */
  selectable?: (row: Row) => boolean;
  /**
   * Below this width the table scrolls sideways inside its own box; above it the columns share the
   * width and long texts end in an ellipsis, so the 操作 column always stays in view.
   */
  minWidth?: number;
}

/** The table with a selection column, loading and empty states, and the pager below it. */
export default function ListTable<Row extends object>({ list, rowKey, columns, selectable, minWidth = 960 }: ListTableProps<Row>) {
  return (
    <>
      <Table<Row>
        rowKey={rowKey}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        pagination={false}
        size="middle"
        tableLayout="fixed"
        scroll={{ x: minWidth }}
        rowSelection={{
          selectedRowKeys: list.selectedKeys,
          onChange: (keys) => list.setSelectedKeys(keys),
          getCheckboxProps: selectable && ((row) => ({ disabled: !selectable(row) })),
        }}
      />
      <Pagination total={list.total} page={list.page.pageNum} limit={list.page.pageSize} onChange={list.setPage} />
    </>
  );
}
