import { FIELD_IDENTIFIER } from '@acs/shared';
import type { GenTableColumn } from '../../../../api/tool/gen';

/** The columns in their new order, `sort` renumbered 1..n as RuoYi's drag sort does. */
export function moveColumn(columns: GenTableColumn[], fromId: number, toId: number): GenTableColumn[] {
  const from = columns.findIndex((c) => c.columnId === fromId);
  const to = columns.findIndex((c) => c.columnId === toId);
  if (from < 0 || to < 0 || from === to) return columns;
  const next = [...columns];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next.map((c, i) => ({ ...c, sort: i + 1 }));
}

export function patchColumn(columns: GenTableColumn[], columnId: number, patch: Partial<GenTableColumn>): GenTableColumn[] {
  return columns.map((c) => (c.columnId === columnId ? { ...c, ...patch } : c));
}

/** Columns whose property name is missing or not camelCase (the server would refuse the whole table). */
export function invalidFields(columns: GenTableColumn[]): GenTableColumn[] {
  return columns.filter((c) => !FIELD_IDENTIFIER.test(c.javaField ?? ''));
}
