import { useRef, useState } from 'react';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import type { AjaxResult } from '../../types/api';
import { insertAt } from './insertAt';

/** A text rendered with its variables' values, and the keys that had none. */
export interface VariablePreview {
  text: string;
  missing: string[];
}

/**
 * The controlled text of a text area with {{variables}}: `insert` puts {{key}} at the cursor (over the selection),
 * `runPreview` asks the server to render it; `ref` goes on the Input.TextArea.
 */
export function useVariableText<P extends VariablePreview>(value: string, onChange: ((value: string) => void) | undefined, render: () => Promise<AjaxResult<P>>) {
  const ref = useRef<TextAreaRef>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const insert = (key: string) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const next = insertAt(value, `{{${key}}}`, el?.selectionStart ?? value.length, el?.selectionEnd ?? value.length);
    onChange?.(next.text);
    // The text area gets its new value on the next render; the cursor is placed after the variable.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const runPreview = async () => {
    setPreviewing(true);
    try {
      const res = await render();
      setPreview(res.data ?? null);
    } catch (error) {
      // The request layer has shown why.
      console.warn('预览未完成', error);
    } finally {
      setPreviewing(false);
    }
  };

  return { ref, insert, preview, previewing, runPreview, closePreview: () => setPreview(null) };
}
