import { createContext, useContext, type HTMLAttributes } from 'react';
import { Alert, Checkbox, Input, Select, Table, type TableColumnsType } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { DndContext, getFirstCollision, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { FIELD_IDENTIFIER, GEN_HTML_TYPE_LABELS, GEN_HTML_TYPES, GEN_QUERY_TYPE_LABELS, GEN_QUERY_TYPES, GEN_TS_TYPES } from '@acs/shared';
import type { GenTableColumn } from '../../../../api/tool/gen';
import type { DictType } from '../../../../api/system/dict/type';
import { invalidFields, moveColumn, patchColumn } from './columnEdits';

type Flag = 'isInsert' | 'isEdit' | 'isList' | 'isQuery' | 'isRequired';

const TS_TYPE_OPTIONS = GEN_TS_TYPES.map((t) => ({ label: t, value: t }));
const QUERY_TYPE_OPTIONS = GEN_QUERY_TYPES.map((t) => ({ label: GEN_QUERY_TYPE_LABELS[t], value: t }));
const HTML_TYPE_OPTIONS = GEN_HTML_TYPES.map((t) => ({ label: GEN_HTML_TYPE_LABELS[t], value: t }));

const SCREEN_READER = { draggable: '按空格键拿起字段，用上下方向键移动，再按空格键放下，按 Esc 取消。' };

/** The drag handle of a row: the row's sortable listeners live on it, so the inputs stay usable. */
const HandleContext = createContext<ReturnType<typeof useSortable> | undefined>(undefined);

function DragHandle({ label }: { label: string }) {
  const sortable = useContext(HandleContext);
  return (
    <button
      type="button"
      className="gen-drag-handle"
      ref={sortable?.setActivatorNodeRef}
      {...sortable?.attributes}
      {...sortable?.listeners}
      aria-label={`拖动${label}`}
    >
      <HolderOutlined />
    </button>
  );
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': number }) {
  const sortable = useSortable({ id: props['data-row-key'] });
  const { transform, transition, isDragging } = sortable;
  const style = {
    ...props.style,
    transform: transform ? `translate3d(0, ${transform.y}px, 0)` : undefined,
    transition,
    ...(isDragging ? { position: 'relative' as const, zIndex: 2, background: '#fafafa' } : {}),
  };
  return (
    <HandleContext.Provider value={sortable}>
      <tr {...props} ref={sortable.setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

interface Props {
  columns: GenTableColumn[];
  onChange: (columns: GenTableColumn[]) => void;
  dictTypes: DictType[];
  /** Marks property names that are missing or not identifiers once a submit has been refused. */
  showErrors: boolean;
}

/**
 * 字段信息 (screens §5.2): every column's settings edited in place; rows drag by their handle (mouse,
 * or keyboard: Space, arrows, Space) and `sort` follows the new order.
 */
export default function ColumnGrid({ columns, onChange, dictTypes, showErrors }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => columns.find((c) => c.columnId === Number(id))?.columnName ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `已拿起字段${nameOf(active.id)}`,
    onDragOver: ({ active, over }) => (over ? `字段${nameOf(active.id)}移到了${nameOf(over.id)}的位置` : `字段${nameOf(active.id)}不在表格内`),
    onDragEnd: ({ active, over }) => (over ? `已放下字段${nameOf(active.id)}` : `字段${nameOf(active.id)}未移动`),
    onDragCancel: ({ active }) => `已取消拖动，字段${nameOf(active.id)}回到原处`,
  };
  const dictOptions = dictTypes.map((d) => ({ value: d.dictType, label: d.dictName }));

  const patch = (row: GenTableColumn, change: Partial<GenTableColumn>) => onChange(patchColumn(columns, row.columnId, change));
  // Not `over`: dnd-kit sets it in an effect a render after the move, so Space pressed right after an arrow
  // key would drop the row back where it started; the collisions are those of the move's own render.
  const onDragEnd = ({ active, collisions }: DragEndEvent) => {
    const target = getFirstCollision(collisions, 'id');
    if (target != null) onChange(moveColumn(columns, Number(active.id), Number(target)));
  };

  const flag = (title: string, key: Flag) => ({
    title,
    key,
    width: 44,
    align: 'center' as const,
    render: (_v: unknown, row: GenTableColumn) => (
      <Checkbox
        checked={row[key] === '1'}
        aria-label={`${row.columnName} ${title}`}
        onChange={(e) => patch(row, { [key]: e.target.checked ? '1' : '0' })}
      />
    ),
  });

  /** A setting chosen from a fixed list; `fallback` is shown for a column that has none yet. */
  const choice = (title: string, key: 'javaType' | 'queryType' | 'htmlType', width: number, options: { value: string; label: string }[], fallback?: string) => ({
    title,
    key,
    width,
    render: (_v: unknown, row: GenTableColumn) => (
      <Select
        size="small"
        value={row[key] ?? fallback}
        options={options}
        aria-label={`${row.columnName} ${title}`}
        style={{ width: '100%' }}
        onChange={(value: string) => patch(row, { [key]: value })}
      />
    ),
  });

  const grid: TableColumnsType<GenTableColumn> = [
    {
      title: '序号',
      key: 'sort',
      width: 56,
      align: 'center',
      fixed: 'left',
      render: (_v, row, index) => (
        <span className="gen-sort-cell">
          <DragHandle label={row.columnName} />
          {index + 1}
        </span>
      ),
    },
    // Kept in view while a narrow window scrolls the settings sideways.
    { title: '字段列名', dataIndex: 'columnName', width: 120, fixed: 'left', ellipsis: { showTitle: true } },
    {
      title: '字段描述',
      key: 'columnComment',
      render: (_v, row) => (
        <Input size="small" value={row.columnComment} maxLength={500} aria-label={`${row.columnName} 字段描述`} onChange={(e) => patch(row, { columnComment: e.target.value })} />
      ),
    },
    { title: '物理类型', dataIndex: 'columnType', width: 100, ellipsis: { showTitle: true } },
    choice('TS类型', 'javaType', 100, TS_TYPE_OPTIONS),
    {
      title: 'TS属性',
      key: 'javaField',
      render: (_v, row) => (
        <Input
          size="small"
          value={row.javaField}
          maxLength={200}
          status={showErrors && !FIELD_IDENTIFIER.test(row.javaField ?? '') ? 'error' : undefined}
          aria-label={`${row.columnName} TS属性`}
          onChange={(e) => patch(row, { javaField: e.target.value.trim() })}
        />
      ),
    },
    flag('插入', 'isInsert'),
    flag('编辑', 'isEdit'),
    flag('列表', 'isList'),
    flag('查询', 'isQuery'),
    choice('查询方式', 'queryType', 108, QUERY_TYPE_OPTIONS, 'EQ'),
    flag('必填', 'isRequired'),
    choice('显示类型', 'htmlType', 120, HTML_TYPE_OPTIONS, 'input'),
    {
      title: '字典类型',
      key: 'dictType',
      width: 130,
      render: (_v, row) => (
        <Select
          size="small"
          value={row.dictType || undefined}
          options={dictOptions}
          placeholder="请选择"
          allowClear
          showSearch={{ optionFilterProp: ['label', 'value'] }}
          optionRender={(option) => (
            <span className="gen-dict-option">
              <span>{option.label}</span>
              <span className="gen-dict-type">{option.value}</span>
            </span>
          )}
          popupMatchSelectWidth={280}
          aria-label={`${row.columnName} 字典类型`}
          style={{ width: '100%' }}
          onChange={(dictType?: string) => patch(row, { dictType: dictType ?? '' })}
        />
      ),
    },
  ];

  const invalid = showErrors ? invalidFields(columns) : [];
  return (
    <DndContext sensors={sensors} accessibility={{ announcements, screenReaderInstructions: SCREEN_READER }} onDragEnd={onDragEnd}>
      {invalid.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`TS属性须以小写字母开头，只含字母和数字：${invalid.map((c) => c.columnName).join('、')}`}
        />
      )}
      <SortableContext items={columns.map((c) => c.columnId)} strategy={verticalListSortingStrategy}>
        <Table<GenTableColumn>
          rowKey="columnId"
          size="small"
          className="gen-column-grid"
          columns={grid}
          dataSource={columns}
          pagination={false}
          tableLayout="fixed"
          // Fits a 1440 px window; narrower ones scroll the grid sideways inside its card.
          scroll={{ x: 1130, y: 'calc(100vh - 330px)' }}
          components={{ body: { row: SortableRow } }}
        />
      </SortableContext>
    </DndContext>
  );
}
