import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { Input, Modal } from 'antd';
import { sanitizeHtml } from '../../layout/Navbar/sanitizeHtml';
import { toast } from '../../utils/feedback';
import { editorExtensions, editorHtml, isAllowedLink } from './extensions';
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

/**
 * The notice rich-text editor (screens catalogue §7.14) on TipTap/ProseMirror: paragraph and heading formats,
 * inline styles, colours, lists, quote, alignment, links, uploaded images, undo/redo. Its document model only
 * holds what the shared allow-list keeps (see extensions.ts); pasted HTML is parsed into that model, pasted
 * images are uploaded, and the server sanitises again on save.
 */
/** Edits still taken for echoes of our own when the form hands them back late. */
const RECENT_EDITS = 20;

export default function Editor({ value, onChange, height, minHeight = 192, readOnly = false, placeholder = '请输入内容', fileSize = 5 }: EditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  // What the form may hold: the value given at mount, then the edits reported. A render can still carry an
  // earlier edit (the form's update for it lands after the next keystroke), so the recent ones all count
  // as ours; any other value comes from outside.
  const emitted = useRef<string[]>([value ?? '']);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const insertRef = useRef<(files: File[]) => void>(() => undefined);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');

  const editor = useEditor({
    extensions: editorExtensions(placeholder),
    content: sanitizeHtml(value ?? ''),
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: { class: 'editor-content', role: 'textbox', 'aria-multiline': 'true', 'aria-label': '内容' },
      handlePaste: (_view, event) => {
        const images = [...(event.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
        if (!images.length) return false;
        insertRef.current(images);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e);
      if (html === emitted.current.at(-1)) return;
      emitted.current = [...emitted.current.slice(-(RECENT_EDITS - 1)), html];
      onChangeRef.current?.(html);
    },
  });

  useEffect(() => {
    editor.setEditable(!readOnly);
  }, [editor, readOnly]);

  // Content from outside (form reset, a different notice) replaces the document; our own edits do not.
  useEffect(() => {
    const given = value ?? '';
    const latest = emitted.current.at(-1);
    // Caught up with the last edit: earlier ones can no longer come back, and a later reset to one of them is real.
    if (given === latest) {
      emitted.current = [given];
      return;
    }
    if (emitted.current.includes(given)) return;
    editor.commands.setContent(sanitizeHtml(given), { emitUpdate: false });
    emitted.current = [given];
  }, [editor, value]);

  insertRef.current = (files: File[]) => {
    void (async () => {
      for (const file of files) {
        const problem = checkEditorImage(file, fileSize);
        if (problem) {
          toast.error(problem);
          continue;
        }
        try {
          editor.chain().focus().setImage({ src: await uploadEditorImage(file) }).run();
        } catch {
          toast.error(INSERT_FAILED);
        }
      }
    })();
  };

  const insertLink = () => {
    const url = linkUrl.trim();
    if (!isAllowedLink(url) || /\s/.test(url)) {
      toast.error('请输入以 http://、https:// 或 mailto: 开头的链接地址');
      return;
    }
    setLinkOpen(false);
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href: url }).run();
    }
  };

  return (
    <div className={`editor${readOnly ? ' is-readonly' : ''}`}>
      {!readOnly && (
        <Toolbar
          editor={editor}
          onLink={() => {
            setLinkUrl(editor.getAttributes('link').href ?? 'https://');
            setLinkOpen(true);
          }}
          onImage={() => fileInput.current?.click()}
        />
      )}
      <EditorContent editor={editor} className="editor-body" style={{ minHeight, height, overflowY: height ? 'auto' : undefined }} />
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
          insertRef.current(files);
        }}
      />
      <Modal title="插入链接" open={linkOpen} width={420} okText="确 定" cancelText="取 消" onOk={insertLink} onCancel={() => setLinkOpen(false)} destroyOnHidden>
        <Input value={linkUrl} onChange={(e) => setLinkUrl(e.target.value)} onPressEnter={insertLink} placeholder="https://" autoFocus aria-label="链接地址" />
      </Modal>
    </div>
  );
}
