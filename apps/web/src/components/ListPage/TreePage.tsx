import { useMemo } from 'react';
import { Button, InputNumber, Space, Table, type TableColumnType, type TableColumnsType } from 'antd';
import { CheckOutlined, DeleteOutlined, EditOutlined, PlusOutlined, SortAscendingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { AjaxResult } from '../../types/api';
import { useTreeSearch, useTreeTable } from '../../hooks/useTreeTable';
import { confirmDialog, toast } from '../../utils/feedback';
import { HasPermi } from '../HasPermi';
import RightToolbar from '../RightToolbar';

interface TreePageOptions<Row, Filters extends object> {
  /** Query key of the list. */
  key: string;
  filters: Filters;
  /** The flat list; the page builds the tree. */
  fetch: (filters: Filters) => Promise<AjaxResult<Row[]>>;
  idKey: keyof Row & string;
  /** The row's name in the delete confirmation and the order input's label. */
  nameOf: (row: Row) => string;
  expandedByDefault: boolean;
  remove: (id: number) => Promise<unknown>;
  /** 保存排序: comma-joined ids and order numbers paired by position. */
  saveSort: (ids: string, orderNums: string) => Promise<unknown>;
}

/**
 * The tree-table screen (部门管理, 菜单管理): the searched flat list as a tree, 展开/折叠, inline order
 * numbers with 保存排序, and 删除 of one row with its confirmation.
 */
export function useTreePage<Row extends { orderNum: number; parentId: number }, Filters extends object>(opts: TreePageOptions<Row, Filters>) {
  const search = useTreeSearch(opts.filters);
  const query = useQuery({ queryKey: [opts.key, search.applied], queryFn: () => opts.fetch(search.applied) });
  const rows = useMemo(() => query.data?.data ?? [], [query.data]);
  const table = useTreeTable(rows, opts.idKey, opts.expandedByDefault);
  const refresh = () => void query.refetch();

  const remove = async (row: Row) => {
    if (!(await confirmDialog({ content: `是否确认删除名称为"${opts.nameOf(row)}"的数据项?` }))) return;
    await opts.remove(Number(row[opts.idKey]));
    toast.success('删除成功');
    refresh();
  };

  const saveOrder = async () => {
    if (await table.saveOrders(opts.saveSort)) refresh();
  };

  return {
    search,
    table,
    /** The tree rows for the table. */
    tree: table.tree as Row[],
    loading: query.isFetching,
    refresh,
    // A refusal has already been shown by the request layer.
    remove: (row: Row) => void remove(row).catch(() => undefined),
    saveOrder: () => void saveOrder().catch(() => undefined),
  };
}

type TreePage<Row extends { orderNum: number; parentId: number }> = ReturnType<typeof useTreePage<Row, object>>;

/** 新增 / 保存排序 / 展开/折叠, then the circle buttons. */
export function TreeToolbar<Row extends { orderNum: number; parentId: number }>({ perm, page, onAdd }: { perm: string; page: TreePage<Row>; onAdd: () => void }) {
  return (
    <div style={{ display: 'flex', gap: 10, marginBottom: 8, flexWrap: 'wrap' }}>
      <HasPermi value={[`${perm}:add`]}>
        <Button type="primary" ghost icon={<PlusOutlined />} onClick={onAdd}>
          新增
        </Button>
      </HasPermi>
      <HasPermi value={[`${perm}:edit`]}>
        <Button color="orange" variant="outlined" icon={<CheckOutlined />} onClick={page.saveOrder}>
          保存排序
        </Button>
      </HasPermi>
      <Button color="default" variant="outlined" icon={<SortAscendingOutlined />} onClick={page.table.toggleExpandAll}>
        展开/折叠
      </Button>
      <RightToolbar showSearch={page.search.showSearch} onShowSearchChange={page.search.setShowSearch} onRefresh={page.refresh} />
    </div>
  );
}

/** 排序: the row's order number, edited in place until 保存排序. */
export function orderColumn<Row extends { orderNum: number; parentId: number }>(
  page: TreePage<Row>,
  nameOf: (row: Row) => string,
  width: number,
): TableColumnType<Row> {
  return {
    title: '排序',
    dataIndex: 'orderNum',
    width,
    align: 'center',
    render: (_, row) => (
      <InputNumber
        size="small"
        min={0}
        style={{ width: 80 }}
        aria-label={`${nameOf(row)}排序`}
        value={page.table.orderOf(row)}
        onChange={(v) => page.table.setOrder(row, v ?? 0)}
      />
    ),
  };
}

interface TreeActionOptions<Row> {
  perm: string;
  onEdit: (row: Row) => void;
  /** 新增 of a child under the row. */
  onAdd: (row: Row) => void;
  onDelete: (row: Row) => void;
  /** Rows that offer no 删除 (the root department). */
  canDelete?: (row: Row) => boolean;
  width?: number;
}

/** 操作: 修改 / 新增 (a child) / 删除. */
export function treeActionColumn<Row>({ perm, onEdit, onAdd, onDelete, canDelete = () => true, width }: TreeActionOptions<Row>): TableColumnType<Row> {
  return {
    title: '操作',
    key: 'actions',
    width,
    align: 'center',
    render: (_, row) => (
      <Space size={0}>
        <HasPermi value={[`${perm}:edit`]}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => onEdit(row)}>
            修改
          </Button>
        </HasPermi>
        <HasPermi value={[`${perm}:add`]}>
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => onAdd(row)}>
            新增
          </Button>
        </HasPermi>
        {canDelete(row) && (
          <HasPermi value={[`${perm}:remove`]}>
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDelete(row)}>
              删除
            </Button>
          </HasPermi>
        )}
      </Space>
    ),
  };
}

/** The tree table itself: no selection, no pager, expansion driven by the page. */
export function TreeTable<Row extends { orderNum: number; parentId: number }>({
  page,
  rowKey,
  columns,
}: {
  page: TreePage<Row>;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
}) {
  return (
    <Table<Row>
      rowKey={rowKey}
      size="middle"
      loading={page.loading}
      dataSource={page.tree}
      pagination={false}
      expandable={{ expandedRowKeys: page.table.expandedKeys, onExpandedRowsChange: page.table.setExpandedKeys }}
      scroll={{ x: 'max-content' }}
      columns={columns}
    />
  );
}
