import { Form } from 'antd';
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { CANVAS_ID, rowZoneId } from '../model/dnd';
import type { FormDesign, RowItem } from '../model/design';
import CanvasItem, { type ItemActions } from './CanvasItem';

/** The 24-column grid of a container; a field's span is its share of the columns. */
const grid = (gutter: number) => ({ display: 'grid', gridTemplateColumns: 'repeat(24, minmax(0, 1fr))', columnGap: gutter });

function RowBody({ row, actions }: { row: RowItem; actions: ItemActions }) {
  const { setNodeRef, isOver } = useDroppable({ id: rowZoneId(row.id), data: { depth: 2, container: row.id } });
  return (
    <div ref={setNodeRef} className={`fb-row${isOver ? ' fb-drop-over' : ''}`} style={grid(row.gutter)}>
      <SortableContext items={row.children.map((c) => c.id)} strategy={rectSortingStrategy}>
        {row.children.map((child) => (
          <CanvasItem key={child.id} item={child} actions={actions} container={row.id} span={child.span} />
        ))}
      </SortableContext>
      {row.children.length === 0 && <div className="fb-row-empty">拖入或选中此行后点选组件</div>}
    </div>
  );
}

/** The form being designed: a sortable grid of items, row containers holding their own sortable grids. */
export default function Canvas({ design, actions }: { design: FormDesign; actions: ItemActions }) {
  const { setNodeRef, isOver } = useDroppable({ id: CANVAS_ID, data: { depth: 0 } });
  const labelCol = design.layout === 'horizontal' ? { style: { width: design.labelWidth, flex: `0 0 ${design.labelWidth}px` } } : undefined;
  return (
    <Form component="div" layout={design.layout} labelCol={labelCol} className={`fb-canvas${isOver ? ' fb-drop-over' : ''}`}>
      <div ref={setNodeRef} className="fb-canvas-grid" style={grid(design.gutter)} aria-label="画布">
        <SortableContext items={design.items.map((i) => i.id)} strategy={rectSortingStrategy}>
          {design.items.map((item) => (
            <CanvasItem key={item.id} item={item} actions={actions} container={null} span={item.kind === 'row' || item.kind === 'divider' ? 24 : item.span}>
              {item.kind === 'row' && <RowBody row={item} actions={actions} />}
            </CanvasItem>
          ))}
        </SortableContext>
        {design.items.length === 0 && <div className="fb-empty">从左侧拖入或点选组件进行表单设计</div>}
      </div>
    </Form>
  );
}
