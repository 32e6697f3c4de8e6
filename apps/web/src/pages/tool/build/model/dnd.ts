import { positionOf, type DesignItem, type Position } from './design';
import { isItemKind, type ItemKind } from './kinds';

/** Droppable and draggable ids besides the items' own: the canvas, a row's drop zone, a palette entry. */
export const CANVAS_ID = 'canvas';
export const rowZoneId = (rowId: string) => `row:${rowId}`;
export const paletteId = (kind: ItemKind) => `palette:${kind}`;

export function paletteKind(id: string): ItemKind | undefined {
  const kind = id.startsWith('palette:') ? id.slice('palette:'.length) : undefined;
  return isItemKind(kind) ? kind : undefined;
}

/**
 * Where a drop over `overId` puts the dragged item: over an item, that item's place (so a move behaves like
 * a sortable list's); over a row's zone, the end of the row; over the canvas, the end of the form.
 */
export function dropPosition(items: DesignItem[], overId: string): Position {
  if (overId.startsWith('row:')) {
    const rowId = overId.slice('row:'.length);
    const row = items.find((i) => i.id === rowId);
    if (row?.kind === 'row') return { parent: rowId, index: row.children.length };
  }
  return positionOf(items, overId) ?? { parent: null, index: items.length };
}
