import { useCallback, useEffect, useRef, useState } from 'react';
import { Input, Modal } from 'antd';
import { sanitizeHtml } from '../../layout/Navbar/sanitizeHtml';
import { toast } from '../../utils/feedback';
import { commandActive, currentBlock, editorHtml, runCommand } from './commands';
import Toolbar from './Toolbar';
import { checkEditorImage, INSERT_FAILED, uploadEditorImage } from './upload';
import './editor.css';

export interface EditorProps {
  /** HTML content. */
  value?: string;
  onChange?: (html: string) => void;
  /** Fixed height of the editing area in px (grows with the content when left out). */
  height?: number;
  minHeight?: number;
  readOnly?: boolean;
  placeholder?: string;
  /** Largest image in MB. */
  fileSize?: number;
}

const LINK_URL = /^(https?:\/\/|mailto:)\S+$/i;
const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A compact rich-text editor on a contentEditable region (screens catalogue §7.14): paragraph and heading
 * formats, inline styles, colours, lists, quote, alignment, links, uploaded images, undo/redo. Pasted HTML
 * goes through the allow-list sanitiser and pasted images are uploaded; the server sanitises again on save.
 */
export default function Editor({ value, onChange, height, minHeight = 192, readOnly = false, placeholder = '请输入内容', fileSize = 5 }: EditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const emitted = useRef<string | null>(null);
  const saved = useRef<Range | null>(null);
  const [, setSelectionTick] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');

  // Content from outside (form reset, a different notice) replaces the text; our own edits do not.
  useEffect(() => {
    const el = area.current;
    if (!el || (value ?? '') === emitted.current) return;
    el.innerHTML = sanitizeHtml(value ?? '');
    emitted.current = value ?? '';
  }, [value]);

  const emit = useCallback(() => {
    const el = area.current;
    if (!el) return;
    const html = editorHtml(el);
    if (html === emitted.current) return;
    emitted.current = html;
    onChange?.(html);
  }, [onChange]);

  // Remember where the caret was, so toolbar dialogs (link, image) act on that spot.
  useEffect(() => {
    const onSelection = () => {
      const sel = document.getSelection();
      if (!sel || sel.rangeCount === 0 || !area.current?.contains(sel.anchorNode)) return;
      saved.current = sel.getRangeAt(0).cloneRange();
      setSelectionTick((n) => n + 1);
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  const restoreSelection = () => {
    const el = area.current;
    if (!el) return;
    el.focus();
    const sel = document.getSelection();
    if (saved.current && sel) {
      sel.removeAllRanges();
      sel.addRange(saved.current);
    }
  };

  const command = (name: string, arg?: string) => {
    restoreSelection();
    runCommand(name, arg);
    emit();
  };

  const insertImages = async (files: File[]) => {
    for (const file of files) {
      const problem = checkEditorImage(file, fileSize);
      if (problem) {
        toast.error(problem);
        continue;
      }
      try {
        command('insertImage', await uploadEditorImage(file));
      } catch {
        toast.error(INSERT_FAILED);
      }
    }
  };

  const onPaste = (e: React.ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const images = [...e.clipboardData.files].filter((f) => f.type.startsWith('image/'));
    if (images.length) {
      void insertImages(images);
      return;
    }
    const html = e.clipboardData.getData('text/html');
    if (html) runCommand('insertHTML', sanitizeHtml(html));
    else runCommand('insertText', e.clipboardData.getData('text/plain'));
    emit();
  };

  const insertLink = () => {
    const url = linkUrl.trim();
    if (!LINK_URL.test(url)) {
      toast.error('请输入以 http://、https:// 或 mailto: 开头的链接地址');
      return;
    }
    setLinkOpen(false);
    restoreSelection();
    const collapsed = document.getSelection()?.isCollapsed ?? true;
    if (collapsed) runCommand('insertHTML', `<a href="${escapeAttribute(url)}" target="_blank">${escapeAttribute(url)}</a>`);
    else runCommand('createLink', url);
    emit();
  };

  return (
    <div className={`editor${readOnly ? ' is-readonly' : ''}`}>
      {!readOnly && (
        <Toolbar
          onCommand={command}
          active={commandActive}
          block={currentBlock()}
          onLink={() => {
            setLinkUrl('https://');
            setLinkOpen(true);
          }}
          onImage={() => fileInput.current?.click()}
        />
      )}
      <div
        ref={area}
        className="editor-content"
        role="textbox"
        aria-multiline
        aria-label="内容"
        contentEditable={!readOnly}
        suppressContentEditableWarning
        data-placeholder={placeholder}
        style={{ minHeight, height, overflowY: height ? 'auto' : undefined }}
        onInput={emit}
        onBlur={emit}
        onPaste={onPaste}
        onFocus={() => runCommand('defaultParagraphSeparator', 'p')}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/gif"
        style={{ display: 'none' }}
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void insertImages(files);
        }}
      />
      <Modal title="插入链接" open={linkOpen} width={420} okText="确 定" cancelText="取 消" onOk={insertLink} onCancel={() => setLinkOpen(false)} destroyOnHidden>
        <Input value={linkUrl} onChange={(e) => setLinkUrl(e.target.value)} onPressEnter={insertLink} placeholder="https://" autoFocus aria-label="链接地址" />
      </Modal>
    </div>
  );
}
