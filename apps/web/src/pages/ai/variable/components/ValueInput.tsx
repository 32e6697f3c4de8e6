import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { BOOLEAN_OPTIONS, type ValueShape } from './valueRules';

interface ValueInputProps {
  shape: Pick<ValueShape, 'varType' | 'options'>;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  /** Accessible name. */
  label?: string;
}

const DATE = 'YYYY-MM-DD';

/** The input for a variable value by its type; every value travels as a string. */
export default function ValueInput({ shape, value = '', onChange, placeholder = '请输入', label }: ValueInputProps) {
  const change = (v: string | null | undefined) => onChange?.(v ?? '');
  switch (shape.varType) {
    case 'number':
      return (
        <InputNumber<string>
          aria-label={label}
          stringMode
          value={value === '' ? null : value}
          onChange={change}
          placeholder={placeholder}
          style={{ width: '100%' }}
        />
      );
    case 'date':
      return (
        <DatePicker
          aria-label={label}
          value={value ? dayjs(value, DATE) : null}
          onChange={(d) => change(d ? d.format(DATE) : '')}
          style={{ width: '100%' }}
        />
      );
    case 'select':
    case 'boolean':
      return (
        <Select
          aria-label={label}
          allowClear
          value={value || undefined}
          onChange={change}
          placeholder="请选择"
          options={shape.varType === 'boolean' ? BOOLEAN_OPTIONS : shape.options}
          style={{ width: '100%' }}
        />
      );
    case 'phone':
      return <Input aria-label={label} value={value} maxLength={20} onChange={(e) => change(e.target.value)} placeholder={placeholder} />;
    default:
      return <Input aria-label={label} value={value} maxLength={500} onChange={(e) => change(e.target.value)} placeholder={placeholder} />;
  }
}
