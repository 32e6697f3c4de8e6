import { Button, Dropdown, Input, Space, type MenuProps } from 'antd';
import { DownOutlined, EyeOutlined } from '@ant-design/icons';
import { previewVariables } from '../../../../../api/ai/variable';
import { PreviewAlert, useVariableText } from '../../../../../components/VariableText';
import { checkPermi } from '../../../../../utils/permission';
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
  const { ref, insert, preview, previewing, runPreview, closePreview } = useVariableText(value, onChange, () => previewVariables({ text: value, agentId }));

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
        <PreviewAlert
          preview={preview}
          onClose={closePreview}
          complete="info"
          missingLabel="无值且无兜底的变量"
          // Clear of the character count under the text area.
          style={{ marginTop: maxLength ? 28 : 8 }}
        />
      )}
    </div>
  );
}
