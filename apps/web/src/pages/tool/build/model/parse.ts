import { z } from 'zod';
import { FIELD_KINDS, KINDS, isItemKind } from './kinds';
import { allFields, type FormDesign } from './design';

/** Imported designs come from files and localStorage, so from anyone: bounded before and while parsing. */
export const LIMITS = {
  bytes: 256 * 1024,
  /** design → items → row → children → field → options → items → option */
  depth: 8,
  items: 200,
  options: 100,
  text: 100,
  pattern: 500,
};

const text = (what: string, max = LIMITS.text) =>
  z.string({ error: `${what}必须是文本` }).max(max, `${what}不能超过 ${max} 个字符`);

/** Field names become identifiers and object keys of the generated code. */
export const FIELD_NAME = /^[A-Za-z_$][\w$]*$/;
/** The component name becomes a function name in the generated code. */
export const COMPONENT_NAME = /^[A-Z][A-Za-z0-9_]*$/;

const id = text('组件编号', 64).min(1, '组件编号不能为空');

const option = z.object({ label: text('选项名').min(1, '选项名不能为空'), value: text('选项值') });

const options = z.discriminatedUnion(
  'source',
  [
    z.object({ source: z.literal('static'), items: z.array(option).max(LIMITS.options, `选项不能超过 ${LIMITS.options} 个`) }),
    z.object({ source: z.literal('dict'), dictType: text('字典类型').regex(/^([a-z][a-z0-9_]*)?$/, '字典类型只能由小写字母、数字和下划线组成') }),
  ],
  { error: '选项来源只能是静态选项或字典' },
);

function validPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

const field = z
  .object({
    id,
    kind: z.enum(FIELD_KINDS),
    label: text('标题'),
    field: text('字段名', 64).regex(FIELD_NAME, '字段名须以字母、下划线或 $ 开头，只含字母、数字、下划线或 $'),
    placeholder: text('占位提示'),
    span: z.number({ error: '表单栅格必须是数字' }).int('表单栅格必须是整数').min(1, '表单栅格最小为 1').max(24, '表单栅格最大为 24'),
    required: z.boolean({ error: '是否必填必须是布尔值' }),
    pattern: text('正则表达式', LIMITS.pattern).refine(validPattern, '正则表达式无效'),
    patternMessage: text('校验提示'),
    defaultValue: z.union([text('默认值', 1000), z.number(), z.boolean(), z.array(text('默认值')).max(LIMITS.options)]).optional(),
    options: options.optional(),
  })
  .superRefine((f, ctx) => {
    const info = KINDS[f.kind];
    if (info.options && !f.options) ctx.addIssue({ code: 'custom', message: `${info.label}缺少选项`, path: ['options'] });
    if (f.pattern && !info.pattern) ctx.addIssue({ code: 'custom', message: `${info.label}不支持正则校验`, path: ['pattern'] });
    if (f.defaultValue !== undefined && !defaultFits(info.valueType, f.defaultValue))
      ctx.addIssue({ code: 'custom', message: `${info.label}的默认值类型不符`, path: ['defaultValue'] });
  });

function defaultFits(valueType: string | undefined, value: unknown): boolean {
  if (valueType === 'string' || valueType === 'html') return typeof value === 'string';
  if (valueType === 'number') return typeof value === 'number';
  if (valueType === 'boolean') return typeof value === 'boolean';
  if (valueType === 'strings') return Array.isArray(value);
  return false;
}

const divider = z.object({ id, kind: z.literal('divider'), label: text('分割线文字') });
const row = z.object({
  id,
  kind: z.literal('row'),
  gutter: z.number({ error: '栅格间隔必须是数字' }).int().min(0, '栅格间隔不能小于 0').max(48, '栅格间隔不能大于 48'),
  children: z.array(field).max(24, '一行最多 24 个组件'),
});

