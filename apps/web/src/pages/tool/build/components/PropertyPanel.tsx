import { Empty, Form, Input, InputNumber, Radio, Select, Slider, Switch, Tabs } from 'antd';
import { KINDS } from '../model/kinds';
import { allFields, type DefaultValue, type DesignItem, type FieldItem, type FormDesign, type ItemPatch } from '../model/design';
import { COMPONENT_NAME, FIELD_NAME, LIMITS } from '../model/parse';
import OptionsEditor from './OptionsEditor';
import ValidatedInput from './ValidatedInput';

function regexError(text: string): string | undefined {
  try {
    new RegExp(text);
    return text.length > LIMITS.pattern ? `正则表达式不能超过 ${LIMITS.pattern} 个字符` : undefined;
  } catch {
    return '正则表达式无效';
  }
}

function DefaultEditor({ field, onChange }: { field: FieldItem; onChange: (value: DefaultValue | undefined) => void }) {
  const id = 'fb-prop-default';
  const label = { label: '默认值', htmlFor: id };
  switch (KINDS[field.kind].valueType) {
    case 'string':
    case 'html':
      return (
        <Form.Item {...label}>
          <Input id={id} value={typeof field.defaultValue === 'string' ? field.defaultValue : ''} maxLength={1000} onChange={(e) => onChange(e.target.value || undefined)} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item {...label}>
          <InputNumber id={id} style={{ width: '100%' }} value={typeof field.defaultValue === 'number' ? field.defaultValue : null} onChange={(v) => onChange(v ?? undefined)} />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item {...label}>
          <Switch id={id} checked={field.defaultValue === true} onChange={onChange} />
        </Form.Item>
      );
    case 'strings':
      return (
        <Form.Item {...label}>
          <Select id={id} mode="tags" value={Array.isArray(field.defaultValue) ? field.defaultValue : []} onChange={(v: string[]) => onChange(v.length ? v : undefined)} />
        </Form.Item>
      );
    default:
      return null;
  }
}

function FieldProps({ field, design, onPatch }: { field: FieldItem; design: FormDesign; onPatch: (patch: ItemPatch) => void }) {
  const info = KINDS[field.kind];
  const others = new Set(allFields(design.items).filter((f) => f.id !== field.id).map((f) => f.field));
  const fieldError = (name: string) =>
    !FIELD_NAME.test(name) ? '字段名须以字母、下划线或 $ 开头，只含字母、数字、下划线或 $' : others.has(name) ? `字段名重复：${name}` : undefined;
  return (
    <>
      <Form.Item label="组件类型">
        <span>{info.label}</span>
      </Form.Item>
      <ValidatedInput id="fb-prop-field" label="字段名" value={field.field} validate={fieldError} onCommit={(name) => onPatch({ field: name })} />
      <Form.Item label="标题" htmlFor="fb-prop-label">
        <Input id="fb-prop-label" value={field.label} maxLength={LIMITS.text} onChange={(e) => onPatch({ label: e.target.value })} />
      </Form.Item>
      {info.placeholder && (
        <Form.Item label="占位提示" htmlFor="fb-prop-placeholder">
          <Input id="fb-prop-placeholder" value={field.placeholder} maxLength={LIMITS.text} onChange={(e) => onPatch({ placeholder: e.target.value })} />
        </Form.Item>
      )}
      <Form.Item label="表单栅格">
        <Slider min={1} max={24} value={field.span} marks={{ 6: '6', 12: '12', 18: '18', 24: '24' }} onChange={(span) => onPatch({ span })} ariaLabelForHandle="表单栅格" />
      </Form.Item>
      <DefaultEditor field={field} onChange={(defaultValue) => onPatch({ defaultValue })} />
      {info.valueType !== 'boolean' && (
        <Form.Item label="是否必填" htmlFor="fb-prop-required">
          <Switch id="fb-prop-required" checked={field.required} onChange={(required) => onPatch({ required })} />
        </Form.Item>
      )}
      {info.pattern && (
        <>
          <ValidatedInput id="fb-prop-pattern" label="正则校验" placeholder="如 ^1\d{10}$" value={field.pattern} validate={regexError} onCommit={(pattern) => onPatch({ pattern })} />
          <Form.Item label="校验提示" htmlFor="fb-prop-pattern-message">
            <Input id="fb-prop-pattern-message" value={field.patternMessage} maxLength={LIMITS.text} placeholder={`${field.label}格式不正确`} onChange={(e) => onPatch({ patternMessage: e.target.value })} />
          </Form.Item>
        </>
      )}
      {field.options && <OptionsEditor options={field.options} onChange={(options) => onPatch({ options })} />}
    </>
  );
}

