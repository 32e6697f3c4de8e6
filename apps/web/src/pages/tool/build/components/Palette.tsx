import type { PointerEventHandler } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { GROUPS, KINDS, type ItemKind } from '../model/kinds';
import { paletteId } from '../model/dnd';

const KIND_LIST = Object.keys(KINDS) as ItemKind[];

function PaletteEntry({ kind, onAdd }: { kind: ItemKind; onAdd: (kind: ItemKind) => void }) {
  const { setNodeRef, listeners } = useDraggable({ id: paletteId(kind), data: { kind } });
  // Pointer dragging only (dnd-kit types listeners as bare Functions): Enter and Space click the button,
  // which adds the component: the keyboard way in.
  return (
    <button type="button" ref={setNodeRef} className="fb-palette-item" onClick={() => onAdd(kind)} onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined} aria-label={`添加${KINDS[kind].label}`}>
      {KINDS[kind].label}
    </button>
  );
}

/** The component palette: click adds to the end of the form (or the selected row), drag drops where it is let go. */
export default function Palette({ onAdd }: { onAdd: (kind: ItemKind) => void }) {
  return (
    <nav className="fb-palette" aria-label="组件">
      {GROUPS.map((group) => (
        <section key={group.key}>
          <h3 className="fb-palette-title">{group.title}</h3>
          <div className="fb-palette-grid">
            {KIND_LIST.filter((k) => KINDS[k].group === group.key).map((kind) => (
              <PaletteEntry key={kind} kind={kind} onAdd={onAdd} />
            ))}
          </div>
        </section>
      ))}
    </nav>
  );
}
