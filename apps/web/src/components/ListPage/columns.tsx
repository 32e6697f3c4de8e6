import type { ReactNode } from 'react';
import type { TableColumnType } from 'antd';
import DictTag from '../DictTag';
import type { DictOption } from '../../hooks/useDict';
import { parseTime } from '../../utils/ruoyi';
import type { ListSort } from './ListTable';
import RowActions from './RowActions';

/** A centred column of a field. */
export function textColumn<Row>(title: string, dataIndex: keyof Row & string, ellipsis = false): TableColumnType<Row> {
  return { title, dataIndex, align: 'center', ellipsis };
}

/** A field shown through its dictionary (status, yes/no …). */
export function dictColumn<Row>(title: string, dataIndex: keyof Row & string, options: DictOption[]): TableColumnType<Row> {
  return { title, dataIndex, align: 'center', render: (v: string) => <DictTag options={options} value={v} /> };
}

/**
 * A column the server sorts by: its key is the server's orderByColumn, it shows the applied sort, and
 * a click cycles 降序 → 升序 → none like the RuoYi tables. Pair with ListTable's onSort.
 */
export function sortableColumn<Row>(column: TableColumnType<Row> & { key: string }, sort: ListSort): TableColumnType<Row> & { key: string } {
  const order = sort.orderByColumn === column.key ? (sort.isAsc === 'ascending' ? 'ascend' : 'descend') : null;
  return { ...column, sorter: true, sortOrder: order, sortDirections: ['descend', 'ascend'] };
}

/** 创建时间 as yyyy-MM-dd HH:mm:ss. */
export function createTimeColumn<Row>(): TableColumnType<Row> {
  return { title: '创建时间', dataIndex: 'createTime', align: 'center', width: 180, render: (v: string) => parseTime(v) };
}

/** Room for one small icon-and-two-characters link button, and the cell's own padding. */
const ACTION_BUTTON_WIDTH = 64;
const ACTION_CELL_PADDING = 24;

/**
 * 操作: 修改 / (extra) / 删除 for the row's id. Wide enough for its buttons and pinned to the right, so a
 * narrow window scrolls the other columns and never cuts an action.
 */
export function actionColumn<Row>(
  perm: string,
  idOf: (row: Row) => number,
  onEdit: (id: number) => void,
  onDelete: (ids: number[]) => void,
  extra?: (row: Row) => ReactNode,
): TableColumnType<Row> {
  return {
    title: '操作',
    key: 'actions',
    align: 'center',
    fixed: 'right',
    width: ACTION_CELL_PADDING + ACTION_BUTTON_WIDTH * (extra ? 3 : 2),
    render: (_, row) => (
      <RowActions perm={perm} onEdit={() => onEdit(idOf(row))} onDelete={() => onDelete([idOf(row)])}>
        {extra?.(row)}
      </RowActions>
    ),
  };
}
