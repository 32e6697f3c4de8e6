import type { PointerEventHandler, ReactNode } from 'react';
import { Button, Divider, Form, Tooltip } from 'antd';
import { CopyOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { KINDS } from '../model/kinds';
import type { DesignItem, FieldItem } from '../model/design';
import FieldControl from './FieldControl';

export interface ItemActions {
  selectedId?: string;
  onSelect: (id: string) => void;
  onCopy: (id: string) => void;
  onDelete: (id: string) => void;
}

export const itemTitle = (item: DesignItem) => (item.kind === 'row' ? KINDS.row.label : item.label || KINDS[item.kind].label);

/** How a field looks on the canvas: its label and its control, which does not take input here. */
function FieldPreview({ field }: { field: FieldItem }) {
  return (
    <Form.Item label={field.label} required={field.required} valuePropName={KINDS[field.kind].valueProp} className="fb-item-form">
      <div inert>
        <FieldControl field={field} value={field.defaultValue} checked={field.kind === 'switch' ? field.defaultValue === true : undefined} />
      </div>
    </Form.Item>
  );
}

/**
 * One item on the canvas: click (or focus) selects it; it drags by pointer anywhere on it, or by keyboard
 * from its handle (Space picks up, arrows move, Space drops); copy and delete sit in its corner.
 */
interface Props {
  item: DesignItem;
  /** The row container it sits in, or null at the top level. */
  container: string | null;
  actions: ItemActions;
  span: number;
  children?: ReactNode;
}

export default function CanvasItem({ item, container, actions, span, children }: Props) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging, isOver } = useSortable({
    id: item.id,
    data: { kind: item.kind, container, depth: container ? 3 : 1 },
  });
  const selected = actions.selectedId === item.id;
  const title = itemTitle(item);
  return (
    <div
      ref={setNodeRef}
      className={`fb-item fb-item-${item.kind}${selected ? ' fb-item-selected' : ''}${isDragging ? ' fb-item-dragging' : ''}${isOver && !isDragging ? ' fb-item-over' : ''}`}
      style={{ gridColumn: `span ${span}`, transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined, transition }}
      // dnd-kit types its listeners as bare Functions; this one is the PointerSensor's.
      onPointerDown={listeners?.onPointerDown as PointerEventHandler | undefined}
      onClick={(e) => {
        e.stopPropagation();
        actions.onSelect(item.id);
      }}
      onFocus={(e) => {
        e.stopPropagation();
        actions.onSelect(item.id);
      }}
      data-testid={`item-${item.id}`}
    >
      <div className="fb-item-tools">
        <button type="button" ref={setActivatorNodeRef} className="fb-item-handle" {...attributes} {...listeners} aria-label={`拖动${title}`}>
          <HolderOutlined />
        </button>
        <Tooltip title="复制">
          <Button size="small" type="text" icon={<CopyOutlined />} aria-label={`复制${title}`} onClick={(e) => {
              e.stopPropagation();
              actions.onCopy(item.id);
            }} />
        </Tooltip>
        <Tooltip title="删除">
          <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除${title}`} onClick={(e) => {
              e.stopPropagation();
              actions.onDelete(item.id);
            }} />
        </Tooltip>
      </div>
      {item.kind === 'divider' ? <Divider>{item.label}</Divider> : item.kind === 'row' ? children : <FieldPreview field={item} />}
    </div>
  );
}
