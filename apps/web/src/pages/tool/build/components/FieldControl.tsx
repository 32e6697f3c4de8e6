import { lazy, Suspense } from 'react';
import { Button, Checkbox, DatePicker, Input, InputNumber, Radio, Select, Switch, TimePicker, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useDict } from '../../../../hooks/useDict';
import type { FieldItem } from '../model/design';

// TipTap is large: fetched only when a design has a rich-text field.
const Editor = lazy(() => import('../../../../components/Editor'));

const FULL = { width: '100%' };

function useOptions(field: FieldItem) {
  const dictType = field.options?.source === 'dict' ? field.options.dictType : '';
  const dicts = useDict(dictType);
  if (field.options?.source === 'dict') return dicts[dictType] ?? [];
  return field.options?.items ?? [];
}

/**
 * The antd control of a field. Form.Item hands its child value/onChange (or checked, fileList): they are
 * passed on untouched, so the same control serves the canvas and the preview form.
 */
export default function FieldControl({ field, ...bound }: { field: FieldItem } & Record<string, unknown>) {
  const options = useOptions(field);
  const placeholder = field.placeholder || undefined;
  switch (field.kind) {
    case 'input':
      return <Input placeholder={placeholder} allowClear {...bound} />;
    case 'textarea':
      return <Input.TextArea placeholder={placeholder} rows={4} {...bound} />;
    case 'number':
      return <InputNumber placeholder={placeholder} style={FULL} {...bound} />;
    case 'select':
      return <Select placeholder={placeholder} options={options} allowClear {...bound} />;
    case 'radio':
      return <Radio.Group options={options} {...bound} />;
    case 'checkbox':
      return <Checkbox.Group options={options} {...bound} />;
    case 'switch':
      return <Switch {...bound} />;
    case 'date':
      return <DatePicker placeholder={placeholder} style={FULL} {...bound} />;
    case 'time':
      return <TimePicker placeholder={placeholder} style={FULL} {...bound} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={FULL} {...bound} />;
    case 'upload':
      return (
        <Upload beforeUpload={() => false} {...bound}>
          <Button icon={<UploadOutlined />}>点击上传</Button>
        </Upload>
      );
    case 'richText':
      return (
        <Suspense fallback={<Input.TextArea placeholder={placeholder} rows={4} disabled />}>
          <Editor placeholder={placeholder} minHeight={120} {...bound} />
        </Suspense>
      );
  }
}
