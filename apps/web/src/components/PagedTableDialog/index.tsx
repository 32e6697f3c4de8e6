import { useState, type ReactNode } from 'react';
import { Modal, Table, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@acs/shared';
import type { ListPageQuery } from '../../hooks/useListPage';
import type { TableResult } from '../../types/api';
import Pagination from '../Pagination';

interface Props<Row> {
  title: string;
  onClose: () => void;
  /** What the rows depend on besides the page (the record and any filter); when it changes the list goes back to page 1. */
  queryKey: readonly unknown[];
  fetch: (page: ListPageQuery) => Promise<TableResult<Row>>;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  emptyText: string;
  /** Filters above the table. */
  children?: ReactNode;
}

/** A dialog with one record's paged log (发送记录, 分配记录): a compact table and the pager below it. */
export default function PagedTableDialog<Row extends object>({ title, onClose, queryKey, fetch, rowKey, columns, emptyText, children }: Props<Row>) {
  const scope = JSON.stringify(queryKey);
  const [paging, setPaging] = useState({ scope, page: 1, limit: PAGE_SIZE_DEFAULT });
  const page = paging.scope === scope ? paging.page : 1;
  const query = useQuery({
    queryKey: [...queryKey, page, paging.limit],
    queryFn: () => fetch({ pageNum: page, pageSize: paging.limit }),
    placeholderData: keepPreviousData,
  });
  return (
    <Modal open title={title} width={960} footer={null} onCancel={onClose} destroyOnHidden>
      {children}
      <Table<Row>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={query.data?.rows ?? []}
        loading={query.isFetching}
        pagination={false}
        tableLayout="fixed"
        locale={{ emptyText }}
      />
      <Pagination total={query.data?.total ?? 0} page={page} limit={paging.limit} onChange={(next) => setPaging({ scope, ...next })} autoScroll={false} />
    </Modal>
  );
}
