import { z } from 'zod';
import dayjs, { type Dayjs } from 'dayjs';
import { KINDS, type ValueType } from './kinds';
import type { FieldItem } from './design';

/**
 * One field's validation, described once: the preview turns it into a zod schema (toZod) and the code
 * generator into zod source text (toZodSource), so what the preview checks is what the exported code checks.
 */
export interface FieldRule {
  valueType: ValueType;
  /** The message when the field is left empty, or undefined when it may be. */
  required?: string;
  pattern?: { source: string; message: string };
}

export function fieldRule(field: FieldItem): FieldRule {
  const info = KINDS[field.kind];
  const valueType = info.valueType ?? 'string';
  const required = field.required && valueType !== 'boolean' ? `请${info.verb ?? '输入'}${field.label}` : undefined;
  const pattern = info.pattern && field.pattern ? { source: field.pattern, message: field.patternMessage || `${field.label}格式不正确` } : undefined;
  return { valueType, required, pattern };
}

const isDayjs = (v: unknown): v is Dayjs => dayjs.isDayjs(v);
const hasText = (html: string) => html.replace(/<[^>]*>/g, '').trim() !== '';

/** The zod schema of one field's value as the antd control hands it over. */
export function toZod(rule: FieldRule): z.ZodType {
  const msg = rule.required;
  const error = msg ? { error: msg } : undefined;
  let schema: z.ZodType;
  switch (rule.valueType) {
    case 'string': {
      let s = z.string(error);
      if (msg) s = s.min(1, msg);
      if (rule.pattern) s = s.regex(new RegExp(rule.pattern.source), rule.pattern.message);
      schema = s;
      if (!msg && rule.pattern) return s.or(z.literal('')).nullish();
      break;
    }
    case 'html':
      schema = msg ? z.string(error).refine(hasText, msg) : z.string();
      break;
    case 'number':
      schema = z.number(error);
      break;
    case 'boolean':
      schema = z.boolean();
      break;
    case 'strings':
      schema = msg ? z.array(z.string(), error).min(1, msg) : z.array(z.string());
      break;
    case 'date':
      schema = z.custom<Dayjs>(isDayjs, msg);
      break;
    case 'dateRange':
      schema = z.tuple([z.custom<Dayjs>(isDayjs), z.custom<Dayjs>(isDayjs)], error);
      break;
    case 'files':
      schema = msg ? z.array(z.unknown(), error).min(1, msg) : z.array(z.unknown());
      break;
  }
  return msg ? schema : schema.nullish();
}

const str = (value: string) => JSON.stringify(value);

/** The same schema as toZod, as TypeScript source (strings escaped by JSON.stringify, so any label is safe). */
export function toZodSource(rule: FieldRule): string {
  const msg = rule.required;
  const error = msg ? `{ error: ${str(msg)} }` : '';
  const min = msg ? `.min(1, ${str(msg)})` : '';
  let source: string;
  switch (rule.valueType) {
    case 'string': {
      source = `z.string(${error})${min}`;
      if (rule.pattern) source += `.regex(new RegExp(${str(rule.pattern.source)}), ${str(rule.pattern.message)})`;
      if (!msg && rule.pattern) return `${source}.or(z.literal('')).nullish()`;
      break;
    }
    case 'html':
      source = msg ? `z.string(${error}).refine(hasText, ${str(msg)})` : 'z.string()';
      break;
    case 'number':
      source = `z.number(${error})`;
      break;
    case 'boolean':
      source = 'z.boolean()';
      break;
    case 'strings':
      source = `z.array(z.string()${error ? `, ${error}` : ''})${min}`;
      break;
    case 'date':
      source = msg ? `z.custom<Dayjs>(isDayjs, ${str(msg)})` : 'z.custom<Dayjs>(isDayjs)';
      break;
    case 'dateRange':
      source = `z.tuple([z.custom<Dayjs>(isDayjs), z.custom<Dayjs>(isDayjs)]${error ? `, ${error}` : ''})`;
      break;
    case 'files':
      source = `z.array(z.custom<UploadFile>()${error ? `, ${error}` : ''})${min}`;
      break;
  }
  return msg ? source : `${source}.nullish()`;
}

/** An antd Form rule that checks a value against a zod schema and shows its first message. */
export function zodRule(schema: z.ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0].message);
    },
  };
}
