import { Table, type TableColumnsType, type TableProps } from 'antd';
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
  /** A header sort changed: the RuoYi orderByColumn/isAsc pair, both undefined when the sort was cleared. */
  onSort?: (sort: ListSort) => void;
}

/** The sort of a list as the server takes it (core/list orderBy). */
export interface ListSort {
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

function toListSort<Row>(sorter: Parameters<NonNullable<TableProps<Row>['onChange']>>[2]): ListSort {
  const one = [sorter].flat()[0];
  if (!one?.order) return { orderByColumn: undefined, isAsc: undefined };
  return { orderByColumn: String(one.columnKey ?? one.field), isAsc: one.order === 'ascend' ? 'ascending' : 'descending' };
}

/** The table with a selection column, loading and empty states, and the pager below it. */
export default function ListTable<Row extends object>({ list, rowKey, columns, selectable, minWidth = 960, onSort }: ListTableProps<Row>) {
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
        onChange={(_pagination, _filters, sorter, extra) => {
          if (onSort && extra.action === 'sort') onSort(toListSort(sorter));
        }}
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
