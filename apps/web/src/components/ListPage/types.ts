import type { useListPage } from '../../hooks/useListPage';

/** What useListPage returns, for the list-page building blocks. */
export type ListPageState<Row, Filters extends object> = ReturnType<typeof useListPage<Row, Filters>>;
