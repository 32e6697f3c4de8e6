import { isNumeric, isWholeNumber } from '../columns';
import { tsString } from '../escape';
import type { Filter } from '../filters';
import type { Column } from '../names';

/** Text a JSX attribute can hold in double quotes as is (JSX decodes entities and has no escapes). */
const PLAIN_ATTRIBUTE = /^[^"&\\<>{}\n\r]*$/;

/** A JSX attribute holding user text: quoted when that is exact, else an expression with a string literal. */
export const attr = (name: string, text: string) => (PLAIN_ATTRIBUTE.test(text) ? `${name}="${text}"` : `${name}={${tsString(text)}}`);

export const dictRef = (c: Column) => `dicts[${tsString(c.dictType)}]`;

const SEARCH_STYLE = 'style={{ width: 200 }}';

/** One field of the search bar. */
export function searchField(f: Filter): string {
  const c = f.column;
  const label = attr('label', c.label);
  if (f.range) {
    return `<Form.Item ${label} name="dateRange">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 240 }} />
        </Form.Item>`;
  }
  if (c.dictType) return `<SearchDict ${label} name="${c.field}" ${attr('placeholder', `请选择${c.label}`)} options={${dictRef(c)}} />`;
  if (isNumeric(c.type.kind)) {
    return `<Form.Item ${label} name="${c.field}">
          <InputNumber ${attr('placeholder', `请输入${c.label}`)} ${SEARCH_STYLE} />
        </Form.Item>`;
  }
  if (c.type.kind === 'bool') {
    return `<Form.Item ${label} name="${c.field}">
          <Select ${attr('placeholder', `请选择${c.label}`)} allowClear options={YES_NO} ${SEARCH_STYLE} />
        </Form.Item>`;
  }
  if (c.type.kind === 'timestamp' || c.type.kind === 'date') {
    return `<Form.Item ${label} name="${c.field}" {...dayField}>
          <DatePicker ${attr('placeholder', `请选择${c.label}`)} ${SEARCH_STYLE} />
        </Form.Item>`;
  }
  return `<SearchText ${label} name="${c.field}" />`;
}

const requiredRule = (c: Column) => (c.isRequired ? ` rules={[{ required: true, message: ${tsString(`${c.label}不能为空`)} }]}` : '');

/** The input of a column, without its Form.Item. */
export function control(c: Column, withPlaceholder: boolean): string {
  const ph = (verb: string) => (withPlaceholder ? ` ${attr('placeholder', `${verb}${c.label}`)}` : '');
  if (c.type.kind === 'bool') return '<Switch />';
  if (isNumeric(c.type.kind)) return `<InputNumber${ph('请输入')}${isWholeNumber(c.type.kind) ? ' precision={0}' : ''} style={{ width: '100%' }} />`;
  if (c.type.kind === 'timestamp') return `<DatePicker showTime${ph('请选择')} style={{ width: '100%' }} />`;
  if (c.type.kind === 'date') return `<DatePicker${ph('请选择')} style={{ width: '100%' }} />`;
  const max = c.type.length ? ` maxLength={${c.type.length}}` : '';
  if (c.dictType && c.htmlType === 'select') return `<Select${ph('请选择')} allowClear options={dictChoices(${dictRef(c)})} />`;
  if (c.dictType && c.htmlType === 'radio') return `<Radio.Group options={dictChoices(${dictRef(c)})} />`;
  if (c.dictType && c.htmlType === 'checkbox') return `<Checkbox.Group options={dictChoices(${dictRef(c)})} />`;
  if (c.htmlType === 'textarea') return `<Input.TextArea${ph('请输入')}${max} />`;
  if (c.htmlType === 'imageUpload') return '<ImageUpload />';
  if (c.htmlType === 'fileUpload') return '<FileUpload />';
  if (c.htmlType === 'editor') return '<Editor minHeight={192} />';
  return `<Input${ph('请输入')}${max} />`;
}

/** Form.Item props that convert the stored value for the control (switch, pickers, checkboxes). */
function valueProps(c: Column): string {
  if (c.type.kind === 'bool') return ' valuePropName="checked"';
  if (c.type.kind === 'timestamp') return ' {...dateTimeField}';
  if (c.type.kind === 'date') return ' {...dayField}';
  if (c.dictType && c.htmlType === 'checkbox') return ' {...listField}';
  return '';
}

/**
 * One field of the add/edit dialog, its first line unindented and the others at `indent` spaces.
 * `name` is a field name or a Form.List path expression.
 */
export function formItem(c: Column, indent: number, name = `"${c.field}"`, labelled = true): string {
  const label = labelled ? ` ${attr('label', c.label)}` : ` ${attr('aria-label', c.label)}`;
  const nameAttr = name.startsWith('"') ? `name=${name}` : `name={${name}}`;
  const pad = ' '.repeat(indent);
  return `<Form.Item${label} ${nameAttr}${requiredRule(c)}${valueProps(c)}>
${pad}  ${control(c, true)}
${pad}</Form.Item>`;
}

/** Text as a JSX child: as is when nothing in it is JSX syntax, else an expression with a string literal. */
export const jsxText = (text: string) => (/^[^{}<>&]*$/.test(text) ? text : `{${tsString(text)}}`);

const HELPERS: Record<string, string> = {
  dateTimeField: `/** A date-time field: the wire string in the form's values, a Dayjs in the picker. */
const dateTimeField = {
  getValueProps: (v?: string | null) => ({ value: v ? dayjs(v) : undefined }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD HH:mm:ss') : null),
};`,
  dayField: `/** A day field: yyyy-MM-dd in the values, a Dayjs in the picker. */
const dayField = {
  getValueProps: (v?: string | null) => ({ value: v ? dayjs(v) : undefined }),
  normalize: (d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined),
};`,
  listField: `/** Several dictionary values kept as one comma-joined text. */
const listField = {
  getValueProps: (v?: string | null) => ({ value: v ? v.split(',') : [] }),
  normalize: (v: string[]) => v.join(','),
};`,
  YES_NO: `const YES_NO = [
  { value: true, label: '是' },
  { value: false, label: '否' },
];`,
};

/** The module-level helpers the page body refers to. */
export function fieldHelpers(body: string): string {
  return Object.entries(HELPERS)
    .filter(([name]) => new RegExp(`\\b${name}\\b`).test(body))
    .map(([, code]) => code)
    .join('\n\n');
}