function ItemProps({ item, design, onPatch }: { item: DesignItem; design: FormDesign; onPatch: (patch: ItemPatch) => void }) {
  if (item.kind === 'divider')
    return (
      <Form.Item label="分割线文字" htmlFor="fb-prop-label">
        <Input id="fb-prop-label" value={item.label} maxLength={LIMITS.text} onChange={(e) => onPatch({ label: e.target.value })} />
      </Form.Item>
    );
  if (item.kind === 'row')
    return (
      <Form.Item label="栅格间隔" htmlFor="fb-prop-gutter">
        <InputNumber id="fb-prop-gutter" min={0} max={48} value={item.gutter} onChange={(gutter) => onPatch({ gutter: gutter ?? 0 })} />
      </Form.Item>
    );
  return <FieldProps field={item} design={design} onPatch={onPatch} />;
}

function FormProps({ design, onChange }: { design: FormDesign; onChange: (patch: Partial<FormDesign>) => void }) {
  const nameError = (name: string) => (COMPONENT_NAME.test(name) && name.length <= 64 ? undefined : '表单名须以大写字母开头，只含字母、数字和下划线');
  return (
    <>
      <ValidatedInput id="fb-form-name" label="表单名" value={design.name} validate={nameError} onCommit={(name) => onChange({ name })} />
      <Form.Item label="标签位置">
        <Radio.Group
          optionType="button"
          value={design.layout}
          options={[
            { label: '左侧', value: 'horizontal' },
            { label: '顶部', value: 'vertical' },
          ]}
          onChange={(e) => onChange({ layout: e.target.value })}
        />
      </Form.Item>
      <Form.Item label="标签宽度" htmlFor="fb-form-label-width">
        <InputNumber id="fb-form-label-width" min={0} max={400} value={design.labelWidth} onChange={(v) => onChange({ labelWidth: v ?? 0 })} />
      </Form.Item>
      <Form.Item label="栅格间隔" htmlFor="fb-form-gutter">
        <InputNumber id="fb-form-gutter" min={0} max={48} value={design.gutter} onChange={(v) => onChange({ gutter: v ?? 0 })} />
      </Form.Item>
    </>
  );
}

interface Props {
  design: FormDesign;
  selected?: DesignItem;
  onPatchItem: (id: string, patch: ItemPatch) => void;
  onChangeForm: (patch: Partial<FormDesign>) => void;
}

/** 组件属性 of the selected item and 表单属性 of the whole form. */
export default function PropertyPanel({ design, selected, onPatchItem, onChangeForm }: Props) {
  return (
    <Tabs
      className="fb-props"
      items={[
        {
          key: 'item',
          label: '组件属性',
          children: selected ? (
            <Form layout="vertical" size="small" key={selected.id}>
              <ItemProps item={selected} design={design} onPatch={(patch) => onPatchItem(selected.id, patch)} />
            </Form>
          ) : (
            <Empty description="请在画布中选择组件" />
          ),
        },
        {
          key: 'form',
          label: '表单属性',
          children: (
            <Form layout="vertical" size="small">
              <FormProps design={design} onChange={onChangeForm} />
            </Form>
          ),
        },
      ]}
    />
  );
}
