import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_DEFAULT, PAGE_SIZE_DEFAULT } from '@acs/shared';
import type { TableResult } from '../types/api';
import { addDateRange } from '../utils/ruoyi';

export interface ListPageQuery {
  pageNum: number;
  pageSize: number;
}

/**
 * State of a standard list screen (screens catalogue §1.2): filters are edited in a draft and applied
 * by 搜索 (page 1), 重置 restores the initial filters, the date range travels as params[beginTime/endTime],
 * and the rows come from TanStack Query keyed by the applied query so revisits are instant.
 */
export function useListPage<Row, Filters extends object>(
  key: string,
  fetcher: (query: Filters & ListPageQuery & { params: Record<string, string> }) => Promise<TableResult<Row>>,
  initialFilters: Filters,
) {
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const [dateRange, setDateRange] = useState<string[]>([]);
  const [page, setPage] = useState<ListPageQuery>({ pageNum: PAGE_DEFAULT, pageSize: PAGE_SIZE_DEFAULT });
  const [selectedKeys, setSelectedKeys] = useState<React.Key[]>([]);
  const [showSearch, setShowSearch] = useState(true);

  const applied = addDateRange({ ...filters, ...page }, dateRange);
  const query = useQuery({
    queryKey: [key, applied],
    queryFn: () => fetcher(applied),
    placeholderData: keepPreviousData,
  });

  const search = useCallback((next?: Partial<Filters>) => {
    if (next) setFilters((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, pageNum: 1 }));
    setSelectedKeys([]);
  }, []);

  const reset = useCallback(() => {
    setFilters(initialFilters);
    setDateRange([]);
    setPage((p) => ({ ...p, pageNum: 1 }));
    setSelectedKeys([]);
    // initialFilters is a literal of the calling screen; its identity does not matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    filters,
    setFilters,
    dateRange,
    setDateRange,
    page,
    setPage: (p: { page: number; limit: number }) => setPage({ pageNum: p.page, pageSize: p.limit }),
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    refresh: () => void query.refetch(),
    search,
    reset,
    selectedKeys,
    setSelectedKeys,
    showSearch,
    setShowSearch,
    /** The applied filters without paging, for exports. */
    exportParams: addDateRange(filters, dateRange),
  };
}
