import { closestCenter, pointerWithin, type CollisionDetection } from '@dnd-kit/core';
import { paletteKind } from '../model/dnd';

interface DropData {
  /** 0 the canvas, 1 a top-level item, 2 a row's zone, 3 an item in a row: the deepest under the pointer wins. */
  depth?: number;
  /** The row an item sits in, or null at the top level. */
  container?: string | null;
  kind?: string;
}

const dataOf = (entry: { data: { current?: unknown } }) => (entry.data.current ?? {}) as DropData;

/**
 * Pointer drags drop into the innermost target under the pointer (an item in a row before the row itself);
 * a row never goes into a row. Keyboard drags have no pointer: they move among the item's own neighbours.
 */
export const designerCollision: CollisionDetection = (args) => {
  const activeData = dataOf(args.active);
  const kind = paletteKind(String(args.active.id)) ?? activeData.kind;
  const layoutOnly = kind === 'row' || kind === 'divider';
  const allowed = args.droppableContainers.filter((c) => !layoutOnly || (dataOf(c).depth ?? 0) < 2);
  if (!args.pointerCoordinates) {
    const siblings = allowed.filter((c) => (dataOf(c).depth ?? 0) % 2 === 1 && dataOf(c).container === activeData.container);
    return closestCenter({ ...args, droppableContainers: siblings });
  }
  const hits = pointerWithin({ ...args, droppableContainers: allowed });
  const depth = (id: unknown) => dataOf(allowed.find((c) => c.id === id) ?? { data: {} }).depth ?? 0;
  return [...hits].sort((a, b) => depth(b.id) - depth(a.id)).slice(0, 1);
};
