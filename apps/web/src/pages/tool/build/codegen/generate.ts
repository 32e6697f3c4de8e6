import { KINDS, type FieldKind } from '../model/kinds';
import { allFields, type DesignItem, type FieldItem, type FormDesign } from '../model/design';
import { fieldRule, toZodSource } from '../model/rules';

const str = (value: string) => JSON.stringify(value);
const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const indent = (text: string, by: number) => text.split('\n').map((line) => (line ? ' '.repeat(by) + line : line)).join('\n');

/** The antd components each kind renders with (the generated import list is the union of what is used). */
const ANTD_OF: Record<FieldKind, string[]> = {
  input: ['Input'],
  textarea: ['Input'],
  number: ['InputNumber'],
  select: ['Select'],
  radio: ['Radio'],
  checkbox: ['Checkbox'],
  switch: ['Switch'],
  date: ['DatePicker'],
  time: ['TimePicker'],
  dateRange: ['DatePicker'],
  upload: ['Upload', 'Button'],
  richText: [],
};

const optionsName = (field: FieldItem) => `${field.field}Options`;

function optionsExpr(field: FieldItem): string {
  if (field.options?.source === 'dict') return field.options.dictType ? `dicts[${str(field.options.dictType)}]` : '[]';
  return optionsName(field);
}

function controlSource(field: FieldItem): string {
  const placeholder = field.placeholder ? ` placeholder={${str(field.placeholder)}}` : '';
  const full = ` style={{ width: '100%' }}`;
  switch (field.kind) {
    case 'input':
      return `<Input${placeholder} allowClear />`;
    case 'textarea':
      return `<Input.TextArea${placeholder} rows={4} />`;
    case 'number':
      return `<InputNumber${placeholder}${full} />`;
    case 'select':
      return `<Select${placeholder} options={${optionsExpr(field)}} allowClear />`;
    case 'radio':
      return `<Radio.Group options={${optionsExpr(field)}} />`;
    case 'checkbox':
      return `<Checkbox.Group options={${optionsExpr(field)}} />`;
    case 'switch':
      return '<Switch />';
    case 'date':
      return `<DatePicker${placeholder}${full} />`;
    case 'time':
      return `<TimePicker${placeholder}${full} />`;
    case 'dateRange':
      return `<DatePicker.RangePicker${full} />`;
    case 'upload':
      // Files stay in the form value: onSubmit receives them and decides where they go.
      return `<Upload beforeUpload={() => false}>\n  <Button icon={<UploadOutlined />}>点击上传</Button>\n</Upload>`;
    case 'richText':
      return `<Editor${placeholder} />`;
  }
}

function fieldSource(field: FieldItem): string {
  const info = KINDS[field.kind];
  const props = [`label={${str(field.label)}}`, `name=${str(field.field)}`];
  if (fieldRule(field).required) props.push('required');
  props.push(`rules={[rule(${str(field.field)})]}`);
  if (info.valueProp === 'checked') props.push('valuePropName="checked"');
  if (info.valueProp === 'fileList') props.push('valuePropName="fileList"', 'getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}');
  return `<Col span={${field.span}}>\n  <Form.Item ${props.join(' ')}>\n${indent(controlSource(field), 4)}\n  </Form.Item>\n</Col>`;
}

function itemSource(item: DesignItem): string {
  if (item.kind === 'divider') return `<Col span={24}>\n  <Divider>{${str(item.label)}}</Divider>\n</Col>`;
  if (item.kind === 'row') {
    const children = item.children.map(fieldSource).join('\n');
    return `<Col span={24}>\n  <Row gutter={${item.gutter}}>\n${indent(children, 4)}\n  </Row>\n</Col>`;
  }
  return fieldSource(item);
}

/** `export const xSchema = z.object({...})`: the design's zod schema as source. */
export function generateSchema(design: FormDesign): string {
  const entries = allFields(design.items).map((f) => `  ${f.field}: ${toZodSource(fieldRule(f))},`);
  return `export const ${camel(design.name)}Schema = z.object({\n${entries.join('\n')}\n});`;
}

