import { useRef, useState } from 'react';
import { Alert, Button, Dropdown, Input, Space, Typography, type MenuProps } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { DownOutlined, EyeOutlined } from '@ant-design/icons';
import { previewVariables, type PreviewResult } from '../../../../../api/ai/variable';
import { checkPermi } from '../../../../../utils/permission';
import { insertAt } from './insertAt';
import type { VariableChoice } from './useVariableChoices';

interface VariableTextAreaProps {
  /** Accessible name of the text area. */
  label: string;
  agentId: number;
  choices: VariableChoice[];
  value?: string;
  onChange?: (value: string) => void;
  rows?: number;
  placeholder?: string;
  maxLength?: number;
  disabled?: boolean;
}

const GROUPS: VariableChoice['group'][] = ['系统变量', '全局变量', '客服变量'];

/** A text area with 插入变量 ({{key}} at the cursor) and 预览 (rendered with this agent's values). */
export default function VariableTextArea(props: VariableTextAreaProps) {
  const { label, agentId, choices, value = '', onChange, rows = 6, placeholder, maxLength, disabled } = props;
  const ref = useRef<TextAreaRef>(null);
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const insert = (key: string) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const next = insertAt(value, `{{${key}}}`, el?.selectionStart ?? value.length, el?.selectionEnd ?? value.length);
    onChange?.(next.text);
    // The text area gets its new value on the next render; the cursor is placed after it.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const runPreview = async () => {
    setPreviewing(true);
    try {
      const res = await previewVariables({ text: value, agentId });
      setPreview(res.data ?? null);
    } catch (error) {
      console.warn('预览未完成', error);
    } finally {
      setPreviewing(false);
    }
  };

  const items: MenuProps['items'] = GROUPS.map((group) => ({
    type: 'group' as const,
    key: group,
    label: group,
    children: choices
      .filter((c) => c.group === group)
      .map((c) => ({ key: `${group}:${c.key}`, label: `{{${c.key}}} ${c.label}`, onClick: () => insert(c.key) })),
  })).filter((g) => g.children.length > 0);

  return (
    <div>
      <Space style={{ marginBottom: 6 }}>
        <Dropdown menu={{ items, style: { maxHeight: 320, overflowY: 'auto' } }} trigger={['click']} disabled={disabled}>
          <Button size="small" disabled={disabled}>
            插入变量 <DownOutlined />
          </Button>
        </Dropdown>
        {/* The server renders with stored variable values, so preview is for those who may edit agents. */}
        {checkPermi(['ai:agent:edit']) && (
          <Button size="small" icon={<EyeOutlined />} loading={previewing} disabled={disabled || !value.trim()} onClick={() => void runPreview()}>
            预览
          </Button>
        )}
      </Space>
      <Input.TextArea
        ref={ref}
        aria-label={label}
        value={value}
        rows={rows}
        placeholder={placeholder}
        maxLength={maxLength}
        showCount={Boolean(maxLength)}
        disabled={disabled}
        onChange={(e) => onChange?.(e.target.value)}
      />
      {preview && (
        <Alert
          // Clear of the character count under the text area.
          style={{ marginTop: maxLength ? 28 : 8 }}
          type={preview.missing.length ? 'warning' : 'info'}
          closable={{ onClose: () => setPreview(null) }}
          title="预览"
          description={
            <>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 4 }}>{preview.text}</Typography.Paragraph>
              {preview.missing.length > 0 && (
                <Typography.Text type="warning">无值且无兜底的变量：{preview.missing.join('、')}</Typography.Text>
              )}
            </>
          }
        />
      )}
    </div>
  );
}
