import type { ReactNode } from 'react';
import type { Editor } from '@tiptap/react';
import { useEditorState } from '@tiptap/react';
import { Dropdown, Popover, Tooltip } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BgColorsOutlined,
  BoldOutlined,
  ClearOutlined,
  FontColorsOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';

const COLORS = ['#000000', '#595959', '#f5222d', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96', '#ffffff'];

const LEVELS = [1, 2, 3, 4] as const;
const BLOCKS = [{ key: 'p', label: '正文' }, ...LEVELS.map((level) => ({ key: `h${level}`, label: `标题 ${level}` }))];

interface ToolbarProps {
  editor: Editor;
  onLink: () => void;
  onImage: () => void;
}

/** Buttons keep the editor's selection: mousedown is cancelled so focus never leaves the text. */
function ToolButton({ title, pressed, onClick, children }: { title: string; pressed?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.6}>
      <button
        type="button"
        className={`editor-tool${pressed ? ' is-active' : ''}`}
        aria-label={title}
        aria-pressed={pressed}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {children}
      </button>
    </Tooltip>
  );
}

function ColorButton({ title, icon, onPick }: { title: string; icon: ReactNode; onPick: (color: string) => void }) {
  const palette = (
    <div className="editor-palette" role="listbox" aria-label={title}>
      {COLORS.map((c) => (
        <button
          key={c}
          type="button"
          aria-label={c}
          className="editor-swatch"
          style={{ background: c }}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(c)}
        />
      ))}
    </div>
  );
  return (
    <Popover content={palette} trigger="click" placement="bottom">
      <button type="button" className="editor-tool" aria-label={title} title={title} onMouseDown={(e) => e.preventDefault()}>
        {icon}
      </button>
    </Popover>
  );
}

/** The formatting state at the caret, recomputed on every editor transaction. */
function useFormatState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: BLOCKS.find((b) => b.key !== 'p' && e.isActive('heading', { level: Number(b.key.slice(1)) }))?.key ?? 'p',
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      quote: e.isActive('blockquote'),
      ordered: e.isActive('orderedList'),
      bullet: e.isActive('bulletList'),
    }),
  });
}

export default function Toolbar({ editor, onLink, onImage }: ToolbarProps) {
  const state = useFormatState(editor);
  const run = () => editor.chain().focus();
  const setBlock = (key: string) => {
    const level = LEVELS.find((l) => `h${l}` === key);
    if (level) run().setHeading({ level }).run();
    else run().setParagraph().run();
  };
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="格式">
      <ToolButton title="撤销" onClick={() => run().undo().run()}>
        <UndoOutlined />
      </ToolButton>
      <ToolButton title="重做" onClick={() => run().redo().run()}>
        <RedoOutlined />
      </ToolButton>
      <span className="editor-sep" />
      <Dropdown trigger={['click']} menu={{ items: BLOCKS, selectable: true, selectedKeys: [state.block], onClick: ({ key }) => setBlock(key) }}>
        <button type="button" className="editor-tool editor-block" aria-label="段落格式" onMouseDown={(e) => e.preventDefault()}>
          {BLOCKS.find((b) => b.key === state.block)?.label}
        </button>
      </Dropdown>
      <ToolButton title="加粗" pressed={state.bold} onClick={() => run().toggleBold().run()}>
        <BoldOutlined />
      </ToolButton>
      <ToolButton title="斜体" pressed={state.italic} onClick={() => run().toggleItalic().run()}>
        <ItalicOutlined />
      </ToolButton>
      <ToolButton title="下划线" pressed={state.underline} onClick={() => run().toggleUnderline().run()}>
        <UnderlineOutlined />
      </ToolButton>
      <ToolButton title="删除线" pressed={state.strike} onClick={() => run().toggleStrike().run()}>
        <StrikethroughOutlined />
      </ToolButton>
      <ColorButton title="文字颜色" icon={<FontColorsOutlined />} onPick={(c) => run().setColor(c).run()} />
      <ColorButton title="背景颜色" icon={<BgColorsOutlined />} onPick={(c) => run().setBackgroundColor(c).run()} />
      <span className="editor-sep" />
      <ToolButton title="引用" pressed={state.quote} onClick={() => run().toggleBlockquote().run()}>
        <span className="editor-quote">❝</span>
      </ToolButton>
      <ToolButton title="有序列表" pressed={state.ordered} onClick={() => run().toggleOrderedList().run()}>
        <OrderedListOutlined />
      </ToolButton>
      <ToolButton title="无序列表" pressed={state.bullet} onClick={() => run().toggleBulletList().run()}>
        <UnorderedListOutlined />
      </ToolButton>
      <ToolButton title="左对齐" onClick={() => run().setTextAlign('left').run()}>
        <AlignLeftOutlined />
      </ToolButton>
      <ToolButton title="居中" onClick={() => run().setTextAlign('center').run()}>
        <AlignCenterOutlined />
      </ToolButton>
      <ToolButton title="右对齐" onClick={() => run().setTextAlign('right').run()}>
        <AlignRightOutlined />
      </ToolButton>
      <span className="editor-sep" />
      <ToolButton title="链接" onClick={onLink}>
        <LinkOutlined />
      </ToolButton>
      <ToolButton title="图片" onClick={onImage}>
        <PictureOutlined />
      </ToolButton>
      <ToolButton title="清除格式" onClick={() => run().unsetAllMarks().clearNodes().run()}>
        <ClearOutlined />
      </ToolButton>
    </div>
  );
}