function initialValues(fields: FieldItem[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.field, f.defaultValue]));
}

/** A React + antd component (with its zod schema) that renders and validates the designed form. */
export function generateComponent(design: FormDesign): string {
  const fields = allFields(design.items);
  const kinds = new Set(fields.map((f) => f.kind));
  const items = design.items;
  const layoutParts = ['Form', 'Row', 'Col', 'Button'];
  if (items.some((i) => i.kind === 'divider')) layoutParts.push('Divider');
  const antd = [...new Set([...layoutParts, ...fields.flatMap((f) => ANTD_OF[f.kind])])].sort();
  const valueTypes = new Set(fields.map((f) => KINDS[f.kind].valueType));
  const usesDayjs = valueTypes.has('date') || valueTypes.has('dateRange');
  const dictTypes = [...new Set(fields.flatMap((f) => (f.options?.source === 'dict' && f.options.dictType ? [f.options.dictType] : [])))];
  const schemaName = `${camel(design.name)}Schema`;
  const valuesName = `${design.name}Values`;

  const imports = [
    `import { ${antd.join(', ')} } from 'antd';`,
    kinds.has('upload') ? `import type { UploadFile } from 'antd';\nimport { UploadOutlined } from '@ant-design/icons';` : '',
    usesDayjs ? `import dayjs, { type Dayjs } from 'dayjs';` : '',
    `import { z } from 'zod';`,
    // The project's own dictionary hook and editor: adjust the paths to where this file is placed.
    dictTypes.length ? `import { useDict } from '../../../hooks/useDict';` : '',
    kinds.has('richText') ? `import Editor from '../../../components/Editor';` : '',
  ].filter(Boolean);

  const helpers = [
    usesDayjs ? 'const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);' : '',
    valueTypes.has('html') && fields.some((f) => f.kind === 'richText' && fieldRule(f).required)
      ? `const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim() !== '';`
      : '',
  ].filter(Boolean);

  const staticOptions = fields
    .filter((f) => f.options?.source === 'static')
    .map((f) => `const ${optionsName(f)} = ${JSON.stringify(f.options?.source === 'static' ? f.options.items : [])};`);

  const body = items.map(itemSource).join('\n');
  const defaults = initialValues(fields);
  const formProps = [
    'form={form}',
    `layout="${design.layout}"`,
    design.layout === 'horizontal' ? `labelCol={{ style: { width: ${design.labelWidth} } }}` : '',
    Object.keys(defaults).length ? `initialValues={${JSON.stringify(defaults)}}` : '',
    `onFinish={(values) => onSubmit(${schemaName}.parse(values))}`,
  ].filter(Boolean);

  return `${imports.join('\n')}

${helpers.length ? `${helpers.join('\n')}\n\n` : ''}${generateSchema(design)}

export type ${valuesName} = z.infer<typeof ${schemaName}>;

/** An antd rule that checks one field against its zod schema, so the form and the schema never disagree. */
const rule = (name: keyof typeof ${schemaName}.shape) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const result = ${schemaName}.shape[name].safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0].message);
  },
});
${staticOptions.length ? `\n${staticOptions.join('\n')}\n` : ''}
export default function ${design.name}({ onSubmit }: { onSubmit: (values: ${valuesName}) => void }) {
  const [form] = Form.useForm();
${dictTypes.length ? `  const dicts = useDict(${dictTypes.map(str).join(', ')});\n` : ''}  return (
    <Form ${formProps.join(' ')}>
      <Row gutter={${design.gutter}}>
${indent(body, 8)}
      </Row>
      <Form.Item>
        <Button type="primary" htmlType="submit">提交</Button>
        <Button style={{ marginLeft: 8 }} onClick={() => form.resetFields()}>重置</Button>
      </Form.Item>
    </Form>
  );
}
`;
}
