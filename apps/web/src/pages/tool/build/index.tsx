import { useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { ClearOutlined, CodeOutlined, DownloadOutlined, EyeOutlined, FolderOpenOutlined, UploadOutlined } from '@ant-design/icons';
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { confirmDialog, toast } from '../../../utils/feedback';
import Canvas from './components/Canvas';
import { itemTitle } from './components/CanvasItem';
import CodeDialog from './components/CodeDialog';
import { designerCollision } from './components/collision';
import Palette from './components/Palette';
import PreviewDialog from './components/PreviewDialog';
import PropertyPanel from './components/PropertyPanel';
import SavedDesigns from './components/SavedDesigns';
import { readTextFile } from './components/transfer';
import { copyItem, createItem, emptyDesign, findItem, insertItem, moveItem, positionOf, removeItem, updateItem, type FormDesign, type ItemPatch, type Position } from './model/design';
import { dropPosition, paletteKind } from './model/dnd';
import { isFieldKind, KINDS, type ItemKind } from './model/kinds';
import { LIMITS, parseDesign } from './model/parse';
import './build.css';

type Dialog = { type: 'preview' } | { type: 'code'; tab: 'tsx' | 'json' } | { type: 'saved' } | undefined;

const SCREEN_READER = { draggable: '按空格键拿起组件，用方向键移动，再按空格键放下，按 Esc 取消。' };

/** 表单构建: design a form by dragging or clicking components, preview it, export it as React + antd code or JSON. */
export default function FormBuildPage() {
  const [design, setDesign] = useState<FormDesign>(emptyDesign);
  const [selectedId, setSelectedId] = useState<string>();
  const [dialog, setDialog] = useState<Dialog>();
  const [dragging, setDragging] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (id: string | number) => {
    const kind = paletteKind(String(id));
    if (kind) return KINDS[kind].label;
    const item = findItem(design.items, String(id));
    return item ? itemTitle(item) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `已拿起${titleOf(active.id)}`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)}移到了${titleOf(over.id) || '表单末尾'}的位置` : `${titleOf(active.id)}不在放置区域`),
    onDragEnd: ({ active, over }) => (over ? `已放下${titleOf(active.id)}` : `${titleOf(active.id)}未放下`),
    onDragCancel: ({ active }) => `已取消拖动，${titleOf(active.id)}回到原处`,
  };

  const addAt = (kind: ItemKind, at: Position) => {
    const item = createItem(kind, design);
    setDesign({ ...design, items: insertItem(design.items, item, at) });
    setSelectedId(item.id);
  };

  /** Click adds right after the selected item (at the end of a selected row container), else at the end of the form. */
  const addByClick = (kind: ItemKind) => {
    const selected = selectedId ? findItem(design.items, selectedId) : undefined;
    const at = selectedId ? positionOf(design.items, selectedId) : undefined;
    if (selected?.kind === 'row' && isFieldKind(kind)) addAt(kind, { parent: selected.id, index: selected.children.length });
    else if (at) addAt(kind, { parent: at.parent, index: at.index + 1 });
    else addAt(kind, { parent: null, index: design.items.length });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(undefined);
    if (!over) return;
    const at = dropPosition(design.items, String(over.id));
    const kind = paletteKind(String(active.id));
    if (kind) addAt(kind, at);
    else if (active.id !== over.id) setDesign({ ...design, items: moveItem(design.items, String(active.id), at) });
  };

  const actions = {
    selectedId,
    onSelect: setSelectedId,
    onCopy: (id: string) => {
      const { items, copy } = copyItem(design, id);
      setDesign({ ...design, items });
      setSelectedId(copy?.id);
    },
    onDelete: (id: string) => {
      setDesign({ ...design, items: removeItem(design.items, id) });
      if (selectedId === id) setSelectedId(undefined);
    },
  };

  const open = (next: FormDesign) => {
    setDesign(next);
    setSelectedId(undefined);
    setDialog(undefined);
  };

  const importFile = async (file: File) => {
    try {
      const result = parseDesign(await readTextFile(file, LIMITS.bytes));
      if (!result.ok) return toast.error(result.error);
      open(result.design);
      toast.success('导入成功');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : '导入失败');
    }
  };

  const clear = async () => {
    if (!(await confirmDialog({ content: '确定要清空所有组件吗？' }))) return;
    setDesign({ ...design, items: [] });
    setSelectedId(undefined);
  };

  const empty = design.items.length === 0;
  return (
    <div className="app-container fb-page">
      <DndContext
        sensors={sensors}
        collisionDetection={designerCollision}
        accessibility={{ announcements, screenReaderInstructions: SCREEN_READER }}
        onDragStart={({ active }) => setDragging(String(active.id))}
        onDragCancel={() => setDragging(undefined)}
        onDragEnd={onDragEnd}
      >
        <aside className="fb-left">
          <div className="fb-brand">表单构建</div>
          <Palette onAdd={addByClick} />
        </aside>
        <main className="fb-center">
          <div className="fb-toolbar">
            <Space wrap size={8}>
              <Button size="small" icon={<EyeOutlined />} disabled={empty} onClick={() => setDialog({ type: 'preview' })}>
                预览
              </Button>
              <Button size="small" type="primary" icon={<CodeOutlined />} disabled={empty} onClick={() => setDialog({ type: 'code', tab: 'tsx' })}>
                生成代码
              </Button>
              <Button size="small" icon={<DownloadOutlined />} onClick={() => setDialog({ type: 'code', tab: 'json' })}>
                导出 JSON
              </Button>
              <Button size="small" icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
                导入 JSON
              </Button>
              <Button size="small" icon={<FolderOpenOutlined />} onClick={() => setDialog({ type: 'saved' })}>
                我的设计
              </Button>
              <Button size="small" danger icon={<ClearOutlined />} disabled={empty} onClick={() => void clear()}>
                清空
              </Button>
            </Space>
            <input
              ref={fileInput}
              type="file"
              accept="application/json,.json"
              hidden
              aria-label="导入 JSON 文件"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void importFile(file);
              }}
            />
          </div>
          <div className="fb-canvas-wrap" onClick={() => setSelectedId(undefined)}>
            <Canvas design={design} actions={actions} />
          </div>
        </main>
        <aside className="fb-right">
          <PropertyPanel
            design={design}
            selected={selectedId ? findItem(design.items, selectedId) : undefined}
            onPatchItem={(id: string, patch: ItemPatch) => setDesign({ ...design, items: updateItem(design.items, id, patch) })}
            onChangeForm={(patch) => setDesign({ ...design, ...patch })}
          />
        </aside>
        <DragOverlay dropAnimation={null}>{dragging && <div className="fb-overlay">{titleOf(dragging)}</div>}</DragOverlay>
      </DndContext>
      {dialog?.type === 'preview' && <PreviewDialog design={design} onClose={() => setDialog(undefined)} />}
      {dialog?.type === 'code' && <CodeDialog design={design} initialTab={dialog.tab} onClose={() => setDialog(undefined)} />}
      {dialog?.type === 'saved' && <SavedDesigns design={design} onOpen={open} onClose={() => setDialog(undefined)} />}
    </div>
  );
}
