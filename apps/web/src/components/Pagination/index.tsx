import { useEffect, useState } from 'react';
import { Pagination as AntPagination } from 'antd';
import {
  MOBILE_BREAKPOINT,
  PAGE_DEFAULT,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_OPTIONS,
  PAGER_COUNT_DESKTOP,
  PAGER_COUNT_MOBILE,
  SCROLL_TOP_DURATION_MS,
} from '@acs/shared';
import { scrollTo } from './scrollTo';

export interface PageChange {
  page: number;
  limit: number;
}

interface PaginationProps {
  total: number;
  page?: number;
  limit?: number;
  pageSizes?: readonly number[];
  hidden?: boolean;
  autoScroll?: boolean;
  onChange: (change: PageChange) => void;
}

export function pagerCount(width: number): number {
  return width < MOBILE_BREAKPOINT ? PAGER_COUNT_MOBILE : PAGER_COUNT_DESKTOP;
}

/** The configured sizes plus the current one, so a default limit outside the list stays selectable. */
export function sizeOptions(sizes: readonly number[], limit: number): number[] {
  return [...new Set([...sizes, limit])].sort((a, b) => a - b);
}

/** A new page size keeps the page unless that page would lie past the end of the list. */
export function pageAfterSizeChange(page: number, limit: number, total: number): number {
  return page * limit > total ? PAGE_DEFAULT : page;
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export default function Pagination({
  total,
  page = PAGE_DEFAULT,
  limit = PAGE_SIZE_DEFAULT,
  pageSizes = PAGE_SIZE_OPTIONS,
  hidden = false,
  autoScroll = true,
  onChange,
}: PaginationProps) {
  const width = useWindowWidth();
  if (hidden || total <= 0) return null;

  const emit = (change: PageChange) => {
    onChange(change);
    if (autoScroll) scrollTo(0, SCROLL_TOP_DURATION_MS);
  };

  return (
    <div className="pagination-container" style={{ display: 'flex', justifyContent: 'flex-end', padding: '16px 0' }}>
      <AntPagination
        total={total}
        current={page}
        pageSize={limit}
        pageSizeOptions={sizeOptions(pageSizes, limit)}
        showSizeChanger
        showQuickJumper
        showTotal={(n) => `共 ${n} 条`}
        // antd shows current±1 around first/last with showLessItems (5 buttons) and current±2 otherwise (7).
        showLessItems={pagerCount(width) === PAGER_COUNT_MOBILE}
        onChange={(nextPage, nextLimit) => {
          if (nextLimit !== limit) {
            emit({ page: pageAfterSizeChange(page, nextLimit, total), limit: nextLimit });
          } else {
            emit({ page: nextPage, limit });
          }
        }}
      />
    </div>
  );
}
