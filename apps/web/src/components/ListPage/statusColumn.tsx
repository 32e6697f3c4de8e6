import { useState } from 'react';
import { Switch, type TableColumnType } from 'antd';
import { useAuth } from '../../hooks/useAuth';
import { confirmStatusChange } from '../../utils/crud';

interface StatusColumnOptions<Row> {
  /** Permission prefix; the switch needs <perm>:edit. */
  perm: string;
  /** The full permission of the switch when it is not <perm>:edit (the job's monitor:job:changeStatus). */
  permission?: string;
  /** Entity of the confirmation (确认要"停用""<name>"<entity>吗?). */
  entity: string;
  idOf: (row: Row) => number;
  nameOf: (row: Row) => string;
  statusOf: (row: Row) => string;
  change: (id: number, status: string) => Promise<unknown>;
  /** After a confirmed change. */
  reload: () => void;
  /** Rows whose switch cannot be used (the admin role). */
  locked?: (row: Row) => boolean;
}

/**
 * 状态 of the user and role lists: a switch that shows the requested status while the confirmation is
 * open, and goes back when it is cancelled or the server refuses.
 */
export function useStatusColumn<Row>({ perm, permission, entity, idOf, nameOf, statusOf, change, reload, locked }: StatusColumnOptions<Row>): TableColumnType<Row> {
  const auth = useAuth();
  const [pending, setPending] = useState<Record<number, string>>({});

  const toggle = async (row: Row, enable: boolean) => {
    const id = idOf(row);
    const status = enable ? '0' : '1';
    setPending((p) => ({ ...p, [id]: status }));
    try {
      if (await confirmStatusChange(entity, nameOf(row), enable, () => change(id, status))) reload();
    } catch {
      // The request layer already showed the server's message; the switch goes back below.
    } finally {
      setPending(({ [id]: _done, ...rest }) => rest);
    }
  };

  return {
    title: '状态',
    key: 'status',
    align: 'center',
    width: 100,
    render: (_, row) => (
      <Switch
        aria-label={`${nameOf(row)}状态`}
        checked={(pending[idOf(row)] ?? statusOf(row)) === '0'}
        disabled={!auth.hasPermi(permission ?? `${perm}:edit`) || Boolean(locked?.(row))}
        onChange={(on) => void toggle(row, on)}
      />
    ),
  };
}
