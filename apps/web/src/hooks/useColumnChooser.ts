import { useState } from 'react';
import type { ToolbarColumn } from '../components/RightToolbar';

/** The column chooser's state, with the hidden columns remembered in localStorage under `storageKey`. */
export function useColumnChooser(storageKey: string, choosable: { key: string; label: string }[]) {
  const [columns, setColumns] = useState<ToolbarColumn[]>(() => {
    const hidden = new Set<string>(JSON.parse(localStorage.getItem(storageKey) ?? '[]') as string[]);
    return choosable.map((c) => ({ ...c, visible: !hidden.has(c.key) }));
  });
  const change = (next: ToolbarColumn[]) => {
    setColumns(next);
    localStorage.setItem(storageKey, JSON.stringify(next.filter((c) => !c.visible).map((c) => c.key)));
  };
  const hidden = new Set(columns.filter((c) => !c.visible).map((c) => c.key));
  /** Keeps the columns that are not hidden (those outside the chooser always stay). */
  const visible = <C extends { key: string }>(all: C[]) => all.filter((c) => !hidden.has(c.key));
  return { columns, change, visible };
}
