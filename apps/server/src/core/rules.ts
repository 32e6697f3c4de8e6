import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isWireDateTime } from './time';

/**
 * @NotBlank + @Size(max) of the contract §4: missing, null, empty and whitespace-only values all get
 * the "不能为空" message; the value is kept as sent.
 */
export const requiredText = (blank: string, max: number, tooLong: string) =>
  z.string({ error: blank }).refine((v) => v.trim().length > 0, blank).max(max, tooLong);

/** An optional text column with a length limit (null clears it). */
export const optionalText = (max: number, tooLong: string) => z.string().max(max, tooLong).nullish();

const labelledString = (label: string) => z.string({ error: `${label}必须是文本` });

/**
 * A maximum length: a varchar/char column (its declared length, so a field matches its column by
 * construction) or a number (a named product limit, for text columns and lists).
 */
export type Limit = number | PgColumn;

export function maxOf(limit: Limit): number {
  if (typeof limit === 'number') return limit;
  const { length } = limit as PgColumn & { length?: number };
  if (!length) throw new Error(`column ${limit.name} has no declared length`);
  return length;
}

/** RuoYi's @Size(max) wording, e.g. 用户账号长度不能超过30个字符. */
export const tooLongMessage = (label: string, max: number) => `${label}长度不能超过${max}个字符`;

/** Text of at most `limit` characters, named by its Chinese label in both messages. */
export function boundedText(label: string, limit: Limit) {
  const max = maxOf(limit);
  return labelledString(label).max(max, tooLongMessage(label, max));
}

/** requiredText named by its label: 「<label>不能为空」 and 「<label>长度不能超过<n>个字符」. */
export function requiredBoundedText(label: string, limit: Limit) {
  const max = maxOf(limit);
  return requiredText(`${label}不能为空`, max, tooLongMessage(label, max));
}

/** A list filter (query string or export form), trimmed: longer than its column it could match nothing. */
export function filterText(label: string, limit: Limit) {
  const max = maxOf(limit);
  return labelledString(label).trim().max(max, tooLongMessage(label, max)).optional();
}

/** An array in a body, at most `max` items. */
export const boundedList = <T extends z.ZodType>(item: T, label: string, max: number) => z.array(item).max(max, `${label}不能超过${max}个`);

/** Ids picked in a tree or list (a role's menus, a user's roles): far more than any install holds. */
export const ID_LIST_MAX = 10_000;

/** The "1,2,3" id lists of the sort-saving forms (a bare number for one item): ID_LIST_MAX ids of up to 19 digits. */
export const commaList = (label: string) => z.union([boundedText(label, ID_LIST_MAX * 20), z.number()]).transform(String);

/** A keyword searched across several columns (conversations, reply rules, knowledge). */
export const KEYWORD_MAX = 100;

/**
 * A password as typed, before the password policy (PASSWORD_MIN–PASSWORD_MAX, with its own messages)
 * looks at it: only what could never be a password is refused here.
 */
export const PASSWORD_INPUT_MAX = 100;

/** @NotNull on a number (order columns such as 显示顺序). */
export const requiredNumber = (missing: string) => z.number({ error: missing }).int(missing);

/** Status columns: '0' normal, '1' disabled. */
export const statusFlag = z.enum(['0', '1'], { error: '状态只能是0或1' });

/** `yyyy-MM-dd HH:mm[:ss]` in China time, the wire format of date fields, read as an instant. */
export const wireDateTime = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .refine(isWireDateTime, `${label}格式不正确`)
    .transform((v) => {
      const [date, time = '00:00'] = v.split(/[ T]/);
      const [hour, minute, second = '00'] = time.split(':');
      return new Date(`${date}T${hour}:${minute}:${second}+08:00`);
    });

/** A calendar day; a time after it (what date pickers may send) is dropped. */
export const wireDate = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .refine(isWireDateTime, `${label}格式不正确`)
    .transform((v) => v.slice(0, 10));

/** A day searched for (yyyy-MM-dd); anything else would fail in PostgreSQL. */
export const dayFilter = (label: string) => z.string().refine(isWireDateTime, `${label}格式不正确`).optional();