const designSchema = z
  .object({
    version: z.literal(1, { error: '不支持的设计文件版本' }),
    name: text('表单名', 64).regex(COMPONENT_NAME, '表单名须以大写字母开头，只含字母、数字和下划线'),
    layout: z.enum(['horizontal', 'vertical'], { error: '标签位置只能是左侧或顶部' }),
    labelWidth: z.number({ error: '标签宽度必须是数字' }).int().min(0, '标签宽度不能小于 0').max(400, '标签宽度不能大于 400'),
    gutter: z.number({ error: '栅格间隔必须是数字' }).int().min(0, '栅格间隔不能小于 0').max(48, '栅格间隔不能大于 48'),
    items: z.array(z.union([field, divider, row])).max(LIMITS.items, `组件不能超过 ${LIMITS.items} 个`),
  })
  .superRefine((d, ctx) => {
    const fields = allFields(d.items as FormDesign['items']);
    if (fields.length + d.items.length > LIMITS.items) ctx.addIssue({ code: 'custom', message: `组件不能超过 ${LIMITS.items} 个`, path: ['items'] });
    const seen = new Set<string>();
    for (const f of fields) {
      if (seen.has(f.field)) ctx.addIssue({ code: 'custom', message: `字段名重复：${f.field}`, path: ['items'] });
      seen.add(f.field);
    }
    const ids = new Set<string>();
    for (const id of d.items.flatMap((i): string[] => (i.kind === 'row' ? [i.id, ...i.children.map((c) => c.id)] : [i.id]))) {
      if (ids.has(id)) ctx.addIssue({ code: 'custom', message: `组件编号重复：${id}`, path: ['items'] });
      ids.add(id);
    }
  });

export type ParseResult = { ok: true; design: FormDesign } | { ok: false; error: string };

const fail = (error: string): ParseResult => ({ ok: false, error: `导入失败：${error}` });

function depthOf(value: unknown, limit: number): number {
  if (value === null || typeof value !== 'object') return 0;
  if (limit <= 0) return 1;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, limit - 1));
  return deepest + 1;
}

/** The first unknown component type anywhere in the items, named before zod's generic union message. */
function unknownKind(value: unknown): string | undefined {
  const items = (value as { items?: unknown })?.items;
  if (!Array.isArray(items)) return undefined;
  for (const item of items) {
    const kind = (item as { kind?: unknown })?.kind;
    if (!isItemKind(kind)) return String(kind);
    const nested = kind === 'row' ? unknownKind({ items: (item as { children?: unknown }).children }) : undefined;
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/** Where an issue is, in words: `第 2 个组件（行内第 1 个）：`. */
function where(path: PropertyKey[]): string {
  const [top, index, nested, childIndex] = path;
  if (top !== 'items' || typeof index !== 'number') return '';
  const inRow = nested === 'children' && typeof childIndex === 'number' ? `（行内第 ${childIndex + 1} 个）` : '';
  return `第 ${index + 1} 个组件${inRow}：`;
}

/** Reads a design JSON text (a file, the clipboard, localStorage) with every limit and a Chinese reason on refusal. */
export function parseDesign(text: string): ParseResult {
  if (new Blob([text]).size > LIMITS.bytes) return fail(`文件不能超过 ${LIMITS.bytes / 1024} KB`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('不是有效的 JSON');
  }
  return checkDesign(value);
}

/** Validates an already parsed value (see parseDesign). */
export function checkDesign(value: unknown): ParseResult {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail('内容不是表单设计');
  if (depthOf(value, LIMITS.depth) > LIMITS.depth) return fail(`嵌套层级不能超过 ${LIMITS.depth} 层`);
  const kind = unknownKind(value);
  if (kind !== undefined) return fail(`不支持的组件类型：${kind.slice(0, LIMITS.text)}`);
  const parsed = designSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(`${where(issue.path)}${issue.message}`);
  }
  return { ok: true, design: parsed.data as FormDesign };
}

export const serializeDesign = (design: FormDesign): string => JSON.stringify(design, null, 2);
