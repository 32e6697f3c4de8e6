import type { TableResult, AjaxResult } from '../../../../types/api';
import { deleteRows, useFormDialog } from '../../../../components/ListPage';
import { useListPage, type ListPageQuery } from '../../../../hooks/useListPage';

interface Options<Row, Filters extends object> {
  key: string;
  fetch: (query: Filters & ListPageQuery & { params: Record<string, string> }) => Promise<TableResult<Row>>;
  filters: Filters;
  /** Entity of the dialog titles and the delete confirmation. */
  entity: string;
  defaults: Partial<Row>;
  idOf: (row: Row) => number | undefined;
  api: { add: (row: Row) => Promise<AjaxResult>; update: (row: Row) => Promise<AjaxResult>; remove: (ids: number[]) => Promise<unknown> };
}

/**
 * useCrudPage for the jobs and templates, which have no single GET: 修改 fills the dialog from the list
 * row, which already carries every field the dialog edits.
 */
export function useRowCrudPage<Row extends object, Filters extends object>(opts: Options<Row, Filters>) {
  const list = useListPage<Row, Filters>(opts.key, opts.fetch, opts.filters);
  const get = (id: number): Promise<AjaxResult<Row>> => Promise.resolve({ code: 200, msg: '', data: list.rows.find((r) => opts.idOf(r) === id) });
  const dialog = useFormDialog<Row>({ entity: opts.entity, defaults: opts.defaults, api: { get, add: opts.api.add, update: opts.api.update }, onSaved: list.refresh });
  const remove = (ids: number[]) => void deleteRows(opts.entity, ids, opts.api.remove, list.refresh);
  return { list, dialog, remove };
}
