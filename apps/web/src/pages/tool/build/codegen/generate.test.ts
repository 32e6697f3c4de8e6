import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createItem, emptyDesign, updateItem, type FieldItem, type FormDesign } from '../model/design';
import { fieldRule, toZod } from '../model/rules';
import { generateComponent, generateSchema } from './generate';

function design(): FormDesign {
  let d: FormDesign = { ...emptyDesign(), name: 'ContactForm' };
  for (const kind of ['input', 'number', 'checkbox', 'select'] as const) d = { ...d, items: [...d.items, createItem(kind, d)] };
  const [phone, age, tags, sex] = d.items as FieldItem[];
  let items = updateItem(d.items, phone.id, { label: '手机号', field: 'phone', required: true, pattern: '^1\\d{10}$', patternMessage: '请输入 11 位手机号' });
  items = updateItem(items, age.id, { label: '年龄', field: 'age' });
  items = updateItem(items, tags.id, { label: '标签', field: 'tags', required: true, defaultValue: ['1'] });
  items = updateItem(items, sex.id, { label: '性别"</x>', field: 'sex', options: { source: 'dict', dictType: 'sys_user_sex' } });
  return { ...d, items };
}

/** The generated schema source, run: it has no TypeScript-only syntax for these kinds. */
function runSchema(source: string): z.ZodObject {
  const js = source.replace(/^export /, '');
  return new Function('z', `${js}\nreturn contactFormSchema;`)(z) as z.ZodObject;
}

describe('code generation', () => {
  it('writes a component with every field, its label, options source and the default values', () => {
    const code = generateComponent(design());
    expect(code).toContain('export default function ContactForm(');
    expect(code).toContain("import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select } from 'antd';");
    for (const name of ['phone', 'age', 'tags', 'sex']) expect(code).toContain(`name="${name}"`);
    expect(code).toContain('label={"手机号"}');
    expect(code).toContain('label={"性别\\"</x>"}');
    expect(code).toContain('const dicts = useDict("sys_user_sex");');
    expect(code).toContain('options={dicts["sys_user_sex"]}');
    expect(code).toContain('const tagsOptions = [{"label":"选项一","value":"1"},{"label":"选项二","value":"2"}];');
    expect(code).toContain('initialValues={{"tags":["1"]}}');
    expect(code).toContain('onFinish={(values) => onSubmit(contactFormSchema.parse(values))}');
  });

  it('writes a zod schema that requires and pattern-checks like the designer says', () => {
    const source = generateSchema(design());
    expect(source).toContain('phone: z.string({ error: "请输入手机号" }).min(1, "请输入手机号").regex(new RegExp("^1\\\\d{10}$"), "请输入 11 位手机号"),');
    const schema = runSchema(source);
    const ok = { phone: '13800138000', age: null, tags: ['1'], sex: undefined };
    expect(schema.safeParse(ok).success).toBe(true);
    const messages = (value: object) => schema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages({ ...ok, phone: '' })).toContain('请输入手机号');
    expect(messages({ ...ok, phone: '12345' })).toEqual(['请输入 11 位手机号']);
    expect(messages({ ...ok, tags: [] })).toEqual(['请选择标签']);
    expect(messages({ ...ok, age: 'x' })?.length).toBe(1);
  });

  it('checks in the preview exactly what the generated schema checks', () => {
    const d = design();
    const generated = runSchema(generateSchema(d));
    const fields = d.items as FieldItem[];
    for (const value of ['', '13800138000', '1380013800x', undefined, null]) {
      const preview = toZod(fieldRule(fields[0])).safeParse(value).success;
      expect(generated.shape.phone.safeParse(value).success).toBe(preview);
    }
  });

  it('accepts an empty optional text with a pattern, but not a wrong one', () => {
    const field = { ...(createItem('input', emptyDesign()) as FieldItem), pattern: '^\\d+$' };
    const schema = toZod(fieldRule(field));
    expect(schema.safeParse('').success).toBe(true);
    expect(schema.safeParse(undefined).success).toBe(true);
    expect(schema.safeParse('abc').success).toBe(false);
  });
});
