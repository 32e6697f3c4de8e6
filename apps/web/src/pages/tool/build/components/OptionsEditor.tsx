import { Button, Form, Input, Radio, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { optionselect } from '../../../../api/system/dict/type';
import { LIMITS } from '../model/parse';
import type { FieldOptions, OptionItem } from '../model/design';

function StaticOptions({ items, onChange }: { items: OptionItem[]; onChange: (items: OptionItem[]) => void }) {
  const patch = (index: number, change: Partial<OptionItem>) => onChange(items.map((o, i) => (i === index ? { ...o, ...change } : o)));
  return (
    <div className="fb-options">
      {items.map((option, index) => (
        <Space.Compact key={index} block>
          <Input value={option.label} maxLength={LIMITS.text} aria-label={`选项名 ${index + 1}`} placeholder="选项名" onChange={(e) => patch(index, { label: e.target.value })} />
          <Input value={option.value} maxLength={LIMITS.text} aria-label={`选项值 ${index + 1}`} placeholder="选项值" onChange={(e) => patch(index, { value: e.target.value })} />
          <Button icon={<DeleteOutlined />} aria-label={`删除选项 ${index + 1}`} onClick={() => onChange(items.filter((_, i) => i !== index))} />
        </Space.Compact>
      ))}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={items.length >= LIMITS.options}
        onClick={() => onChange([...items, { label: `选项${items.length + 1}`, value: String(items.length + 1) }])}
      >
        添加选项
      </Button>
    </div>
  );
}

function DictTypeSelect({ value, onChange }: { value: string; onChange: (dictType: string) => void }) {
  const types = useQuery({ queryKey: ['system/dict/type/optionselect'], queryFn: optionselect, staleTime: 60_000 });
  return (
    <Form.Item label="字典类型" htmlFor="fb-prop-dict">
      <Select
        id="fb-prop-dict"
        showSearch={{ optionFilterProp: 'label' }}
        loading={types.isLoading}
        value={value || undefined}
        placeholder="请选择字典类型"
        options={(types.data?.data ?? []).map((t) => ({ label: `${t.dictName}（${t.dictType}）`, value: t.dictType }))}
        onChange={onChange}
      />
    </Form.Item>
  );
}

/** 选项: a static list edited here, or the entries of a dictionary type loaded when the form renders. */
export default function OptionsEditor({ options, onChange }: { options: FieldOptions; onChange: (options: FieldOptions) => void }) {
  return (
    <>
      <Form.Item label="选项来源">
        <Radio.Group
          optionType="button"
          value={options.source}
          options={[
            { label: '静态选项', value: 'static' },
            { label: '字典', value: 'dict' },
          ]}
          onChange={(e) => onChange(e.target.value === 'dict' ? { source: 'dict', dictType: '' } : { source: 'static', items: [] })}
        />
      </Form.Item>
      {options.source === 'static' ? (
        <StaticOptions items={options.items} onChange={(items) => onChange({ source: 'static', items })} />
      ) : (
        <DictTypeSelect value={options.dictType} onChange={(dictType) => onChange({ source: 'dict', dictType })} />
      )}
    </>
  );
}
