import type { ReactNode } from 'react';
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

const BLOCKS = [
  { key: 'p', label: '正文' },
  { key: 'h1', label: '标题 1' },
  { key: 'h2', label: '标题 2' },
  { key: 'h3', label: '标题 3' },
  { key: 'h4', label: '标题 4' },
];

interface ToolbarProps {
  /** Runs an editing command on the remembered selection. */
  onCommand: (command: string, value?: string) => void;
  active: (command: string) => boolean;
  block: string;
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

export default function Toolbar({ onCommand, active, block, onLink, onImage }: ToolbarProps) {
  const blockLabel = BLOCKS.find((b) => b.key === block)?.label ?? '正文';
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="格式">
      <ToolButton title="撤销" onClick={() => onCommand('undo')}>
        <UndoOutlined />
      </ToolButton>
      <ToolButton title="重做" onClick={() => onCommand('redo')}>
        <RedoOutlined />
      </ToolButton>
      <span className="editor-sep" />
      <Dropdown
        trigger={['click']}
        menu={{ items: BLOCKS, selectable: true, selectedKeys: [block], onClick: ({ key }) => onCommand('formatBlock', `<${key}>`) }}
      >
        <button type="button" className="editor-tool editor-block" aria-label="段落格式" onMouseDown={(e) => e.preventDefault()}>
          {blockLabel}
        </button>
      </Dropdown>
      <ToolButton title="加粗" pressed={active('bold')} onClick={() => onCommand('bold')}>
        <BoldOutlined />
      </ToolButton>
      <ToolButton title="斜体" pressed={active('italic')} onClick={() => onCommand('italic')}>
        <ItalicOutlined />
      </ToolButton>
      <ToolButton title="下划线" pressed={active('underline')} onClick={() => onCommand('underline')}>
        <UnderlineOutlined />
      </ToolButton>
      <ToolButton title="删除线" pressed={active('strikeThrough')} onClick={() => onCommand('strikeThrough')}>
        <StrikethroughOutlined />
      </ToolButton>
      <ColorButton title="文字颜色" icon={<FontColorsOutlined />} onPick={(c) => onCommand('foreColor', c)} />
      <ColorButton title="背景颜色" icon={<BgColorsOutlined />} onPick={(c) => onCommand('hiliteColor', c)} />
      <span className="editor-sep" />
      <ToolButton title="引用" pressed={block === 'blockquote'} onClick={() => onCommand('formatBlock', block === 'blockquote' ? '<p>' : '<blockquote>')}>
        <span className="editor-quote">❝</span>
      </ToolButton>
      <ToolButton title="有序列表" pressed={active('insertOrderedList')} onClick={() => onCommand('insertOrderedList')}>
        <OrderedListOutlined />
      </ToolButton>
      <ToolButton title="无序列表" pressed={active('insertUnorderedList')} onClick={() => onCommand('insertUnorderedList')}>
        <UnorderedListOutlined />
      </ToolButton>
      <ToolButton title="左对齐" onClick={() => onCommand('justifyLeft')}>
        <AlignLeftOutlined />
      </ToolButton>
      <ToolButton title="居中" onClick={() => onCommand('justifyCenter')}>
        <AlignCenterOutlined />
      </ToolButton>
      <ToolButton title="右对齐" onClick={() => onCommand('justifyRight')}>
        <AlignRightOutlined />
      </ToolButton>
      <span className="editor-sep" />
      <ToolButton title="链接" onClick={onLink}>
        <LinkOutlined />
      </ToolButton>
      <ToolButton title="图片" onClick={onImage}>
        <PictureOutlined />
      </ToolButton>
      <ToolButton title="清除格式" onClick={() => onCommand('removeFormat')}>
        <ClearOutlined />
      </ToolButton>
    </div>
  );
}
