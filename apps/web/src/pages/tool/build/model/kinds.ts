/** What a form field holds once filled in: decides its zod type, its default-value editor and its control. */
export type ValueType = 'string' | 'number' | 'boolean' | 'strings' | 'date' | 'dateRange' | 'files' | 'html';

export const FIELD_KINDS = [
  'input',
  'textarea',
  'number',
  'select',
  'radio',
  'checkbox',
  'switch',
  'date',
  'time',
  'dateRange',
  'upload',
  'richText',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
export type LayoutKind = 'divider' | 'row';
export type ItemKind = FieldKind | LayoutKind;

export interface KindInfo {
  label: string;
  group: 'input' | 'choice' | 'layout';
  valueType?: ValueType;
  /** Picks from a list of options (static or a dictionary type). */
  options?: boolean;
  /** Takes a regular-expression rule (text values only). */
  pattern?: boolean;
  /** Shows a placeholder text. */
  placeholder?: boolean;
  /** The control's value prop when it is not `value` (Form.Item valuePropName). */
  valueProp?: 'checked' | 'fileList';
  /** The verb of its required message: 请输入… or 请选择… or 请上传…. */
  verb?: '输入' | '选择' | '上传';
}

export const KINDS: Record<ItemKind, KindInfo> = {
  input: { label: '单行文本', group: 'input', valueType: 'string', pattern: true, placeholder: true },
  textarea: { label: '多行文本', group: 'input', valueType: 'string', pattern: true, placeholder: true },
  number: { label: '计数器', group: 'input', valueType: 'number', placeholder: true },
  richText: { label: '富文本', group: 'input', valueType: 'html', placeholder: true },
  select: { label: '下拉选择', group: 'choice', valueType: 'string', options: true, placeholder: true, verb: '选择' },
  radio: { label: '单选框组', group: 'choice', valueType: 'string', options: true, verb: '选择' },
  checkbox: { label: '多选框组', group: 'choice', valueType: 'strings', options: true, verb: '选择' },
  switch: { label: '开关', group: 'choice', valueType: 'boolean', valueProp: 'checked' },
  date: { label: '日期选择', group: 'choice', valueType: 'date', placeholder: true, verb: '选择' },
  time: { label: '时间选择', group: 'choice', valueType: 'date', placeholder: true, verb: '选择' },
  dateRange: { label: '日期范围', group: 'choice', valueType: 'dateRange', verb: '选择' },
  upload: { label: '上传', group: 'choice', valueType: 'files', valueProp: 'fileList', verb: '上传' },
  divider: { label: '分割线', group: 'layout' },
  row: { label: '行容器', group: 'layout' },
};

export const GROUPS: { key: KindInfo['group']; title: string }[] = [
  { key: 'input', title: '输入型组件' },
  { key: 'choice', title: '选择型组件' },
  { key: 'layout', title: '布局型组件' },
];

export const isItemKind = (kind: unknown): kind is ItemKind => typeof kind === 'string' && Object.hasOwn(KINDS, kind);
export const isFieldKind = (kind: ItemKind): kind is FieldKind => kind !== 'divider' && kind !== 'row';
