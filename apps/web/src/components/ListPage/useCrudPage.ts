import type { TableResult } from '../../types/api';
import { useListPage, type ListPageQuery } from '../../hooks/useListPage';
import { deleteRows } from './actions';
import { useFormDialog, type CrudApi } from './FormDialog';

interface CrudPageOptions<Row, Filters extends object> {
  /** Query key of the list. */
  key: string;
  fetch: (query: Filters & ListPageQuery & { params: Record<string, string> }) => Promise<TableResult<Row>>;
  filters: Filters;
  /** Entity of the dialog titles (添加<entity>/修改<entity>) and of the delete confirmation. */
  entity: string;
  /** Entity in the delete confirmation when it differs (是否确认删除<it>编号为…). */
  deleteEntity?: string;
  defaults: Partial<Row>;
  api: CrudApi<Row> & { remove: (ids: number[]) => Promise<unknown> };
  /** After a save (with the saved row) or a delete, before the list reloads: cache eviction. */
  onChange?: (saved: Row | undefined, filters: Filters) => void;
}

/** The standard CRUD screen: list state, the add/edit dialog, and 删除, wired to reload together. */
export function useCrudPage<Row extends object, Filters extends object>(opts: CrudPageOptions<Row, Filters>) {
  const list = useListPage<Row, Filters>(opts.key, opts.fetch, opts.filters);
  const changed = (saved?: Row) => {
    opts.onChange?.(saved, list.filters);
    list.refresh();
  };
  const dialog = useFormDialog<Row>({ entity: opts.entity, defaults: opts.defaults, api: opts.api, onSaved: changed });
  const remove = (ids: number[]) => void deleteRows(opts.deleteEntity ?? opts.entity, ids, opts.api.remove, () => changed());
  return { list, dialog, remove };
}
