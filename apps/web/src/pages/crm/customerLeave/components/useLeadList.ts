import type { ListPageState, ListSort } from '../../../../components/ListPage';
import { useColumnChooser } from '../../../../hooks/useColumnChooser';
import { useLeadDialogs, type LeadDialogRow } from './useLeadDialogs';

/**
 * What a lead list (客户留资, BOSS留资) keeps beside its rows: the column chooser remembered under `columnsKey`,
 * the lifecycle dialogs (a moved lead clears the ticks and reloads), the ticked rows, the applied sort, and the
 * LeadToolbar props these give (分配 of the ticked rows, the column chooser).
 */
export function useLeadList<R extends LeadDialogRow, F extends ListSort>(
  list: ListPageState<R, F>,
  columnsKey: string,
  choosable: { key: string; label: string }[],
) {
  const chooser = useColumnChooser(columnsKey, choosable);
  const { handlers, dialogs } = useLeadDialogs<R>(() => {
    list.setSelectedKeys([]);
    list.refresh();
  });
  const selected = list.rows.filter((r) => list.selectedKeys.includes(r.leadId));
  const sort: ListSort = { orderByColumn: list.filters.orderByColumn, isAsc: list.filters.isAsc };
  const toolbar = { list, selected: selected.length, onAssign: () => handlers.assign(selected), columns: chooser.columns, onColumnsChange: chooser.change };
  return { chooser, handlers, dialogs, selected, sort, toolbar };
}
