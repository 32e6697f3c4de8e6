import { KINDS, isFieldKind, type FieldKind, type ItemKind } from './kinds';

export interface OptionItem {
  label: string;
  value: string;
}

export type FieldOptions = { source: 'static'; items: OptionItem[] } | { source: 'dict'; dictType: string };

export type DefaultValue = string | number | boolean | string[];

export interface FieldItem {
  id: string;
  kind: FieldKind;
  label: string;
  /** The form value's key, also an identifier in the generated code. */
  field: string;
  placeholder: string;
  /** Grid columns out of 24. */
  span: number;
  required: boolean;
  /** A regular expression the text must match (text kinds only); empty when there is none. */
  pattern: string;
  patternMessage: string;
  defaultValue?: DefaultValue;
  options?: FieldOptions;
}

export interface DividerItem {
  id: string;
  kind: 'divider';
  label: string;
}

/** A row container: its fields sit side by side, each on its own share of the 24 columns. */
export interface RowItem {
  id: string;
  kind: 'row';
  gutter: number;
  children: FieldItem[];
}

export type DesignItem = FieldItem | DividerItem | RowItem;

export interface FormDesign {
  version: 1;
  /** Name of the generated component. */
  name: string;
  layout: 'horizontal' | 'vertical';
  labelWidth: number;
  gutter: number;
  items: DesignItem[];
}

/** What the property panel changes on an item (the keys its kind does not have are not sent). */
export type ItemPatch = Partial<Omit<FieldItem, 'id' | 'kind'>> & { gutter?: number };

/** Where an item goes: inside a row container (parent = its id) or at the top level (parent = null). */
export interface Position {
  parent: string | null;
  index: number;
}

export const emptyDesign = (): FormDesign => ({ version: 1, name: 'DesignedForm', layout: 'horizontal', labelWidth: 100, gutter: 15, items: [] });

const newId = () => crypto.randomUUID();

/** Every field of the design, row children included, in display order. */
export function allFields(items: DesignItem[]): FieldItem[] {
  return items.flatMap((item) => (item.kind === 'row' ? item.children : item.kind === 'divider' ? [] : [item]));
}

/** `field1`, `field2`, … : the first name no field of the design uses. */
function freeFieldName(taken: Set<string>): string {
  for (let n = 1; ; n += 1) if (!taken.has(`field${n}`)) return `field${n}`;
}

const DEFAULT_OPTIONS: FieldOptions = {
  source: 'static',
  items: [
    { label: '选项一', value: '1' },
    { label: '选项二', value: '2' },
  ],
};

export function createItem(kind: ItemKind, design: FormDesign): DesignItem {
  if (kind === 'divider') return { id: newId(), kind, label: '分割线' };
  if (kind === 'row') return { id: newId(), kind, gutter: design.gutter, children: [] };
  const info = KINDS[kind];
  const field: FieldItem = {
    id: newId(),
    kind,
    label: info.label,
    field: freeFieldName(new Set(allFields(design.items).map((f) => f.field))),
    placeholder: info.placeholder ? `请${info.verb ?? '输入'}${info.label}` : '',
    span: 24,
    required: false,
    pattern: '',
    patternMessage: '',
  };
  return info.options ? { ...field, options: structuredClone(DEFAULT_OPTIONS) } : field;
}

export function findItem(items: DesignItem[], id: string): DesignItem | undefined {
  for (const item of items) {
    if (item.id === id) return item;
    if (item.kind === 'row') {
      const child = item.children.find((c) => c.id === id);
      if (child) return child;
    }
  }
  return undefined;
}

/** Where the item with this id sits, or undefined. */
export function positionOf(items: DesignItem[], id: string): Position | undefined {
  const top = items.findIndex((item) => item.id === id);
  if (top >= 0) return { parent: null, index: top };
  for (const item of items) {
    if (item.kind !== 'row') continue;
    const index = item.children.findIndex((c) => c.id === id);
    if (index >= 0) return { parent: item.id, index };
  }
  return undefined;
}

const clampIndex = (index: number, length: number) => Math.max(0, Math.min(index, length));

/** Inserts at the position; only fields go into a row container, anything else lands after the row. */
export function insertItem(items: DesignItem[], item: DesignItem, at: Position): DesignItem[] {
  if (at.parent !== null) {
    const rowIndex = items.findIndex((r) => r.id === at.parent);
    const row = items[rowIndex];
    if (row?.kind !== 'row') return insertItem(items, item, { parent: null, index: items.length });
    if (!isFieldKind(item.kind)) return insertItem(items, item, { parent: null, index: rowIndex + 1 });
    const children = [...row.children];
    children.splice(clampIndex(at.index, children.length), 0, item as FieldItem);
    return items.map((r) => (r.id === row.id ? { ...row, children } : r));
  }
  const next = [...items];
  next.splice(clampIndex(at.index, next.length), 0, item);
  return next;
}

export function removeItem(items: DesignItem[], id: string): DesignItem[] {
  return items
    .filter((item) => item.id !== id)
    .map((item) => (item.kind === 'row' && item.children.some((c) => c.id === id) ? { ...item, children: item.children.filter((c) => c.id !== id) } : item));
}

export function moveItem(items: DesignItem[], id: string, to: Position): DesignItem[] {
  const item = findItem(items, id);
  if (!item || to.parent === id) return items;
  return insertItem(removeItem(items, id), item, to);
}

export function updateItem(items: DesignItem[], id: string, patch: ItemPatch): DesignItem[] {
  return items.map((item) => {
    if (item.id === id) return { ...item, ...patch, id, kind: item.kind } as DesignItem;
    if (item.kind === 'row' && item.children.some((c) => c.id === id))
      return { ...item, children: item.children.map((c) => (c.id === id ? ({ ...c, ...patch, id, kind: c.kind } as FieldItem) : c)) };
    return item;
  });
}

/** A copy placed right after the original, with new ids and unused field names. */
export function copyItem(design: FormDesign, id: string): { items: DesignItem[]; copy?: DesignItem } {
  const item = findItem(design.items, id);
  const at = positionOf(design.items, id);
  if (!item || !at) return { items: design.items };
  const taken = new Set(allFields(design.items).map((f) => f.field));
  const renamed = (field: FieldItem): FieldItem => {
    const name = freeFieldName(taken);
    taken.add(name);
    return { ...structuredClone(field), id: newId(), field: name };
  };
  const copy: DesignItem =
    item.kind === 'row' ? { ...item, id: newId(), children: item.children.map(renamed) } : item.kind === 'divider' ? { ...item, id: newId() } : renamed(item);
  return { items: insertItem(design.items, copy, { parent: at.parent, index: at.index + 1 }), copy };
}
