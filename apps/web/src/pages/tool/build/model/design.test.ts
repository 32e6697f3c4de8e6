import { describe, expect, it } from 'vitest';
import { allFields, copyItem, createItem, emptyDesign, insertItem, moveItem, removeItem, updateItem, type FieldItem, type FormDesign, type RowItem } from './design';
import { dropPosition, rowZoneId } from './dnd';

function designWith(...kinds: Parameters<typeof createItem>[0][]): FormDesign {
  let design = emptyDesign();
  for (const kind of kinds) design = { ...design, items: [...design.items, createItem(kind, design)] };
  return design;
}

describe('design model', () => {
  it('names new fields field1, field2, … skipping names in use, and gives choice fields two options', () => {
    const design = designWith('input', 'select');
    expect(allFields(design.items).map((f) => f.field)).toEqual(['field1', 'field2']);
    const renamed = { ...design, items: updateItem(design.items, design.items[0].id, { field: 'field3' }) };
    expect((createItem('number', renamed) as FieldItem).field).toBe('field1');
    const select = design.items[1] as FieldItem;
    expect(select.placeholder).toBe('请选择下拉选择');
    expect(select.options).toEqual({ source: 'static', items: [{ label: '选项一', value: '1' }, { label: '选项二', value: '2' }] });
  });

  it('puts fields into a row container but never a row into a row', () => {
    const design = designWith('row', 'input');
    const [row, input] = design.items;
    let items = moveItem(design.items, input.id, { parent: row.id, index: 0 });
    expect(items).toHaveLength(1);
    expect((items[0] as RowItem).children.map((c) => c.id)).toEqual([input.id]);
    items = insertItem(items, createItem('row', design), { parent: row.id, index: 0 });
    expect(items.map((i) => i.kind)).toEqual(['row', 'row']);
    expect((items[0] as RowItem).children).toHaveLength(1);
  });

  it('reorders like a sortable list: moving onto an item takes its place', () => {
    const design = designWith('input', 'textarea', 'number');
    const [a, b, c] = design.items.map((i) => i.id);
    expect(moveItem(design.items, a, dropPosition(design.items, c)).map((i) => i.id)).toEqual([b, c, a]);
    expect(moveItem(design.items, c, dropPosition(design.items, a)).map((i) => i.id)).toEqual([c, a, b]);
  });

  it('drops on a row zone at the end of the row and on the canvas at the end of the form', () => {
    const design = designWith('input', 'row');
    const row = design.items[1];
    expect(dropPosition(design.items, rowZoneId(row.id))).toEqual({ parent: row.id, index: 0 });
    expect(dropPosition(design.items, 'canvas')).toEqual({ parent: null, index: 2 });
  });

  it('copies right after the original with a new id and a free field name, rows with all their fields', () => {
    const design = designWith('input', 'row');
    const row = design.items[1] as RowItem;
    const withChild = { ...design, items: insertItem(design.items, createItem('switch', design), { parent: row.id, index: 0 }) };
    const { items, copy } = copyItem(withChild, withChild.items[0].id);
    expect(items.map((i) => i.kind)).toEqual(['input', 'input', 'row']);
    expect(copy?.id).not.toBe(withChild.items[0].id);
    expect((items[1] as FieldItem).field).toBe('field3');
    const rows = copyItem({ ...withChild, items }, row.id).items.filter((i): i is RowItem => i.kind === 'row');
    expect(rows).toHaveLength(2);
    expect(rows[1].children.map((c) => c.field)).toEqual(['field4']);
  });

  it('removes an item wherever it sits', () => {
    const design = designWith('row', 'input');
    const [row, input] = design.items;
    const items = moveItem(design.items, input.id, { parent: row.id, index: 0 });
    expect(allFields(removeItem(items, input.id))).toEqual([]);
    expect(removeItem(items, row.id)).toEqual([]);
  });
});
